"""Provides the rules' moves as *steps* on a compact deck: one implementation for play
and for search.

A deck here is ``bytes``: one packed entry per card (``id << 3 | orientation << 1 |
stored``; ids stay below 32, so every entry fits a byte). Bytes are cheap to slice,
join and hash, which is what a search does millions of times.

A *step* is what a legal move does to the deck: which of the top two cards acts
(``taken``), what it becomes at the back (``after``), and which stored cards are
un-stored in place to pay or to make room (``clears``, R15, R20). The steps of a
deck depend only on its top two cards and its stored cards, so they are built once
per such key from the catalog's printed actions and memoised. ``legal_moves``
lists the moves of these steps and ``apply_move`` plays them with :func:`play`,
which also resolves the automatic steps (R21, R22, R25); the solver calls the same
two functions (:class:`~.search.CompactRules`), so a rule lives here only.

The order of the moves is documented on :func:`palm_island.engine.legal_moves`.
"""

from __future__ import annotations

from typing import Final

from .cards import ROUNDS, Catalog, Resources
from .events import Event, RoundEnded, StoredCardReturned
from .moves import DISCARD, Move
from .state import STORE_LIMIT

ONE: Final = tuple(bytes((value,)) for value in range(256))
"""Each packed value as a one-byte deck fragment."""

Step = tuple[Move, int, bytes, tuple[tuple[bytes, bytes, int], ...]]
"""``(move, taken, after, clears)``: the move, 0 for card 1 or 1 for card 2 (the card
sent to the back), its packed value there (one byte), and for each stored card
un-stored its (stored, un-stored) byte and which occurrence of that byte it is (0
except in a merged deck, see :meth:`Tables._step`)."""

_new = tuple.__new__
_MEMO_LIMIT = 400_000
"""Step-table keys kept before the memo is emptied (bounds memory in long searches)."""


class Entry:
    """The legal moves of one key (top two cards, stored cards) and their steps."""

    __slots__ = ("moves", "steps")

    def __init__(self, steps: tuple[Step, ...]) -> None:
        self.steps = steps
        self.moves: tuple[Move, ...] = tuple([step[0] for step in steps])

    def step_for(self, move: Move) -> Step | None:
        """The step of ``move``, or ``None`` when it is not legal here."""
        for step in self.steps:
            if step[0] == move:
                return step
        return None


