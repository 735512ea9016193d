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

_MEMO_LIMIT = 400_000
"""Step-table keys kept before the memo is emptied (bounds memory in long searches)."""


class Entry:
    """The legal moves of one key (top two cards, stored cards) and their steps."""

    __slots__ = ("by_move", "moves", "steps")

    def __init__(self, steps: tuple[Step, ...]) -> None:
        self.steps = steps
        self.moves: tuple[Move, ...] = tuple(step[0] for step in steps)
        self.by_move: dict[Move, Step] | None = None
        """Built on the first ``apply_move`` of this key."""

    def step_for(self, move: Move) -> Step | None:
        by_move = self.by_move
        if by_move is None:
            by_move = self.by_move = {step[0]: step for step in self.steps}
        return by_move.get(move)


class Tables:
    """Per-catalog tables for the rules (built once, kept in ``catalog.rules_memo``)."""

    __slots__ = (
        "actions",
        "code",
        "code_rank",
        "discard",
        "holds",
        "last",
        "memo",
        "parts",
        "pay_masks",
        "stored_only",
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
        self.holds: list[int] = []
        self.actions: list[tuple[tuple[str, tuple[int, ...], int], ...]] = []
        for packed in range(256):
            card_id = packed >> 3
            if card_id >= len(catalog.cards):
                self.holds.append(0)
                self.actions.append(())
                continue
            face = catalog.cards[card_id].faces[(packed >> 1) & 3]
            self.holds.append(_packed(face.yields))
            # R23: the tracker is never an action target; a stored card shows only
            # resources, so its actions are not available (docs/rules.md).
            usable = not packed & 1 and card_id != catalog.tracker_id
            row = []
            for a in face.actions if usable else ():
                # R9 store sets the stored bit; R10 rotate and R11 flip toggle the
                # orientation's low and high bit (the catalog checks its targets agree).
                after = (
                    packed | 1 if a.kind == "store" else packed ^ (2 if a.kind == "rotate" else 4)
                )
                row.append((a.kind, tuple(_packed(alt) for alt in a.cost), after))
            self.actions.append(tuple(row))
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
        self.last: tuple[tuple[int, ...], Entry] | None = None
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
        key = (packed, taken, stored_bytes)
        found = self.parts.get(key)
        if found is not None:
            return found
        rank = self.code_rank
        # Payments and releases name stored cards in code order (notation sorts them);
        # equal values (copies merged by a search) stay in deck order.
        stored = sorted(stored_bytes, key=lambda p: (rank[p >> 3], p))
        full = len(stored) >= STORE_LIMIT
        holds: tuple[int, ...] | None = None
        steps: list[Step] = []
        for kind, cost, after in self.actions[packed]:
            if not cost:  # R14: a free action costs nothing.
                masks: tuple[int, ...] = (0,)
            else:
                if holds is None:
                    holds = tuple([self.holds[p] for p in stored])
                masks_found = self.pay_masks.get((cost, holds))
                if masks_found is None:
                    masks_found = self.pay_masks[cost, holds] = _payment_masks(cost, holds)
                masks = masks_found
            for mask in masks:
                paid = _MEMBERS[mask]
                if kind == "store" and full and len(stored) - len(paid) >= STORE_LIMIT:
                    # R20: to store a fifth card, first un-store one of the four.
                    for free in range(len(stored)):
                        if free not in paid:
                            steps.append(self._step(kind, taken, after, stored, paid, free))
                else:
                    steps.append(self._step(kind, taken, after, stored, paid, None))
        found = self.parts[key] = tuple(steps)
        return found

    def _step(
        self,
        kind: str,
        taken: int,
        after: int,
        stored: list[int],
        paid: tuple[int, ...],
        free: int | None,
    ) -> Step:
        """One step; stored cards are named by index into ``stored``.

        In a search's merged deck (docs/solver.md) copies of one card can share a
        packed value, so a cleared card is named by its value *and* which occurrence
        of that value in the deck it is; clears of one value come last occurrence
        first, so clearing one does not renumber the next.
        """
        code = self.code
        pay = tuple(code[stored[i] >> 3] for i in paid)
        release = None if free is None else code[stored[free] >> 3]
        move = Move(kind, taken + 1, pay, release) if pay or release else Move(kind, taken + 1)  # type: ignore[arg-type]
        cleared = sorted((*paid, free) if free is not None else paid, reverse=True)
        clears = tuple(
            (ONE[stored[i]], ONE[stored[i] ^ 1], stored[:i].count(stored[i])) for i in cleared
        )
        return (move, taken, ONE[after], clears)

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


def tables(catalog: Catalog) -> Tables:
    """The catalog's rule tables, built on first use."""
    found = catalog.rules_memo
    if found is None:
        found = catalog.rules_memo = Tables(catalog)
    return found  # type: ignore[return-value]


def entry_of(deck: tuple[int, ...], catalog: Catalog) -> Entry:
    """The moves and steps of a tuple deck; the last answer is kept, as apply usually
    follows a listing."""
    t = tables(catalog)
    last = t.last
    if last is None or last[0] is not deck:
        # One tuple, replaced whole, so a search thread and the UI never mix answers.
        last = t.last = (deck, t.entry(bytes(deck)))
    return last[1]


def legal(deck: tuple[int, ...], catalog: Catalog) -> tuple[Move, ...]:
    """The legal moves of a deck, in the documented order."""
    return entry_of(deck, catalog).moves


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
