"""Provides a lean successor function for search: positions as (deck, round) only.

A search expands millions of positions, and :func:`palm_island.engine.apply_move`
builds events, a :class:`GameState` and checks legality each time. Here a
position is just the packed deck tuple and the round; the legal moves of a deck
depend only on its top two cards and on its stored cards, so for each such key we
ask the public engine once (``legal_moves``) and keep ready-made *operations*:
which card acts, what it becomes and which stored cards are un-stored to pay.
Applying an operation is then a few list operations. Tests cross-check every
successor against ``apply_move`` on random playouts.
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine import ROUNDS, Catalog, GameState, Move, legal_moves

Deck = tuple[int, ...]
"""The engine's packed deck, top first (``id << 3 | orientation << 1 | stored``)."""


class Op(NamedTuple):
    """One legal move in the form the search applies it."""

    move: Move
    taken: int
    """0 for card 1, 1 for card 2: the card moved to the back."""
    after: int
    """The packed value of that card once it is at the back."""
    clears: tuple[int, ...]
    """Packed values of the stored cards un-stored to pay or to make room (R15, R20)."""


_MEMO_LIMIT = 400_000
"""Keys kept before the operation memo is cleared (bounds memory in long runs)."""


class FastRules:
    """Legal operations and successors for one catalog, memoised per (top two, stored).

    Not shared between threads: each search makes its own (the memo is a plain
    dict that only grows), so a hint thread and an analysis thread never contend.
    """

    __slots__ = ("canonical", "catalog", "memo", "tracker", "tracker_next")

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.tracker = catalog.tracker_id
        self.memo: dict[tuple[int, ...], tuple[Op, ...]] = {}
        faces = catalog.cards[self.tracker].faces
        nxt: list[int] = []
        for orientation in range(4):
            target = faces[orientation].actions[0].to
            assert target is not None
            nxt.append(self.tracker << 3 | int(target) << 1)
        self.tracker_next = tuple(nxt)
        """R22: the tracker's packed value once it has turned to the next round."""
        self.canonical = canonical_table(catalog)
        """Each packed value with the card id replaced by its first identical copy's."""

    def is_over(self, deck: Deck, round_: int) -> bool:
        """R25: the tracker is on top only once round 8 has ended."""
        return deck[0] >> 3 == self.tracker

    def ops(self, deck: Deck, round_: int) -> tuple[Op, ...]:
        """The legal operations of a position, in the engine's ``legal_moves`` order."""
        key = (deck[0], deck[1], *[p for p in deck if p & 1])
        found = self.memo.get(key)
        if found is None:
            found = self._build(deck, round_)
            if len(self.memo) >= _MEMO_LIMIT:
                self.memo.clear()
            self.memo[key] = found
        return found

    def _build(self, deck: Deck, round_: int) -> tuple[Op, ...]:
        state = GameState(deck, round_, 0, self.catalog)
        code_to_packed = {self.catalog.cards[p >> 3].code: p for p in deck if p & 1}
        ops: list[Op] = []
        for move in legal_moves(state):
            index = 0 if move.kind == "discard" else move.card - 1
            acted = deck[index]
            if move.kind == "discard":
                after = acted
            elif move.kind == "store":
                after = acted | 1
            else:
                after = acted ^ (2 if move.kind == "rotate" else 4)
            named = (*move.pay, *((move.release,) if move.release else ()))
            ops.append(Op(move, index, after, tuple(code_to_packed[c] for c in named)))
        return tuple(ops)

    def apply(self, deck: Deck, round_: int, op: Op) -> tuple[Deck, int]:
        """The position after ``op`` and the automatic steps (R21, R22) that follow."""
        d = list(deck)
        for packed in op.clears:
            d[d.index(packed)] = packed ^ 1
        del d[op.taken]
        d.append(op.after)
        top = d[0]
        if top & 1 or top >> 3 == self.tracker:
            round_ = self.settle(d, round_)
        return tuple(d), round_

    def settle(self, d: list[int], round_: int) -> int:
        """Resolve R21 and R22 in place on a deck list; return the round."""
        tracker = self.tracker
        while True:
            top = d[0]
            if top & 1:
                d.append(d.pop(0) & ~1)  # R21: returned, its resources lost
            elif top >> 3 == tracker:
                if round_ == ROUNDS:
                    return round_  # R25: the game is over, the tracker stays on top
                d.pop(0)
                d.append(self.tracker_next[(top >> 1) & 3])
                round_ += 1
            else:
                return round_

    def stars(self, deck: Deck) -> int:
        """R26: the stars on the active halves."""
        cards = self.catalog.cards
        return sum(cards[p >> 3].faces[(p >> 1) & 3].stars for p in deck)


def progress(deck: Deck, round_: int, tracker: int) -> int:
    """A count that every turn strictly increases: ``round * 17 - cards above the tracker``.

    A turn sends at least one card from above the tracker to below it; a round end
    moves the tracker from the top to the back and the round up by one (net +1).
    Positions with equal progress have the same time left, so a beam compares them.
    """
    for i, p in enumerate(deck):
        if p >> 3 == tracker:
            return round_ * len(deck) - i
    raise ValueError("the deck has no round tracker")


def canonical_table(catalog: Catalog) -> tuple[int, ...]:
    """Map every packed value to the same value for the first copy of an identical card.

    CH1, CH2 and CH3 have the same four faces, so two decks that differ only by
    which copy lies where have the same future up to renaming: the same best
    score. Mapping each copy to the first one turns such decks into equal keys.
    """
    first: dict[object, int] = {}
    table = [0] * (len(catalog.cards) * 8)
    for card in catalog.cards:
        same = first.setdefault((card.type, card.faces), card.id)
        for low in range(8):
            table[card.id << 3 | low] = same << 3 | low
    return tuple(table)
