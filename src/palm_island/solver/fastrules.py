"""Provides a lean successor function for search: positions as (deck, round) only.

A search expands millions of positions, and :func:`palm_island.engine.apply_move`
builds events, a :class:`GameState` and checks legality each time. Here a
position is just the packed deck tuple and the round. The legal moves of a deck
depend only on its top two cards and on its stored cards, so for each such key
the *steps* are built once and memoised: which card acts (``taken``), what it
becomes (``after``) and which stored cards are un-stored to pay or to make room
(``clears``). Steps come in the order of ``legal_moves`` (the engine's documented
order, with payments from its public ``payments``), so :meth:`FastRules.ops` can
pair them with the engine's moves; the search itself never builds a ``Move``.
Tests cross-check every step against ``apply_move`` on random playouts.
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine import (
    ROUNDS,
    STORE_LIMIT,
    Catalog,
    GameState,
    Move,
    Resources,
    legal_moves,
    payments,
)

Deck = tuple[int, ...]
"""The engine's packed deck, top first (``id << 3 | orientation << 1 | stored``)."""
Step = tuple[int, int, tuple[int, ...]]
"""``(taken, after, clears)``: see :class:`Op`."""


class Op(NamedTuple):
    """One legal move with the step that plays it."""

    move: Move
    taken: int
    """0 for card 1, 1 for card 2: the card moved to the back."""
    after: int
    """The packed value of that card once it is at the back."""
    clears: tuple[int, ...]
    """Packed values of the stored cards un-stored to pay or to make room (R15, R20)."""


_MEMO_LIMIT = 300_000
"""Keys kept before the step memos are cleared (bounds memory in long runs)."""

_Action = tuple[str, tuple[Resources, ...], int]


class FastRules:
    """Legal steps and successors for one catalog, memoised per (top two, stored).

    Each search makes its own (the memos are plain dicts that only grow), so a
    hint thread and an analysis thread never share mutable state.
    """

    __slots__ = (
        "actions",
        "canonical",
        "catalog",
        "memo",
        "parts",
        "pay_index",
        "pay_memo",
        "tracker",
        "tracker_next",
    )

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.tracker = catalog.tracker_id
        self.memo: dict[tuple[int, int, tuple[int, ...]], tuple[Step, ...]] = {}
        self.parts: dict[tuple[int, int, tuple[int, ...]], tuple[Step, ...]] = {}
        self.pay_memo: dict[tuple[tuple[Resources, ...], Deck], list[Deck]] = {}
        self.pay_index: dict[tuple[tuple[Resources, ...], tuple[Resources, ...]], list[Deck]] = {}
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
        self.actions = _action_table(catalog)
        """For each packed card: its printed actions as (kind, cost, packed after)."""

    def is_over(self, deck: Deck, round_: int) -> bool:
        """R25: the tracker is on top only once round 8 has ended."""
        return deck[0] >> 3 == self.tracker

    def steps(self, deck: Deck) -> tuple[Step, ...]:
        """The legal steps of a position, in the engine's ``legal_moves`` order."""
        stored = tuple(sorted([p for p in deck if p & 1]))
        key = (deck[0], deck[1], stored)
        found = self.memo.get(key)
        if found is None:
            if deck[0] >> 3 == self.tracker:
                found = ()  # R25: the game is over
            else:
                first = self._card_steps(deck[0], 0, stored)
                found = (*first, *self._card_steps(deck[1], 1, stored), (0, deck[0], ()))
            if len(self.memo) >= _MEMO_LIMIT:
                self.memo.clear()
                self.parts.clear()
                self.pay_memo.clear()
            self.memo[key] = found
        return found

    def ops(self, deck: Deck, round_: int) -> tuple[Op, ...]:
        """The engine's legal moves paired with their steps (for lines, not for search)."""
        moves = legal_moves(GameState(deck, round_, 0, self.catalog))
        steps = self.steps(deck)
        assert len(moves) == len(steps), "steps follow legal_moves one for one"
        return tuple(Op(move, *step) for move, step in zip(moves, steps, strict=True))

    def _card_steps(self, packed: int, taken: int, stored: Deck) -> tuple[Step, ...]:
        """One card's steps: printed actions in order; payments in ``payments`` order;
        for a store that leaves four cards stored, one step per card released (R20)."""
        key = (packed, taken, stored)
        found = self.parts.get(key)
        if found is not None:
            return found
        steps: list[Step] = []
        for kind, cost, after in self.actions[packed]:
            for pay in self._payments(cost, stored):
                if kind == "store" and len(stored) - len(pay) >= STORE_LIMIT:
                    steps.extend((taken, after, (*pay, free)) for free in stored if free not in pay)
                else:
                    steps.append((taken, after, pay))
        found = self.parts[key] = tuple(steps)
        return found

    def _payments(self, cost: tuple[Resources, ...], stored: Deck) -> list[Deck]:
        """The engine's payment sets for ``cost``, as packed values of stored cards."""
        if not cost:
            return [()]  # R14
        key = (cost, stored)
        found = self.pay_memo.get(key)
        if found is None:
            cards = self.catalog.cards
            holds = tuple(cards[p >> 3].faces[(p >> 1) & 3].yields for p in stored)
            index = self.pay_index.get((cost, holds))
            if index is None:
                # Payments depend only on amounts: name the holders by position
                # (stored order is alphabetical, as payments expects) and remember.
                names = "abcd"[: len(holds)]
                holdings = tuple(zip(names, holds, strict=True))
                index = self.pay_index[cost, holds] = [
                    tuple(names.index(n) for n in pay) for pay in payments(cost, holdings)
                ]
            found = self.pay_memo[key] = [tuple(stored[i] for i in pay) for pay in index]
        return found

    def apply(self, deck: Deck, round_: int, step: Step) -> tuple[Deck, int]:
        """The position after ``step`` and the automatic steps (R21, R22) that follow."""
        taken, after, clears = step
        d = list(deck)
        for packed in clears:
            d[d.index(packed)] = packed ^ 1
        del d[taken]
        d.append(after)
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

    def move_for(self, deck: Deck, round_: int, step: Step) -> Move:
        """The engine move that plays ``step`` here (used to write out a found line)."""
        return next(op.move for op in self.ops(deck, round_) if op[1:] == step)

    def stars(self, deck: Deck) -> int:
        """R26: the stars on the active halves."""
        cards = self.catalog.cards
        return sum(cards[p >> 3].faces[(p >> 1) & 3].stars for p in deck)


def _action_table(catalog: Catalog) -> tuple[tuple[_Action, ...], ...]:
    table: list[tuple[_Action, ...]] = []
    for packed in range(len(catalog.cards) * 8):
        # R23: the tracker is never acted on; a stored card shows only resources.
        if packed & 1 or packed >> 3 == catalog.tracker_id:
            table.append(())
            continue
        face = catalog.cards[packed >> 3].faces[(packed >> 1) & 3]
        actions: list[_Action] = []
        for action in face.actions:
            if action.kind == "store":
                after = packed | 1  # R9
            else:  # R10 rotate and R11 flip toggle the orientation's low / high bit
                after = packed ^ (2 if action.kind == "rotate" else 4)
            actions.append((action.kind, action.cost, after))
        table.append(tuple(actions))
    return tuple(table)


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
