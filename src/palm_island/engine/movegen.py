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

Clear = tuple[bytes, bytes, int]
"""A stored card un-stored: its (stored, un-stored) byte and which occurrence of that
byte in the deck it is (0 except in a search's merged deck, see :meth:`Tables._info`)."""
Step = tuple[int, bytes, tuple[Clear, ...]]
"""``(taken, after, clears)``: 0 for card 1 or 1 for card 2 (the card sent to the
back), its packed value there (one byte), and the stored cards it un-stores."""
Moves = tuple[Move, ...]
Steps = tuple[Step, ...]
Entry = tuple[Moves, Steps]
"""A position's legal moves and, in the same order, their steps."""
Plan = tuple[int, int, int]
"""One way to pay for an action: bit masks (over the stored cards in code order) of
the cards paid and of every card un-stored, and the index of the card released
first (R20), or -1."""
Info = tuple[
    tuple[int, ...], list[str | None], dict[int, tuple[str, ...]], dict[int, tuple[Clear, ...]]
]
"""Per set of stored cards (code order): what each holds, their codes (then ``None``,
for "no release"), and per bit mask the codes paid and the clears (filled on use)."""

_new = tuple.__new__
_DISCARD_MOVES: Final = (DISCARD,)
_NO_MOVES: Final[Entry] = ((), ())
"""R25: the tracker is on top only once the game is over."""
_MEMO_LIMIT = 400_000
"""Step-table keys kept before the memo is emptied (bounds memory in long searches)."""


