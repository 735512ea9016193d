"""Provides the Rich text for cards, costs, stored cards and events.

Every resource is drawn with a glyph *and* a letter (W/F/S) as well as a colour,
so the game never depends on colour alone (NO_COLOR, colour blindness, screen
readers); the glyph sets are in :mod:`.glyphs`.
Nothing here imports Textual: these are pure functions of engine values.
"""

from __future__ import annotations

from typing import Final

from rich.text import Text

from ..engine import (
    Action,
    CardSpec,
    CardView,
    DeckCard,
    Event,
    Face,
    GameEnded,
    GameState,
    Move,
    MovePlayed,
    Orientation,
    Resources,
    RoundEnded,
    StoredCardReturned,
)
from .glyphs import RESOURCE_NAMES, RESOURCE_STYLES, STAR_STYLE, UPGRADE_STYLE, Glyphs

KIND_KEYS: Final = {"store": "s", "rotate": "r", "flip": "f"}


def resources(amount: Resources, g: Glyphs, *, empty: str = "nothing") -> Text:
    """``2♣W 1≈F`` with each resource in its colour."""
    text = Text()
    for name, n in zip(RESOURCE_NAMES, amount, strict=True):
        if n:
            if text:
                text.append(" ")
            text.append(f"{n}{g.resource(name)}", style=RESOURCE_STYLES[name])
    return text if text else Text(empty, style="dim")


def cost(action: Action, g: Glyphs) -> Text:
    """The cost as printed: ``free``, ``1♣W 1≈F`` (all of them) or ``1♣W / 1≈F`` (R17)."""
    if action.free:
        return Text("free")
    text = Text()
    for i, alternative in enumerate(action.cost):
        if i:
            text.append(" / ", style="bold")
        text.append_text(resources(alternative, g))
    return text


def missing(action: Action, stored_total: Resources) -> tuple[Resources, ...] | None:
    """What the stored cards lack for each alternative of the cost (``1♣W / 1≈F``
    lacks one or the other), nearest first; ``None`` when nothing is lacking (the
    action is impossible for another reason)."""
    lacks: list[Resources] = []
    for alternative in action.cost:
        lack = Resources(*(max(0, c - h) for c, h in zip(alternative, stored_total, strict=True)))
        if not lack.total:
            return None
        if lack not in lacks:
            lacks.append(lack)
    return tuple(sorted(lacks, key=lambda lack: lack.total)) or None


def lacking_text(lack: Resources | tuple[Resources, ...], g: Glyphs) -> Text:
    """``1♣W or 1≈F``: what is lacking, every alternative of the cost."""
    text = Text()
    for i, one in enumerate((lack,) if isinstance(lack, Resources) else lack):
        if i:
            text.append(" or ")
        text.append_text(resources(one, g))
    return text


def shortfall(lack: Resources | tuple[Resources, ...] | None, g: Glyphs) -> str:
    """Why a printed action cannot be paid, from :func:`missing`: ``needs 1♣W 2▲S``,
    ``needs 1♣W or 1≈F``, in the same words as costs are printed."""
    if lack is None:
        return "not possible now"
    return "needs " + lacking_text(lack, g).plain


def stored_places(state: GameState) -> tuple[tuple[int, DeckCard], ...]:
    """Each stored card and its place in the deck (1 = the top), top first.

    Stored cards stick out of the deck (R9), so where they lie is in plain view;
    the first one listed comes back to the top first (R21).
    """
    return tuple((place, card) for place, card in enumerate(state.cards, 1) if card.stored)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … ``11th``, ``12th``, ``13th``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def orientation_name(orientation: Orientation, g: Glyphs) -> str:
    """``front ↑`` …: which side faces up and which way round."""
    side = "front" if orientation in (Orientation.FRONT_UP, Orientation.FRONT_DOWN) else "back"
    turned = g.up if orientation in (Orientation.FRONT_UP, Orientation.BACK_UP) else g.down
    return f"{side} {turned}"


def face_summary(face: Face, g: Glyphs, *, holds: bool = True) -> Text:
    """Stars, upgrade icons and (unless ``holds`` is off) what the face holds when
    stored, on one line."""
    text = Text()
    text.append(f"{g.star}{face.stars}", style=STAR_STYLE)
    text.append(" ")
    text.append(f"{g.upgrade}{face.upgrades}", style=UPGRADE_STYLE)
    if holds:
        text.append("  holds ")
        text.append_text(resources(face.yields, g))
    return text


