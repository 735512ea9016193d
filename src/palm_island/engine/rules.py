"""Provides the rules: a new game, the legal moves, and applying a move.

Applying a move also resolves the automatic steps that are not turns (R21, R22)
and reports everything as events. The moves, their steps and the automatic steps
live in ``movegen``, shared with the solver.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from .cards import BUILDINGS, ActionKind, Catalog, Orientation
from .deal import deal_from_seed
from .errors import IllegalMoveError
from .events import Event, GameEnded, MovePlayed
from .movegen import entry_of, legal
from .moves import Move
from .scoring import stars
from .state import GameState, pack

_ORIENTATIONS = tuple(Orientation)
_new = tuple.__new__


class Transition(NamedTuple):
    """What :func:`apply_move` returns: the new state and what happened on the way."""

    state: GameState
    events: tuple[Event, ...]


def new_game(
    catalog: Catalog,
    *,
    seed: int | None = None,
    deal: Sequence[int] | None = None,
    feats: Sequence[int] = (),
) -> GameState:
    """Set up a solo game (R4, R5) from a seed or from an explicit deal.

    Every building starts in its start orientation (R4); the round tracker goes at
    the back showing round 1 (R5). ``feats`` are ids of feat cards (R30) from the
    catalog: they go, in that order and front side up, after the 16 dealt
    buildings and just before the tracker, so the deck has 17 + len(feats) cards.

    >>> from palm_island.storage.catalog_files import standard_catalog
    >>> state = new_game(standard_catalog(), seed=7)
    >>> (state.round, state.turn, len(state.deck))
    (1, 0, 17)
    """
    if (seed is None) == (deal is None):
        raise ValueError("new_game needs exactly one of seed= or deal=")
    order = deal_from_seed(seed) if seed is not None else tuple(deal or ())
    if sorted(order) != list(range(BUILDINGS)):
        raise ValueError(f"a deal lists each of the {BUILDINGS} building ids 0-15 once: {order}")
    extra = tuple(feats)
    known = catalog.feat_ids
    if any(f not in known for f in extra) or len(set(extra)) != len(extra):
        raise ValueError(f"feats must be distinct feat card ids of the catalog {known}: {extra}")
    start = Orientation.FRONT_UP
    deck = (
        *(pack(card, start) for card in order),
        *(pack(card, start) for card in extra),
        pack(catalog.tracker_id, start),
    )
    return GameState(deck, 1, 0, catalog, order)


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move, in a fixed order.

    The order: card 1's actions, then card 2's, each in the order printed on the
    card (store, rotate, flip); for each action its payments, fewest cards first
    and then alphabetically; for a store with four cards still stored after paying,
    each card it may release (R20), alphabetically; discard (``D``) last. A payment
    is a set of stored cards that covers one cost alternative and has no smaller
    subset that covers that alternative (overpaying wastes the rest, R16). Empty
    once the game is over.

    >>> from palm_island.storage.catalog_files import standard_catalog
    >>> [str(m) for m in legal_moves(new_game(standard_catalog(), deal=range(16)))]
    ['S1', 'S2', 'D']
    """
    return entry_of(state.deck, state.catalog)[2]


def is_legal(state: GameState, move: Move) -> bool:
    """True when ``move`` is among :func:`legal_moves` of ``state``."""
    return move in legal(state.deck, state.catalog)


def apply_move(state: GameState, move: Move) -> Transition:
    """Play one turn and the automatic steps after it; the input state is unchanged.

    The move's step (which card acts, what it becomes, which stored cards pay) and
    the automatic steps (R21, R22, R25) come from ``movegen``, the code the solver
    searches with; when the listing had no steps (the stored cards matter), the
    chosen move's step is found from the move alone.

    Raises:
        IllegalMoveError: the move is not legal here; the message gives the reason
            and the position in notation.
    """
    catalog = state.catalog
    _, rules, moves, steps, packed = entry_of(state.deck, catalog)
    try:
        index = moves.index(move)
    except ValueError:
        raise _illegal(state, move) from None
    tables = rules.tables
    step = steps[index] if steps is not None else tables.step_of(packed, move)
    acted = packed[step[0]]
    after = step[1][0]
    turn = state.turn + 1
    # Named tuples built with tuple.__new__ skip their generated __new__: the same
    # objects, built in half the time, on the hottest line of every playout.
    played = _new(
        MovePlayed,
        (
            turn,
            move,
            tables.code[acted >> 3],
            _ORIENTATIONS[(acted >> 1) & 3],
            _ORIENTATIONS[(after >> 1) & 3],
        ),
    )
    deck = tables.turn(packed, step)
    top = deck[0]
    events: list[Event] | None = None
    round_ = state.round
    if top & 1 or top >> 3 == tables.tracker:  # an automatic step follows (R21, R22)
        events = [played]
        deck, round_ = tables.settle(deck, round_, events)
    made = tuple(deck)
    new_state = _new(GameState, (made, round_, turn, catalog, state.deal))
    # The next call nearly always lists this state's moves: list them now, from the
    # bytes at hand (converting the tuple back costs as much as the listing saves).
    rules.listed(made, deck)
    if events is None:  # the usual case
        return _new(Transition, (new_state, (played,)))
    if new_state.is_over:
        events.append(GameEnded(stars(new_state)))
    return _new(Transition, (new_state, tuple(events)))