class Tables:
    """Per-catalog tables for the rules (built once, kept in ``catalog.rules_memo``).

    A random game meets mostly new keys (three in four), so building an entry is on
    the hot path too. Memoised steps are plain tuples of bytes and ints, which the
    garbage collector stops tracking, and moves are shared (:attr:`interned`): a
    memo that holds fewer tracked objects keeps Python's collections cheap.
    """

    __slots__ = (
        "actions",
        "clear_of",
        "code",
        "discard",
        "fixed",
        "holds",
        "infos",
        "interned",
        "last",
        "memo",
        "move_memo",
        "part_moves",
        "part_steps",
        "plans",
        "stored_rank",
        "tracker",
        "tracker_next",
        "unranked",
    )

    def __init__(self, catalog: Catalog) -> None:
        if len(catalog.cards) > 32:
            raise ValueError("the compact deck holds card ids 0-31")
        self.tracker = catalog.tracker_id
        self.code = tuple(card.code for card in catalog.cards)
        storable = sorted(c.code for c in catalog.cards if not c.is_round_tracker)
        ranks = {code: rank for rank, code in enumerate(storable)}
        # Payments and releases name stored cards in code order, which differs from id
        # order once feat cards (R30) are in play. A stored card's *rank byte* is its
        # packed value with the id replaced by its place in code order: sorting rank
        # bytes sorts in code order, equal values together.
        rank_byte = [0] * 256
        unranked = [0] * 256
        for packed in range(1, len(self.code) * 8, 2):
            rank = ranks.get(self.code[packed >> 3], -1)
            if rank >= 0:
                rank_byte[packed] = rank << 3 | packed & 7
                unranked[rank << 3 | packed & 7] = packed
        self.stored_rank = bytes(rank_byte)
        """A translation table: each stored entry to its rank byte, the rest to 0."""
        self.unranked = tuple(unranked)
        """Each rank byte back to its packed value."""
        self.clear_of = tuple((ONE[p], ONE[p ^ 1], 0) for p in unranked)
        """Per rank byte: the clear un-storing that card (its first occurrence)."""
        self.holds: list[int] = []
        self.actions: list[tuple[tuple[str, tuple[int, ...], int, tuple[Move, Move]], ...]] = []
        """Per packed card: its usable actions as (kind, cost, packed after, the move
        as card 1 and as card 2 when nothing is paid)."""
        none: tuple[Steps, Moves] = ((), ())
        fixed: tuple[list[tuple[Steps, Moves, Steps, Moves] | None], ...] = ([], [])
        for packed in range(256):
            card_id = packed >> 3
            if card_id >= len(catalog.cards):
                self.holds.append(0)
                self.actions.append(())
                fixed[0].append((*none, *none))
                fixed[1].append((*none, *none))
                continue
            face = catalog.cards[card_id].faces[(packed >> 1) & 3]
            self.holds.append(_packed(face.yields))
            # R23: the tracker is never an action target; a stored card shows only
            # resources, so its actions are not available (docs/rules.md).
            usable = not packed & 1 and card_id != catalog.tracker_id
            row: list[tuple[str, tuple[int, ...], int, tuple[Move, Move]]] = []
            for a in face.actions if usable else ():
                # R9 store sets the stored bit; R10 rotate and R11 flip toggle the
                # orientation's low and high bit (the catalog checks its targets agree).
                after = (
                    packed | 1 if a.kind == "store" else packed ^ (2 if a.kind == "rotate" else 4)
                )
                ready = (Move(a.kind, 1), Move(a.kind, 2))
                row.append((a.kind, tuple(_packed(alt) for alt in a.cost), after, ready))
            self.actions.append(tuple(row))
            free = all(not cost for _, cost, _, _ in row)
            stores = any(kind == "store" for kind, _, _, _ in row)
            alone = (
                tuple((0, ONE[after], ()) for _, _, after, _ in row),
                tuple(ready[0] for _, _, _, ready in row),
                tuple((1, ONE[after], ()) for _, _, after, _ in row),
                tuple(ready[1] for _, _, _, ready in row),
            )
            fixed[0].append(alone if free else None)
            fixed[1].append(alone if free and not stores else None)
        self.fixed = fixed
        """Per number of stored cards (0: fewer than four, 1: four) and packed card: its
        steps and moves as card 1 and as card 2 when the stored cards do not matter to
        them (every action free, and no store that would need a release, R20)."""
        faces = catalog.cards[self.tracker].faces
        nxt = [0] * 256
        for orientation in range(4):
            target = faces[orientation].actions[0].to
            assert target is not None
            nxt[self.tracker << 3 | orientation << 1] = self.tracker << 3 | int(target) << 1
        self.tracker_next = tuple(ONE[v] for v in nxt)
        """R22: the tracker's packed byte once it has turned to show the next round."""
        self.memo: dict[bytes, Steps] = {}
        """Steps per key: the top two cards and the stored cards' rank bytes, sorted."""
        self.move_memo: dict[bytes, Moves] = {}
        """Moves per key, in the order of the steps."""
        self.part_steps: tuple[dict[bytes, Steps], dict[bytes, Steps]] = ({}, {})
        """Card 1's and card 2's steps per (packed card + the key's stored cards)."""
        self.part_moves: tuple[dict[bytes, Moves], dict[bytes, Moves]] = ({}, {})
        self.infos: dict[bytes, Info] = {}
        self.plans: dict[tuple[bool, tuple[int, ...], tuple[int, ...]], tuple[Plan, ...]] = {}
        """Per (store?, cost, what the stored cards hold): the ways to pay."""
        self.interned: dict[Move, Move] = {}
        """One object per paid move, shared by every entry that lists it."""
        self.discard: tuple[tuple[Step], ...] = tuple(((0, ONE[p], ()),) for p in range(256))
        self.last: tuple[tuple[int, ...], Entry, bytes] | None = None
        """The last tuple deck listed and its entry (the deck is kept alive, so its
        identity is a safe key)."""

    def steps(self, deck: bytes) -> Steps:
        """The steps of a deck's legal moves, in ``legal_moves`` order (memoised on the
        top two cards and the stored cards)."""
        stored = deck.translate(self.stored_rank).replace(b"\0", b"")
        if len(stored) > 1:
            stored = bytes(sorted(stored))  # the order does not matter: more keys repeat
        key = deck[:2] + stored
        found = self.memo.get(key)
        if found is None:
            return self._build(deck, stored, key)[1]
        return found

    def entry(self, deck: bytes) -> Entry:
        """The legal moves of a deck and their steps (see :meth:`steps`)."""
        stored = deck.translate(self.stored_rank).replace(b"\0", b"")
        if len(stored) > 1:
            stored = bytes(sorted(stored))
        key = deck[:2] + stored
        found = self.memo.get(key)
        if found is None:
            return self._build(deck, stored, key)
        return self.move_memo[key], found

    def _build(self, deck: bytes, stored: bytes, key: bytes) -> Entry:
        """A memo miss: the entry from the two cards' parts and discard (R7, R13)."""
        memo = self.memo
        if len(memo) >= _MEMO_LIMIT:
            for table in (memo, self.move_memo, *self.part_steps, *self.part_moves):
                table.clear()
            self.infos.clear()
        first = deck[0]
        if first >> 3 == self.tracker:
            memo[key], self.move_memo[key] = _NO_MOVES[1], _NO_MOVES[0]
            return _NO_MOVES
        second = deck[1]
        fixed = self.fixed[len(stored) >= STORE_LIMIT]
        alone = fixed[first]
        if alone is not None:
            steps1, moves1 = alone[0], alone[1]
        else:
            part_key = ONE[first] + stored
            steps1 = self.part_steps[0].get(part_key)  # type: ignore[assignment]
            if steps1 is None:
                steps1, moves1 = self._part(first, 0, stored, part_key)
            else:
                moves1 = self.part_moves[0][part_key]
        alone = fixed[second]
        if alone is not None:
            steps2, moves2 = alone[2], alone[3]
        else:
            part_key = ONE[second] + stored
            steps2 = self.part_steps[1].get(part_key)  # type: ignore[assignment]
            if steps2 is None:
                steps2, moves2 = self._part(second, 1, stored, part_key)
            else:
                moves2 = self.part_moves[1][part_key]
        steps = memo[key] = steps1 + steps2 + self.discard[first]
        moves = self.move_memo[key] = moves1 + moves2 + _DISCARD_MOVES
        return moves, steps

    def _part(self, packed: int, taken: int, stored: bytes, key: bytes) -> tuple[Steps, Moves]:
        """One card's steps: its printed actions in order, each with its payments, and for
        a store that leaves four cards stored one step per card to release (R20)."""
        info = self.infos.get(stored)
        if info is None:
            info = self._info(stored)
        holds, names, pays, clears = info
        count = len(holds)
        steps: list[Step] = []
        moves: list[Move] = []
        interned = self.interned
        for kind, cost, after, ready in self.actions[packed]:
            store = kind == "store"
            if not cost and (count < STORE_LIMIT or not store):  # R14: free, nothing to release
                steps.append((taken, ONE[after], ()))
                moves.append(ready[taken])
                continue
            plans = self.plans.get((store, cost, holds))
            if plans is None:
                plans = self.plans[store, cost, holds] = _plans(store, cost, holds)
            byte = ONE[after]
            card = taken + 1
            for paid, cleared, release in plans:
                pay = pays.get(paid)
                if pay is None:
                    pay = pays[paid] = tuple([names[i] for i in _MEMBERS[paid]])  # type: ignore[misc]
                move = _new(Move, (kind, card, pay, names[release]))
                moves.append(interned.setdefault(move, move))
                clear = clears.get(cleared)
                if clear is None:
                    # Clears of one value come last occurrence first, so clearing one
                    # does not renumber the next.
                    clear = clears[cleared] = self._clears(stored, cleared)
                steps.append((taken, byte, clear))
        found = self.part_steps[taken][key] = tuple(steps)
        found_moves = self.part_moves[taken][key] = tuple(moves)
        return found, found_moves

    def _info(self, stored: bytes) -> Info:
        """What the stored cards (rank bytes, code order) hold and their codes."""
        packed = [self.unranked[r] for r in stored]
        found = self.infos[stored] = (
            tuple([self.holds[p] for p in packed]),
            [*[self.code[p >> 3] for p in packed], None],
            {},
            {},
        )
        return found

    def _clears(self, stored: bytes, mask: int) -> tuple[Clear, ...]:
        """The clears of the stored cards (rank bytes) in ``mask``, highest index first."""
        indices = _MEMBERS[mask][::-1]
        if len(set(stored)) == len(stored):
            return tuple([self.clear_of[stored[i]] for i in indices])
        # In a search's merged deck (docs/solver.md) copies of one card can share a
        # packed value, so a cleared card is named by its value *and* which occurrence
        # of that value in the deck it is.
        packed = [self.unranked[r] for r in stored]
        return tuple(
            [(ONE[packed[i]], ONE[packed[i] ^ 1], packed[:i].count(packed[i])) for i in indices]
        )

    def play(
        self, deck: bytes, round_: int, step: Step, events: list[Event] | None = None
    ) -> tuple[bytes, int]:
        """The deck and round after ``step`` and the automatic steps that follow.

        R15 and R20: each card un-stored to pay or to make room turns back in place,
        its leftover resources lost (R16); the acting card goes to the back (R7-R11).
        """
        taken, after, clears = step
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
    return entry_of(deck, catalog)[0][0]


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


def _plans(store: bool, cost: tuple[int, ...], holds: tuple[int, ...]) -> tuple[Plan, ...]:
    """The ways to pay for an action with cards holding ``holds`` (code order), in
    move order; a store that leaves four cards stored releases one first (R20)."""
    count = len(holds)
    found: list[Plan] = []
    for mask in _payment_masks(cost, holds) if cost else (0,):
        paid = _MEMBERS[mask]
        if store and count - len(paid) >= STORE_LIMIT:
            found.extend(
                (mask, mask | 1 << free, free) for free in range(count) if free not in paid
            )
        else:
            found.append((mask, mask, -1))
    return tuple(found)


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
