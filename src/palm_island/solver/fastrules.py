"""Provides a lean successor function for search: positions as (deck, round) only.

A search expands millions of positions, and :func:`palm_island.engine.apply_move`
builds events, a :class:`GameState` and checks legality each time. Here a
position is just the packed deck tuple and the round; the legal moves of a deck
depend only on its top two cards and on its stored cards, so for each such key we
build them once (following the engine's documented order and its public
``payments``) and keep ready-made *operations*:
which card acts, what it becomes and which stored cards are un-stored to pay.
Applying an operation is then a few list operations. Tests cross-check every
successor against ``apply_move`` on random playouts.
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine import ROUNDS, STORE_LIMIT, Catalog, Move, Resources, payments

DISCARD = Move("discard")

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

    __slots__ = (
        "canonical",
        "catalog",
        "code",
        "memo",
        "parts",
        "pay_memo",
        "tracker",
        "tracker_next",
    )

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.tracker = catalog.tracker_id
        self.memo: dict[tuple[int, int, tuple[int, ...]], tuple[Op, ...]] = {}
        self.parts: dict[tuple[int, int, tuple[int, ...]], tuple[Op, ...]] = {}
        self.code = tuple(card.code for card in catalog.cards)
        self.pay_memo: dict[
            tuple[tuple[Resources, ...], tuple[Resources, ...]], tuple[tuple[int, ...], ...]
        ] = {}
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
        stored = tuple(sorted([p for p in deck if p & 1]))
        key = (deck[0], deck[1], stored)
        found = self.memo.get(key)
        if found is None:
            if deck[0] >> 3 == self.tracker:
                found = ()  # R25: the game is over
            else:
                found = (*self._card_ops(deck[0], 0, stored), *self._card_ops(deck[1], 1, stored))
                found = (*found, Op(DISCARD, 0, deck[0], ()))
            if len(self.memo) >= _MEMO_LIMIT:
                self.memo.clear()
                self.parts.clear()
            self.memo[key] = found
        return found

    def _card_ops(self, packed: int, taken: int, stored: tuple[int, ...]) -> tuple[Op, ...]:
        """One card's operations, in the order ``legal_moves`` lists them.

        Mirrors the engine's documented order (printed actions; payments fewest
        cards first, then alphabetically; R20 releases alphabetically); the tests
        check it move for move against ``legal_moves``.
        """
        key = (packed, taken, stored)
        found = self.parts.get(key)
        if found is not None:
            return found
        ops: list[Op] = []
        # R23: the tracker is never acted on; a stored card shows only resources.
        if not packed & 1 and packed >> 3 != self.tracker:
            face = self.catalog.cards[packed >> 3].faces[(packed >> 1) & 3]
            for action in face.actions:
                if action.kind == "store":
                    after = packed | 1
                else:
                    after = packed ^ (2 if action.kind == "rotate" else 4)
                for pay in self._payments(action.cost, stored):
                    move = Move(action.kind, taken + 1, tuple(self.code[p >> 3] for p in pay))
                    if action.kind == "store" and len(stored) - len(pay) >= STORE_LIMIT:
                        for free in stored:  # R20: release one first, alphabetically
                            if free not in pay:
                                release = move._replace(release=self.code[free >> 3])
                                ops.append(Op(release, taken, after, (*pay, free)))
                    else:
                        ops.append(Op(move, taken, after, pay))
        found = self.parts[key] = tuple(ops)
        return found

    def _payments(
        self, cost: tuple[Resources, ...], stored: tuple[int, ...]
    ) -> list[tuple[int, ...]]:
        """The engine's payment sets (``payments``) as packed values of stored cards."""
        if not cost:
            return [()]  # R14
        cards = self.catalog.cards
        holds = tuple(cards[p >> 3].faces[(p >> 1) & 3].yields for p in stored)
        key = (cost, holds)
        found = self.pay_memo.get(key)
        if found is None:
            # Payments depend only on amounts; name the holders by their index
            # (in stored order, which is alphabetical) and remember the answer.
            names = "abcd"[: len(holds)]
            found = self.pay_memo[key] = tuple(
                tuple(names.index(n) for n in pay)
                for pay in payments(cost, tuple(zip(names, holds, strict=True)))
            )
        return [tuple(stored[i] for i in pay) for pay in found]

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
