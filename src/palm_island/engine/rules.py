"""Provides the rules: a new game, the legal moves, and applying a move.

Legal moves depend only on the top two cards and on which cards are stored, so
they are computed once per such combination and memoised on the catalog; a
random playout or a search then spends its time on the deck, not on payments.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import BUILDINGS, ROUNDS, Catalog, Orientation, Resources
from .deal import deal_from_seed
from .errors import IllegalMoveError
from .events import Event, GameEnded, MovePlayed, RoundEnded, StoredCardReturned
from .moves import DISCARD, Move
from .scoring import stars
from .state import STORE_LIMIT, GameState, pack

_ORIENTATIONS = tuple(Orientation)


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
    return _legal(state)


def is_legal(state: GameState, move: Move) -> bool:
    """True when ``move`` is among :func:`legal_moves` of ``state``."""
    return not state.is_over and move in _legal(state)


def apply_move(state: GameState, move: Move) -> Transition:
    """Play one turn and the automatic steps after it; the input state is unchanged.

    Raises:
        IllegalMoveError: the move is not legal here; the message gives the reason
            and the position in notation.
    """
    if move not in _legal(state):
        raise _illegal(state, move)
    catalog = state.catalog
    deck = list(state.deck)
    acted = deck.pop(move.card - 1)
    kind = move.kind
    if kind == "discard":
        after = acted
    else:
        if move.pay:
            _unstore(catalog, deck, move.pay)
        if move.release is not None:
            _unstore(catalog, deck, (move.release,))
        # R9 store sets the stored bit; R10 rotate and R11 flip toggle the
        # orientation's low and high bit (the catalog checks its targets agree).
        after = acted | 1 if kind == "store" else acted ^ (2 if kind == "rotate" else 4)
    deck.append(after)
    turn = state.turn + 1
    events: list[Event] = [
        MovePlayed(
            turn,
            move,
            catalog.cards[acted >> 3].code,
            _ORIENTATIONS[(acted >> 1) & 3],
            _ORIENTATIONS[(after >> 1) & 3],
        )
    ]
    round_ = state.round
    top = deck[0]
    if top & 1 or top >> 3 == catalog.tracker_id:
        round_ = _automatic_steps(catalog, deck, round_, events)
    new_state = GameState(tuple(deck), round_, turn, catalog, state.deal)
    if events[-1].__class__ is RoundEnded and new_state.is_over:
        events.append(GameEnded(stars(new_state)))
    return Transition(new_state, tuple(events))


def _unstore(catalog: Catalog, deck: list[int], codes: tuple[str, ...]) -> None:
    """R15: each paying card is turned back in place; its leftover resources are lost (R16)."""
    for code in codes:
        card_id = catalog.id_of(code)
        for i, packed in enumerate(deck):
            if packed >> 3 == card_id:
                deck[i] = packed & ~1
                break


def _automatic_steps(catalog: Catalog, deck: list[int], round_: int, events: list[Event]) -> int:
    """Resolve R21 and R22 until a playable card is on top; return the round."""
    tracker = catalog.tracker_id
    while True:
        top = deck[0]
        if top & 1:
            # R21: a stored card that reaches the top is returned; its resources are lost.
            deck.append(deck.pop(0) & ~1)
            events.append(StoredCardReturned(catalog.cards[top >> 3].code))
        elif top >> 3 == tracker:
            events.append(RoundEnded(round_))
            if round_ == ROUNDS:
                return round_  # R25: the game ends; the tracker stays on top.
            # R22: the tracker turns with its free action to show the next round.
            action = catalog.cards[tracker].faces[(top >> 1) & 3].actions[0]
            assert action.to is not None
            deck.pop(0)
            deck.append(pack(tracker, action.to))
            round_ += 1
        else:
            return round_


# --- legal move generation ---------------------------------------------------------
#
# This is the hot path of every playout and search, so it works on packed ints and
# on per-catalog tables: for each packed card, its actions with the ready-made Move
# of each free one. Payments are found as bit masks over the stored cards, memoised
# on (cost, what the stored cards hold), so only affordable costs build new moves.


class _Tables:
    """Per-catalog lookup tables for :func:`_legal` (built once, on first use)."""

    __slots__ = ("actions", "code", "code_rank", "holds", "last", "pay_masks", "tracker")

    def __init__(self, catalog: Catalog) -> None:
        self.tracker = catalog.tracker_id
        self.last: tuple[tuple[int, ...], tuple[Move, ...]] = ((), ())
        """The last deck listed and its moves (the deck is kept alive, so its
        identity is a safe key)."""
        self.code = tuple(card.code for card in catalog.cards)
        ranks = {code: rank for rank, code in enumerate(sorted(self.code))}
        self.code_rank: tuple[int, ...] | None = tuple(ranks[code] for code in self.code)
        """Each card's place in code order, needed only when ids are not in code order
        (feat cards, R30, come after the tracker); ``None`` when they are."""
        if self.code_rank == tuple(range(len(self.code))):
            self.code_rank = None
        self.holds: list[int] = []
        self.actions: tuple[list[tuple[tuple[str, tuple[int, ...], Move | None], ...]], ...]
        self.actions = ([], [], [])
        for packed in range(len(catalog.cards) * 8):
            face = catalog.cards[packed >> 3].faces[(packed >> 1) & 3]
            self.holds.append(_packed(face.yields))
            usable = not packed & 1 and packed >> 3 != catalog.tracker_id
            # R23: the tracker is never an action target; a stored card shows only
            # resources, so its actions are not available (docs/rules.md).
            for position in (1, 2):
                self.actions[position].append(
                    tuple(
                        (
                            a.kind,
                            tuple(_packed(alt) for alt in a.cost),
                            None if a.cost else Move(a.kind, position),
                        )
                        for a in (face.actions if usable else ())
                    )
                )
        self.pay_masks: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}


def _tables(catalog: Catalog) -> _Tables:
    tables = catalog.rules_memo
    if tables is None:
        tables = catalog.rules_memo = _Tables(catalog)
    return tables  # type: ignore[return-value]


def _legal(state: GameState) -> tuple[Move, ...]:
    """The legal moves; the last answer is kept, as apply usually follows a listing."""
    tables = _tables(state.catalog)
    deck = state.deck
    last = tables.last
    if last[0] is not deck:
        # One tuple, replaced whole, so a search thread and the UI never mix answers.
        last = tables.last = (deck, _generate(tables, deck))
    return last[1]


def _generate(tables: _Tables, deck: tuple[int, ...]) -> tuple[Move, ...]:
    if deck[0] >> 3 == tables.tracker:
        return ()  # R25: the tracker stays on top only once the game is over.
    stored = sorted([p for p in deck if p & 1])
    rank = tables.code_rank
    if rank is not None:
        # Payments and releases name stored cards in code order (notation sorts them).
        stored.sort(key=lambda p: rank[p >> 3])
    full = len(stored) >= STORE_LIMIT
    holds: tuple[int, ...] | None = None
    moves: list[Move] = []
    for position in (1, 2):
        for kind, cost, ready in tables.actions[position][deck[position - 1]]:
            if ready is not None:  # R14: a free action costs nothing.
                if full and kind == "store":
                    _releases(tables, moves, position, (), stored)
                else:
                    moves.append(ready)
                continue
            if holds is None:
                holds = tuple([tables.holds[p] for p in stored])
            masks = tables.pay_masks.get((cost, holds))
            if masks is None:
                masks = tables.pay_masks[cost, holds] = _payment_masks(cost, holds)
            for mask in masks:
                pay = tuple([tables.code[stored[i] >> 3] for i in _MEMBERS[mask]])
                if kind == "store" and len(stored) - len(pay) >= STORE_LIMIT:
                    _releases(tables, moves, position, pay, stored)
                else:
                    moves.append(Move(kind, position, pay))  # type: ignore[arg-type]
    moves.append(DISCARD)  # R7, R13: discarding card 1 is always possible.
    return tuple(moves)


def _releases(
    tables: _Tables, moves: list[Move], position: int, pay: tuple[str, ...], stored: list[int]
) -> None:
    """R20: to store a fifth card, first un-store one of the four: one move per choice."""
    for packed in stored:
        code = tables.code[packed >> 3]
        if code not in pay:
            moves.append(Move("store", position, pay, code))


_MEMBERS = tuple(tuple(i for i in range(4) if mask >> i & 1) for mask in range(16))
"""For each bit mask over up to four stored cards, the indices it holds."""
_BY_SIZE = tuple(sorted(range(1, 16), key=lambda m: (len(_MEMBERS[m]), _MEMBERS[m])))
"""Masks in payment order: fewest cards first, then by the cards' order."""
_GUARD = 0x80 | 0x80 << 8 | 0x80 << 16


