"""Provides what the player can do with card 1 and card 2, asked of the engine.

For each action printed on a card this pairs the engine's legal moves of that
kind (several when there is a choice of payment or of the card to release, R20)
with a reason when there are none ("needs 1▲S"). The UI never builds a move:
it offers exactly these. Pure: no Textual here.
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine import Action, GameState, Move, Resources, card_blocked, legal_moves
from ..i18n import N_, _
from .glyphs import UNICODE, Glyphs
from .render import action_name, missing, shortfall, stored_places

BLOCKED_NOTES = {
    "game_over": N_("the game is over"),
    "round_tracker": N_("round tracker: no actions"),
    "stored": N_("stored card: no actions"),
}
"""The engine's reasons a card offers no action (:func:`card_blocked`), in the game's words."""


class ActionOption(NamedTuple):
    """One printed action of card 1 or 2 and the legal moves that perform it."""

    card: int
    action: Action
    moves: tuple[Move, ...]
    """Empty when the action cannot be done now; then :attr:`reason` says why."""
    reason: str | None
    lacking: tuple[Resources, ...] | None = None
    """What the stored cards lack for it (for each alternative of its cost), when
    that is the reason."""

    @property
    def kind(self) -> str:
        return self.action.kind

    @property
    def legal(self) -> bool:
        return bool(self.moves)


def card_options(state: GameState, card: int) -> tuple[tuple[ActionOption, ...], str | None]:
    """The options for ``card`` (1 or 2), and a note when the card offers none.

    The note is the engine's reason (:func:`~palm_island.engine.card_blocked`) in the
    game's words: the game is over, or the card is the round tracker or stored, which
    are never action targets. The legal moves are the engine's, which keeps the last
    position's listing (one look-up per repaint).
    """
    blocked = card_blocked(state, card)
    if blocked is not None:
        return (), _(BLOCKED_NOTES[blocked.kind])
    deck_card = state.card_at(card)
    moves = legal_moves(state)
    total = sum((c.face.yields for c in state.stored), Resources())
    options = []
    for action in deck_card.face.actions:
        chosen = tuple(m for m in moves if m.card == card and m.kind == action.kind)
        lacking = None if chosen else missing(action, total)
        reason = None if chosen else shortfall(lacking, UNICODE)
        options.append(ActionOption(card, action, chosen, reason, lacking))
    note = None if options else "no actions on this face"
    return tuple(options), note


def moves_for(state: GameState, card: int, kind: str) -> tuple[Move, ...]:
    """The legal moves that perform ``kind`` on ``card`` (discard: card 1 only)."""
    return tuple(m for m in legal_moves(state) if m.kind == kind and m.card == card)


def why_not(state: GameState, card: int, kind: str, g: Glyphs) -> str:
    """Why ``kind`` cannot be done on ``card`` now, and where it can, for a hint."""
    options, note = card_options(state, card)
    option = next((o for o in options if o.kind == kind), None)
    if option is not None and option.reason:
        reason = shortfall(option.lacking, g) if option.lacking else option.reason
        # Translators: {action} is an action's name (rotate), {reason} "needs 1♣W"
        text = _("Card {card}: {action} {reason}.").format(
            card=card, action=action_name(kind), reason=reason
        )
    elif note:
        text = _("Card {card}: {note}.").format(card=card, note=note)
    else:
        text = _("Card {card} has no {action} action on this face.").format(
            card=card, action=action_name(kind)
        )
    other = 2 if card == 1 else 1
    if moves_for(state, other, kind):
        text += " " + _("Card {other} can: press {other} to select it.").format(other=other)
    return text


def in_deck_order(state: GameState, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """The ways to play one action as the choice lists them: by where the stored
    cards they pay with (then the one they release) lie in the deck, top first,
    as a player sees them stick out of the deck (R9)."""
    places = {card.code: place for place, card in stored_places(state)}
    unknown = len(state.deck) + 1

    def key(move: Move) -> tuple[tuple[int, ...], int]:
        paid = tuple(sorted(places.get(code, unknown) for code in move.pay))
        released = places.get(move.release, unknown) if move.release else 0
        return paid, released

    return tuple(sorted(moves, key=key))