def face_actions(face: Face, g: Glyphs) -> Text:
    """The actions printed on a face, compactly: ``S free · R 1≈F``."""
    if not face.actions:
        return Text("no actions", style="dim")
    text = Text()
    for i, action in enumerate(face.actions):
        if i:
            text.append(f" {g.sep} ")
        text.append(f"{KIND_KEYS[action.kind].upper()} ", style="bold")
        text.append_text(cost(action, g))
    return text


def card_faces(spec: CardSpec, g: Glyphs, *, indent: str = "") -> Text:
    """What a card does, a line per face in its printed order: ``front ↑  ★0 ⇧0
    holds 1♣W  S free · R 1≈F`` (the feats screen and the new game dialog)."""
    text = Text()
    for i, face in enumerate(spec.faces):
        if i:
            text.append("\n")
        text.append(f"{indent}{orientation_name(face.orientation, g):<8} ")
        text.append_text(face_summary(face, g))
        text.append("  ")
        text.append_text(face_actions(face, g))
    return text


def card_title(card: DeckCard) -> str:
    return f"{card.spec.name} {card.code}"


def tracker_rounds(card: DeckCard) -> str:
    """``shows rounds 4/8 (END)``: the card's title already says it is the tracker."""
    return f"shows rounds {card.face.label}"


def peek_text(view: CardView, g: Glyphs) -> Text:
    """R18: the other side's two halves, and where a rotate or flip would lead."""
    card = view.card
    text = Text()
    text.append(f"{card_title(card)}", style="bold")
    text.append(f" {g.dash} now {orientation_name(card.orientation, g)}\n\n")
    # a flip keeps the top edge on top (R11): the half on top after it is the upper one
    upper, lower = sorted(view.other_side, key=lambda f: f.orientation != card.orientation.flipped)
    for label, face in (("Other side, upper half", upper), ("Other side, lower half", lower)):
        _face_block(text, label, face, g)
    if view.rotates_to is not None:
        _face_block(text, "After a rotate", view.rotates_to, g)
    if view.flips_to is not None:
        _face_block(text, "After a flip", view.flips_to, g)
    return text


def _face_block(text: Text, label: str, face: Face, g: Glyphs) -> None:
    text.append(f"{label} ({orientation_name(face.orientation, g)})\n", style="bold underline")
    text.append("  ")
    text.append_text(face_summary(face, g))
    text.append("\n  ")
    text.append_text(face_actions(face, g))
    text.append("\n\n")


def event_line(event: Event) -> str:
    """One plain-text log line per event (read aloud by screen readers as is)."""
    if isinstance(event, MovePlayed):
        return f"Turn {event.turn}: {describe_move(event.move, event.card)}"
    if isinstance(event, StoredCardReturned):  # R21
        return f"  {event.card} came to the top while stored: returned, resources lost"
    if isinstance(event, RoundEnded):  # R22
        return f"  Round {event.round} ended"
    if isinstance(event, GameEnded):  # R25
        return f"  Game over: {event.score} stars"
    raise TypeError(event)  # pragma: no cover - Event is a closed union


def describe_move(move: Move, code: str) -> str:
    """``rotate CH2 (card 2), paid with LG1`` — a move in words, for logs and modals."""
    if move.kind == "discard":
        return f"discard {code} to the back"
    return ", ".join([f"{move.kind} {code} (card {move.card})", *move_details(move)])


def move_words(move: Move) -> str:
    """``rotate card 2, pay CH1+LG2``: a move in words where the cards' codes are not
    at hand (a hint, the analysis). Not the game notation (``R2 pay CH1+LG2``), whose
    ``R2`` a player would read as a code, not as "rotate card 2"."""
    if move.kind == "discard":
        return "discard card 1"
    words = [f"{move.kind} card {move.card}"]
    if move.pay:
        words.append(f"pay {'+'.join(move.pay)}")
    if move.release:
        words.append(f"release {move.release}")
    return ", ".join(words)


def move_details(move: Move) -> list[str]:
    """How a move pays and which stored card it releases, in words (may be empty)."""
    details = []
    if move.pay:
        details.append(f"paid with {' + '.join(move.pay)}")
    if move.release:
        details.append(f"releasing {move.release} first")
    return details