def _packed(resources: Resources) -> int:
    """Wood, fish and stone in one int, 8 bits each (amounts stay far below 128)."""
    return resources.wood | resources.fish << 8 | resources.stone << 16


def _payment_masks(cost: tuple[int, ...], holds: tuple[int, ...]) -> tuple[int, ...]:
    """Bit masks of the inclusion-minimal sets of ``holds`` that pay one alternative.

    Amounts are packed with :func:`_packed`.
    """
    size = 1 << len(holds)
    totals = [0] * size
    for mask in range(1, size):
        low = mask & -mask
        totals[mask] = totals[mask ^ low] + holds[low.bit_length() - 1]
    order = [m for m in _BY_SIZE if m < size]
    found: list[int] = []
    for alternative in cost:
        covering: list[int] = []
        for mask in order:
            # Every field of total - alternative stays >= 0 exactly when no guard bit
            # is borrowed: the total covers the alternative.
            if ((totals[mask] | _GUARD) - alternative) & _GUARD == _GUARD and not any(
                c & mask == c for c in covering
            ):
                covering.append(mask)
        found.extend(m for m in covering if m not in found)
    return tuple(sorted(found, key=_BY_SIZE.index))


def payments(
    cost: tuple[Resources, ...], holdings: tuple[tuple[str, Resources], ...]
) -> list[tuple[str, ...]]:
    """Every inclusion-minimal set of stored cards that pays one cost alternative.

    ``holdings`` pairs each stored card's code with what it holds, alphabetically
    by code. A free action has one payment, the empty one (R14); an unaffordable
    action has none. Payments come fewest cards first, then alphabetically.
    """
    if not cost:
        return [()]
    masks = _payment_masks(
        tuple(map(_packed, cost)), tuple(_packed(holds) for _, holds in holdings)
    )
    return [tuple(holdings[i][0] for i in _MEMBERS[m]) for m in masks]