# --- why a move is illegal ------------------------------------------------------------


class IllegalReason(NamedTuple):
    """Why a move is not legal: a stable ``kind`` a program can act on, and the
    ``text`` an error message shows (it names the rule)."""

    kind: str
    """One of :data:`REASON_KINDS`."""
    text: str


REASON_KINDS: Final = (
    "game_over",
    "round_tracker",
    "stored",
    "discard_args",
    "not_printed",
    "cannot_pay",
    "payment",
    "release_not_allowed",
    "release_needed",
    "release_unknown",
)
"""Every kind of :class:`IllegalReason`, the card-level ones (:func:`card_blocked`) first."""


def _illegal(state: GameState, move: Move) -> IllegalMoveError:
    from .notation import position_notation

    reason = illegal_reason(state, move)
    text = reason.text if reason is not None else "not among the legal moves"
    return IllegalMoveError(str(move), position_notation(state), text)


def card_blocked(state: GameState, card: int) -> IllegalReason | None:
    """Why card ``card`` (1 or 2) offers no action at all now, or ``None`` when its face's
    printed actions are what decides: the game is over (R25), it is the round tracker
    (never an action target, R23) or it is stored (a stored card shows only resources)."""
    if state.is_over:
        return IllegalReason("game_over", "the game is over")
    deck_card = state.card_at(card)
    if deck_card.spec.is_round_tracker:
        return IllegalReason("round_tracker", "the round tracker cannot be used as card 2 (R23)")
    if deck_card.stored:
        return IllegalReason(
            "stored", f"card {card} ({deck_card.code}) is stored and offers no actions"
        )
    return None


def illegal_reason(state: GameState, move: Move) -> IllegalReason | None:
    """Why ``move`` is not legal in ``state`` (``None`` when it is), read off the
    generator's own legal moves (one source of legality): only what the card offers
    is described here."""
    if move in legal_moves(state):
        return None
    if state.is_over:
        return IllegalReason("game_over", "the game is over")
    kind = move.kind
    if kind == "discard":
        return IllegalReason("discard_args", "discard takes no card number, payment or release")
    same = [m for m in legal_moves(state) if m.kind == move.kind and m.card == move.card]
    if not same:
        return card_blocked(state, move.card) or _not_offered(state, move, kind)
    pays = list(dict.fromkeys(m.pay for m in same))  # the generator's order
    if move.pay not in pays:
        return _wrong_payment(state, move, kind, pays)
    releases = [m.release for m in same if m.pay == move.pay]
    if None in releases:
        return IllegalReason(
            "release_not_allowed", "release is only for storing while 4 cards stay stored (R20)"
        )
    if move.release is None:
        left = state.stored_count - len(move.pay)
        return IllegalReason(
            "release_needed", f"{left} cards stay stored: name one to release first (R20)"
        )
    return IllegalReason(
        "release_unknown", f"{move.release} is not a stored card left after paying"
    )


def _not_offered(state: GameState, move: Move, kind: ActionKind) -> IllegalReason:
    """A card that can act offers no move of this kind: its face does not show it, or
    the stored cards cannot pay for it."""
    card = state.card_at(move.card)
    action = card.face.action(kind)
    if action is None:
        printed = ", ".join(a.kind for a in card.face.actions) or "no actions"
        return IllegalReason(
            "not_printed", f"card {move.card} ({card.code}) shows {printed}, not {move.kind} (R8)"
        )
    return IllegalReason(
        "cannot_pay",
        f"{card.code} {move.kind} costs {action.cost_text()}; the stored cards cannot pay",
    )


def _wrong_payment(
    state: GameState, move: Move, kind: ActionKind, pays: list[tuple[str, ...]]
) -> IllegalReason:
    """The move names a payment the generator does not list."""
    stored = sorted(c.code for c in state.stored)
    unknown = [code for code in move.pay if code not in stored]
    if unknown:
        return IllegalReason(
            "payment", f"{', '.join(unknown)} not stored; stored: {', '.join(stored) or 'none'}"
        )
    action = state.card_at(move.card).face.action(kind)
    cost = action.cost_text() if action is not None else "?"
    listed = "; ".join("pay " + "+".join(p) if p else "no payment" for p in pays)
    return IllegalReason("payment", f"{move.kind} costs {cost}: pay with one of: {listed}")