class Tables:
    """Per-catalog tables for the rules (built once, kept in ``catalog.rules_memo``)."""

    __slots__ = (
        "actions",
        "alone",
        "code",
        "code_rank",
        "discard",
        "holds",
        "last",
        "memo",
        "parts",
        "pay_masks",
        "sort_key",
        "stored_only",
        "stores",
        "tracker",
        "tracker_next",
    )

    def __init__(self, catalog: Catalog) -> None:
        if len(catalog.cards) > 32:
            raise ValueError("the compact deck holds card ids 0-31")
        self.tracker = catalog.tracker_id
        self.code = tuple(card.code for card in catalog.cards)
        storable = sorted(c.code for c in catalog.cards if not c.is_round_tracker)
        ranks = {code: rank for rank, code in enumerate(storable)}
        self.code_rank = tuple(ranks.get(code, -1) for code in self.code)
        """Each card's place in code order: payments and releases name stored cards in
        code order, which differs from id order once feat cards (R30) are in play."""
        self.sort_key = tuple(
            (self.code_rank[p >> 3] if p >> 3 < len(self.code) else 0) << 8 | p for p in range(256)
        )
        """Sorting packed values by this puts them in code order (equal values together)."""
        self.holds: list[int] = []
        self.alone: list[tuple[tuple[Step, ...], tuple[Step, ...]] | None] = []
        """Per packed card whose actions are all free: its steps as card 1 and as card 2
        when no release is needed (``None`` for a card with a cost)."""
        self.stores: list[bool] = []
        """Per packed card: whether it can be stored (then four stored cards matter, R20)."""
        self.actions: list[tuple[tuple[str, tuple[int, ...], int, tuple[Step, Step]], ...]] = []
        """Per packed card: its usable actions as (kind, cost, packed after, the step
        for card 1 and for card 2 when nothing is paid)."""
        for packed in range(256):
            card_id = packed >> 3
            if card_id >= len(catalog.cards):
                self.holds.append(0)
                self.actions.append(())
                self.alone.append(((), ()))
                self.stores.append(False)
                continue
            face = catalog.cards[card_id].faces[(packed >> 1) & 3]
            self.holds.append(_packed(face.yields))
            # R23: the tracker is never an action target; a stored card shows only
            # resources, so its actions are not available (docs/rules.md).
            usable = not packed & 1 and card_id != catalog.tracker_id
            row: list[tuple[str, tuple[int, ...], int, tuple[Step, Step]]] = []
            for a in face.actions if usable else ():
                # R9 store sets the stored bit; R10 rotate and R11 flip toggle the
                # orientation's low and high bit (the catalog checks its targets agree).
                after = (
                    packed | 1 if a.kind == "store" else packed ^ (2 if a.kind == "rotate" else 4)
                )
                ready: tuple[Step, Step] = (
                    (Move(a.kind, 1), 0, ONE[after], ()),
                    (Move(a.kind, 2), 1, ONE[after], ()),
                )
                row.append((a.kind, tuple(_packed(alt) for alt in a.cost), after, ready))
            self.actions.append(tuple(row))
            free = all(not cost for _, cost, _, _ in row)
            self.alone.append(
                (tuple(r[3][0] for r in row), tuple(r[3][1] for r in row)) if free else None
            )
            self.stores.append(any(kind == "store" for kind, _, _, _ in row))
        faces = catalog.cards[self.tracker].faces
        nxt = [0] * 256
        for orientation in range(4):
            target = faces[orientation].actions[0].to
            assert target is not None
            nxt[self.tracker << 3 | orientation << 1] = self.tracker << 3 | int(target) << 1
        self.tracker_next = tuple(ONE[v] for v in nxt)
        """R22: the tracker's packed byte once it has turned to show the next round."""
        self.stored_only = bytes(p if p & 1 else 0 for p in range(256))
        """A translation table keeping stored entries and zeroing the rest."""
        self.memo: dict[bytes, Entry] = {}
        self.parts: dict[tuple[int, int, bytes], tuple[Step, ...]] = {}
        """One card's steps per (packed card, 0 or 1 for card 1 or 2, stored cards)."""
        self.discard: tuple[Step, ...] = tuple((DISCARD, 0, ONE[p], ()) for p in range(256))
        self.pay_masks: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}
        self.last: tuple[tuple[int, ...], Entry, bytes] | None = None
        """The last tuple deck listed and its entry (the deck is kept alive, so its
        identity is a safe key)."""

    def entry(self, deck: bytes) -> Entry:
        """The moves and steps of a deck (memoised on top two cards + stored cards)."""
        stored = deck.translate(self.stored_only).replace(b"\0", b"")
        if len(stored) > 1:
            stored = bytes(sorted(stored))  # the order does not matter: more keys repeat
        key = deck[:2] + stored
        found = self.memo.get(key)
        if found is None:
            if len(self.memo) >= _MEMO_LIMIT:
                self.memo.clear()
                self.parts.clear()
            if deck[0] >> 3 == self.tracker:
                steps: tuple[Step, ...] = ()  # R25: on top only once the game is over.
            else:
                steps = (
                    *self._card_steps(deck[0], 0, stored),
                    *self._card_steps(deck[1], 1, stored),
                    self.discard[deck[0]],  # R7, R13: discarding card 1 is always possible.
                )
            found = self.memo[key] = Entry(steps)
        return found

    def _card_steps(self, packed: int, taken: int, stored_bytes: bytes) -> tuple[Step, ...]:
        """One card's steps: its printed actions in order, each with its payments, and for
        a store that leaves four cards stored one step per card to release (R20)."""
        alone = self.alone[packed]
        if alone is not None and (len(stored_bytes) < STORE_LIMIT or not self.stores[packed]):
            return alone[taken]  # nothing paid, nothing released: the stored cards do not matter
        key = (packed, taken, stored_bytes)
        found = self.parts.get(key)
        if found is not None:
            return found
        # Payments and releases name stored cards in code order (notation sorts them);
        # equal values (copies merged by a search) stay in deck order.
        count = len(stored_bytes)
        stored = sorted(stored_bytes, key=self.sort_key.__getitem__) if count > 1 else stored_bytes
        names: list[str] = []  # filled when a step first names a stored card
        marks: list[tuple[bytes, bytes, int]] = []
        holds: tuple[int, ...] | None = None
        steps: list[Step] = []
        for kind, cost, after, ready in self.actions[packed]:
            if not cost:  # R14: a free action costs nothing.
                if kind != "store" or count < STORE_LIMIT:
                    steps.append(ready[taken])
                    continue
                masks: tuple[int, ...] = (0,)
            else:
                if holds is None:
                    holds = tuple([self.holds[p] for p in stored])
                masks_found = self.pay_masks.get((cost, holds))
                if masks_found is None:
                    masks_found = self.pay_masks[cost, holds] = _payment_masks(cost, holds)
                masks = masks_found
            if masks and not names:
                names = [self.code[p >> 3] for p in stored]
                # In a search's merged deck (docs/solver.md) copies of one card can share
                # a packed value, so a cleared card is named by its value *and* which
                # occurrence of that value in the deck it is.
                marks = [(ONE[p], ONE[p ^ 1], stored[:i].count(p)) for i, p in enumerate(stored)]
            for mask in masks:
                paid = _MEMBERS[mask]
                if kind == "store" and count - len(paid) >= STORE_LIMIT:
                    # R20: to store a fifth card, first un-store one of the four.
                    for free in range(count):
                        if free not in paid:
                            steps.append(_step(kind, taken, after, names, marks, paid, free))
                else:
                    steps.append(_step(kind, taken, after, names, marks, paid, None))
        found = self.parts[key] = tuple(steps)
        return found

    def play(
        self, deck: bytes, round_: int, step: Step, events: list[Event] | None = None
    ) -> tuple[bytes, int]:
        """The deck and round after ``step`` and the automatic steps that follow.

        R15 and R20: each card un-stored to pay or to make room turns back in place,
        its leftover resources lost (R16); the acting card goes to the back (R7-R11).
        """
        _, taken, after, clears = step
        for stored, unstored, occurrence in clears:
            if occurrence:
                at = deck.index(stored)
                for _ in range(occurrence):
                    at = deck.index(stored, at + 1)
                deck = deck[:at] + unstored + deck[at + 1 :]
            else:
                deck = deck.replace(stored, unstored, 1)
        deck = deck[1:] + after if not taken else deck[:1] + deck[2:] + after
        top = deck[0]
        if top & 1 or top >> 3 == self.tracker:
            return self.settle(deck, round_, events)
        return deck, round_

    def settle(
        self, deck: bytes, round_: int, events: list[Event] | None = None
    ) -> tuple[bytes, int]:
        """Resolve R21 and R22 until a playable card is on top (or R25 ends the game)."""
        tracker = self.tracker
        while True:
            top = deck[0]
            if top & 1:
                # R21: a stored card that reaches the top is returned; its resources are lost.
                deck = deck[1:] + ONE[top ^ 1]
                if events is not None:
                    events.append(StoredCardReturned(self.code[top >> 3]))
            elif top >> 3 == tracker:
                if events is not None:
                    events.append(RoundEnded(round_))
                if round_ == ROUNDS:
                    return deck, round_  # R25: the game ends; the tracker stays on top.
                # R22: the tracker turns with its free action to show the next round.
                deck = deck[1:] + self.tracker_next[top]
                round_ += 1
            else:
                return deck, round_


