"""Provides legal move generation: the hot path of every playout and search.

It works on packed ints and on per-catalog tables: for each packed card, its
actions with the ready-made Move of each free one. Payments are found as bit
masks over the stored cards, memoised on (cost, what the stored cards hold), so
only affordable costs build new moves. The order of the moves is documented on
:func:`palm_island.engine.legal_moves`.
"""

from __future__ import annotations

from .cards import Catalog, Resources
from .moves import DISCARD, Move
from .state import STORE_LIMIT, GameState


class _Tables:
    """Per-catalog lookup tables for :func:`_legal` (built once, on first use)."""

    __slots__ = ("actions", "code", "code_rank", "holds", "last", "pay_masks", "tracker")

    def __init__(self, catalog: Catalog) -> None:
        self.tracker = catalog.tracker_id
        self.last: tuple[tuple[int, ...], tuple[Move, ...]] = ((), ())
        """The last deck listed and its moves (the deck is kept alive, so its
        identity is a safe key)."""
        self.code = tuple(card.code for card in catalog.cards)
        storable = sorted(c.code for c in catalog.cards if not c.is_round_tracker)
        ranks = {code: rank for rank, code in enumerate(storable)}
        self.code_rank: tuple[int, ...] | None = tuple(ranks.get(code, -1) for code in self.code)
        """Each card's place in code order, needed only when ids are not in code order
        (feat cards, R30, come after the tracker); ``None`` when they are."""
        if list(self.code_rank) == [*range(catalog.tracker_id), -1]:
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


def legal(state: GameState) -> tuple[Move, ...]:
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