# --- why a move is illegal ------------------------------------------------------------


def _illegal(state: GameState, move: Move) -> IllegalMoveError:
    from .notation import position_notation

    return IllegalMoveError(str(move), position_notation(state), _reason(state, move))


def _reason(state: GameState, move: Move) -> str:
    if state.is_over:
        return "the game is over"
    if move.kind == "discard":
        return "discard takes no card number, payment or release"
    card = state.card_at(move.card)
    if card.spec.is_round_tracker:
        return "the round tracker cannot be used as card 2 (R23)"
    if card.stored:
        return f"card {move.card} ({card.code}) is stored and offers no actions"
    action = card.face.action(move.kind)
    if action is None:
        printed = ", ".join(a.kind for a in card.face.actions) or "no actions"
        return f"card {move.card} ({card.code}) shows {printed}, not {move.kind} (R8)"
    stored = {c.code: c.face.yields for c in sorted(state.stored, key=lambda c: c.code)}
    holdings = tuple(stored.items())
    options = payments(action.cost, holdings)
    if not options:
        return f"{card.code} {move.kind} costs {action.cost_text()}; the stored cards cannot pay"
    if move.pay not in options:
        unknown = [code for code in move.pay if code not in stored]
        if unknown:
            return f"{', '.join(unknown)} not stored; stored: {', '.join(stored) or 'none'}"
        listed = "; ".join("pay " + "+".join(p) if p else "no payment" for p in options)
        return f"{move.kind} costs {action.cost_text()}: pay with one of: {listed}"
    left = len(stored) - len(move.pay)
    if move.release is None:
        return f"{left} cards stay stored: name one to release first (R20)"
    if left < STORE_LIMIT or move.kind != "store":
        return "release is only for storing while 4 cards stay stored (R20)"
    return f"{move.release} is not a stored card left after paying"