def _step(
    kind: str,
    taken: int,
    after: int,
    names: list[str],
    marks: list[tuple[bytes, bytes, int]],
    paid: tuple[int, ...],
    free: int | None,
) -> Step:
    """One step; stored cards are named by their index in code order. Clears of one
    value come last occurrence first, so clearing one does not renumber the next."""
    pay = tuple([names[i] for i in paid])
    if free is None:
        move = _new(Move, (kind, taken + 1, pay, None))
        cleared = sorted(paid, reverse=True) if len(paid) > 1 else paid
    else:
        move = _new(Move, (kind, taken + 1, pay, names[free]))
        cleared = sorted((*paid, free), reverse=True)
    return (move, taken, ONE[after], tuple([marks[i] for i in cleared]))


def tables(catalog: Catalog) -> Tables:
    """The catalog's rule tables, built on first use."""
    found = catalog.rules_memo
    if found is None:
        found = catalog.rules_memo = Tables(catalog)
    return found  # type: ignore[return-value]


def entry_of(deck: tuple[int, ...], catalog: Catalog) -> tuple[Entry, bytes]:
    """The moves and steps of a tuple deck, and the deck as bytes; the last answer is
    kept, as ``apply_move`` usually follows ``legal_moves`` of the same state."""
    t = catalog.rules_memo
    if t is None:
        t = tables(catalog)
    last = t.last  # type: ignore[attr-defined]
    if last is None or last[0] is not deck:
        # One tuple, replaced whole, so a search thread and the UI never mix answers.
        packed = bytes(deck)
        last = t.last = (deck, t.entry(packed), packed)  # type: ignore[attr-defined]
    return last[1], last[2]


def legal(deck: tuple[int, ...], catalog: Catalog) -> tuple[Move, ...]:
    """The legal moves of a deck, in the documented order."""
    return entry_of(deck, catalog)[0].moves


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
