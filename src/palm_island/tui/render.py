"""Provides the Rich text for cards, costs, stored cards and events.

Every resource is drawn with a glyph *and* a letter (W/F/S) as well as a colour,
so the game never depends on colour alone (NO_COLOR, colour blindness, screen
readers); the glyph sets are in :mod:`.glyphs`.
Nothing here imports Textual: these are pure functions of engine values.
"""

from __future__ import annotations

from typing import Final

from rich.cells import cell_len
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
from ..i18n import _, card_spec_name, ngettext, pgettext
from .glyphs import RESOURCE_NAMES, RESOURCE_STYLES, STAR_STYLE, UPGRADE_STYLE, Glyphs
from .styled import styled

KIND_KEYS: Final = {"store": "s", "rotate": "r", "flip": "f"}


def resources(amount: Resources, g: Glyphs, *, empty: str | None = None) -> Text:
    """``2♣W 1≈F`` with each resource in its colour; ``empty`` (default "nothing")
    for none."""
    text = Text()
    for name, n in zip(RESOURCE_NAMES, amount, strict=True):
        if n:
            if text:
                text.append(" ")
            text.append(f"{n}{g.resource(name)}", style=RESOURCE_STYLES[name])
    return text if text else Text(_("nothing") if empty is None else empty, style="dim")


def cost(action: Action, g: Glyphs) -> Text:
    """The cost as printed: ``free``, ``1♣W 1≈F`` (all of them) or ``1♣W / 1≈F`` (R17)."""
    if action.free:
        return Text(pgettext("cost", "free"))
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
    alternatives = [resources(one, g) for one in ((lack,) if isinstance(lack, Resources) else lack)]
    text = alternatives[0]
    for other in alternatives[1:]:
        text = styled(pgettext("alternatives", "{first} or {second}"), first=text, second=other)
    return text


def shortfall(lack: Resources | tuple[Resources, ...] | None, g: Glyphs) -> str:
    """Why a printed action cannot be paid, from :func:`missing`: ``needs 1♣W 2▲S``,
    ``needs 1♣W or 1≈F``, in the same words as costs are printed."""
    if lack is None:
        return _("not possible now")
    return _("needs {resources}").format(resources=lacking_text(lack, g).plain)


def stored_places(state: GameState) -> tuple[tuple[int, DeckCard], ...]:
    """Each stored card and its place in the deck (1 = the top), top first.

    Stored cards stick out of the deck (R9), so where they lie is in plain view;
    the first one listed comes back to the top first (R21).
    """
    return tuple((place, card) for place, card in enumerate(state.cards, 1) if card.stored)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … ``11th``, ``12th``, ``13th`` (a place in
    the deck: Spanish ``1.ª``, for *carta*)."""
    last = 0 if 10 <= n % 100 <= 20 else n % 10
    if last == 1:
        form = pgettext("ordinal", "{n}st")
    elif last == 2:
        form = pgettext("ordinal", "{n}nd")
    elif last == 3:
        form = pgettext("ordinal", "{n}rd")
    else:
        form = pgettext("ordinal", "{n}th")
    return form.format(n=n)


def orientation_name(orientation: Orientation, g: Glyphs) -> str:
    """``front ↑`` …: which side faces up and which way round."""
    front = orientation in (Orientation.FRONT_UP, Orientation.FRONT_DOWN)
    side = pgettext("side", "front") if front else pgettext("side", "back")
    turned = g.up if orientation in (Orientation.FRONT_UP, Orientation.BACK_UP) else g.down
    return f"{side} {turned}"


def face_summary(face: Face, g: Glyphs, *, holds: bool = True) -> Text:
    """Stars, upgrade icons and (unless ``holds`` is off) what the face holds when
    stored, on one line."""
    text = Text()
    text.append(f"{g.star}{face.stars}", style=STAR_STYLE)
    text.append(" ")
    text.append(f"{g.upgrade}{face.upgrades}", style=UPGRADE_STYLE)
    if holds and any(face.yields):
        text.append("  ")
        text.append_text(styled(_("holds {resources}"), resources=resources(face.yields, g)))
    elif holds:  # a sentence of its own: a language may say it in one word
        text.append("  ")
        text.append(_("holds nothing"), style="dim")
    return text


def face_actions(face: Face, g: Glyphs) -> Text:
    """The actions printed on a face, compactly: ``S free · R 1≈F``."""
    if not face.actions:
        return Text(_("no actions"), style="dim")
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
    names = [orientation_name(face.orientation, g) for face in spec.faces]
    width = max(8, *(cell_len(name) for name in names))
    for i, face in enumerate(spec.faces):
        if i:
            text.append("\n")
        name = names[i]
        text.append(f"{indent}{name}{' ' * (width - cell_len(name))} ")
        text.append_text(face_summary(face, g))
        text.append("  ")
        text.append_text(face_actions(face, g))
    return text


def resource_name(name: str) -> str:
    """A resource's name (``wood``, ``fish``, ``stone``) in the player's language."""
    names = {
        "wood": pgettext("resource", "wood"),
        "fish": pgettext("resource", "fish"),
        "stone": pgettext("resource", "stone"),
    }
    return names.get(name, name)


def action_name(kind: str) -> str:
    """An action's name (``store``, ``rotate``, ``flip``, ``discard``) in the
    player's language; records and notation keep the English."""
    names = {
        "store": pgettext("action", "store"),
        "rotate": pgettext("action", "rotate"),
        "flip": pgettext("action", "flip"),
        "discard": pgettext("action", "discard"),
    }
    return names.get(kind, kind)


def card_title(card: DeckCard) -> str:
    """``Canoe House CH1``: the card's name in the player's language, its code."""
    return f"{card_spec_name(card.code, card.spec.name)} {card.code}"


def tracker_rounds(card: DeckCard) -> str:
    """``shows rounds 4/8 (END)``: the card's title already says it is the tracker."""
    return _("shows rounds {rounds}").format(rounds=card.face.label)


def peek_text(view: CardView, g: Glyphs) -> Text:
    """R18: the other side's two halves, and where a rotate or flip would lead."""
    card = view.card
    text = Text()
    text.append(f"{card_title(card)}", style="bold")
    now = _("now {orientation}").format(orientation=orientation_name(card.orientation, g))
    text.append(f" {g.dash} {now}\n\n")
    # a flip keeps the top edge on top (R11): the half on top after it is the upper one
    upper, lower = sorted(view.other_side, key=lambda f: f.orientation != card.orientation.flipped)
    for label, face in ((_("Other side, upper half"), upper), (_("Other side, lower half"), lower)):
        _face_block(text, label, face, g)
    if view.rotates_to is not None:
        _face_block(text, _("After a rotate"), view.rotates_to, g)
    if view.flips_to is not None:
        _face_block(text, _("After a flip"), view.flips_to, g)
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
        move = describe_move(event.move, event.card)
        return _("Turn {turn}: {move}").format(turn=event.turn, move=move)
    if isinstance(event, StoredCardReturned):  # R21
        returned = _("{card} came to the top while stored: returned, resources lost")
        return "  " + returned.format(card=event.card)
    if isinstance(event, RoundEnded):  # R22
        return "  " + _("Round {round} ended").format(round=event.round)
    if isinstance(event, GameEnded):  # R25
        over = ngettext("Game over: {score} star", "Game over: {score} stars", event.score)
        return "  " + over.format(score=event.score)
    raise TypeError(event)  # pragma: no cover - Event is a closed union


def describe_move(move: Move, code: str) -> str:
    """``rotate CH2 (card 2), paid with LG1`` — a move in words, for logs and modals."""
    if move.kind == "discard":
        return _("discard {code} to the back").format(code=code)
    kinds = {
        "store": _("store {code} (card {card})"),
        "rotate": _("rotate {code} (card {card})"),
        "flip": _("flip {code} (card {card})"),
    }
    played = kinds[move.kind].format(code=code, card=move.card)
    return ", ".join([played, *move_details(move)])


def move_words(move: Move) -> str:
    """``rotate card 2, pay CH1+LG2``: a move in words where the cards' codes are not
    at hand (a hint, the analysis). Not the game notation (``R2 pay CH1+LG2``), whose
    ``R2`` a player would read as a code, not as "rotate card 2"."""
    if move.kind == "discard":
        return _("discard card 1")
    kinds = {
        "store": _("store card {card}"),
        "rotate": _("rotate card {card}"),
        "flip": _("flip card {card}"),
    }
    words = [kinds[move.kind].format(card=move.card)]
    if move.pay:
        words.append(_("pay {cards}").format(cards="+".join(move.pay)))
    if move.release:
        words.append(_("release {card}").format(card=move.release))
    return ", ".join(words)


def move_details(move: Move) -> list[str]:
    """How a move pays and which stored card it releases, in words (may be empty)."""
    details = []
    if move.pay:
        details.append(_("paid with {cards}").format(cards=" + ".join(move.pay)))
    if move.release:
        details.append(_("releasing {card} first").format(card=move.release))
    return details
