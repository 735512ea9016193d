"""Provides the rules' moves as *steps* on a compact deck: one implementation for play
and for search.

A deck here is ``bytes``: one packed entry per card (``id << 3 | orientation << 1 |
stored``; ids stay below 32, so every entry fits a byte). Bytes are cheap to slice,
join and hash, which is what a search does millions of times.

A *step* is what a legal move does to the deck: which of the top two cards acts
(``taken``), what it becomes at the back (``after``), and which stored cards are
un-stored in place to pay or to make room (``clears``, R15, R20). The steps of a
deck depend only on its top two cards and its stored cards, so they are built from
the catalog's printed actions: shared per pair of top cards when the stored cards
matter to neither; else a search builds and keeps them per key (top two cards +
stored cards, :meth:`Tables.known`), while play, which applies one move of a
position it will not meet again, lists the moves only (:meth:`Tables.listing`) and
finds the chosen move's step from the move (:meth:`Tables.step_of`). Both list the
moves from the same printed actions and payment plans, and the steps are played by
:meth:`Tables.turn` and :meth:`Tables.settle` (the automatic steps, R21, R22, R25):
``apply_move`` calls them, and the solver (:class:`~.search.CompactRules`) calls
:meth:`Tables.successors`, which plays all of a position's steps at once with the
same settle (and is tested equal to ``play`` step by step), so a rule lives here only.

The order of the moves is documented on :func:`palm_island.engine.legal_moves`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Final, TypeVar

from .cards import ROUNDS, Catalog, Resources
from .events import Event, RoundEnded, StoredCardReturned
from .layout import pack, tracker_turned
from .moves import DISCARD, Move
from .state import STORE_LIMIT

ONE: Final = tuple(bytes((value,)) for value in range(256))
"""Each packed value as a one-byte deck fragment."""

Step = tuple[int, bytes, bytes]
"""``(taken, after, clears)``: 0 for card 1 or 1 for card 2 (the card sent to the
back), its packed value there (one byte), and two bytes per stored card it un-stores:
the card's packed value and which occurrence of that value in the deck it is (0
except in a search's merged deck, see :meth:`Tables._clears`). Bytes, not tuples: the
garbage collector never tracks them (see :class:`Tables`)."""
Moves = tuple[Move, ...]
Steps = tuple[Step, ...]
Entry = tuple[Moves, Steps]
"""A position's legal moves and, in the same order, their steps."""
Known = tuple[int, Steps]
"""A memoised entry: its moves' index in :attr:`Tables.move_lists`, and its steps
(ints, bytes and tuples of them, which the garbage collector stops tracking)."""
Info = tuple[tuple[int, ...], tuple[str | None, ...], tuple[bytes, ...] | None, bytes, bytes, int]
"""Per set of stored cards (rank bytes, code order): what each holds, their codes
(then ``None``, for "no release"), their clears (``None`` when two share a value),
and per packed card whether its steps depend on these stored cards (see
:meth:`Tables._depends`), the stored cards' rank bytes in code order, and a number
for what they hold (the same for equal holdings, see :attr:`Tables.plans`)."""
Part = tuple[tuple[int, ...], Steps]
"""One card's moves (as ids, see :attr:`Tables.move_list`) and steps."""
Plan = tuple[int, int, int]
"""One way to pay for an action: bit masks (over the stored cards in code order) of
the cards paid and of every card un-stored, and the index of the card released first
(R20) or -1."""

_new = tuple.__new__
_T = TypeVar("_T")
_NO_MOVES: Final[Known] = (0, ())
"""R25: the tracker is on top only once the game is over."""
_DISCARDING: Final = (DISCARD,)
_MEMO_LIMIT = 400_000
"""Step-table keys kept before the memo is emptied (bounds memory in long searches)."""
_KINDS: Final = ("store", "rotate", "flip")


class Tables:
    """Per-catalog tables for the rules (built once, kept in ``catalog.rules_memo``).

    A random game meets mostly new keys (three in four), so finding a position's
    steps must be cheap even when they were never built. In more than half
    of them the stored cards matter to neither top card (no cost of theirs is affordable
    and no release is due): their steps are the cards' free actions, shared per
    pair of top cards (:attr:`pairs`), and one look-up in a row per total of the
    stored cards' resources tells (:meth:`_depends`). The rest are memoised per key
    (:attr:`memo`) and built from each card's part, memoised per card and stored
    cards.

    Python's garbage collector walks every tracked object now and then, so the memos
    hold only objects it stops tracking (bytes, ints and tuples of them) or shares:
    a step holds no move; moves are kept once each (:attr:`move_list`) and a part
    lists them by id; equal move lists are one tuple (:attr:`move_lists`), which an
    entry names by its index.
    """

    __slots__ = (
        "actions",
        "after_of",
        "clear_of",
        "clear_runs",
        "code",
        "costly",
        "costs",
        "dependence",
        "discard",
        "free",
        "free_moves",
        "free_store",
        "holds",
        "holds_ids",
        "id_bytes",
        "id_of_code",
        "infos",
        "last",
        "made",
        "memo",
        "move_ids",
        "move_list",
        "move_list_ids",
        "move_lists",
        "not_stored",
        "pairs",
        "part_ids",
        "part_steps",
        "plan_ids",
        "plans",
        "shared_steps",
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
        self.not_stored = bytes(value for value in range(256) if not rank_byte[value])
        """The entries :attr:`stored_rank` drops (one ``translate`` both drops and maps)."""
        self.unranked = tuple(unranked)
        """Each rank byte back to its packed value."""
        self.clear_of = tuple(bytes((p, 0)) for p in unranked)
        """Per rank byte: the clear un-storing that card (its first occurrence)."""
        self.move_ids: dict[Move, int] = {}
        self.move_list: list[Move] = []
        """Every move listed so far, once; its index is its id."""
        discard_id = self._id(DISCARD)
        self.holds: list[int] = []
        self.plan_ids: dict[tuple[int, tuple[int, ...]], int] = {}
        """A number per (kind index, cost) an action shows (see :attr:`plans`)."""
        self.holds_ids: dict[tuple[int, ...], int] = {}
        """A number per holdings of the stored cards, code order (see :attr:`plans`)."""
        self.actions: list[tuple[tuple[str, int, tuple[int, ...], int, Part, int], ...]] = []
        """Per packed card: its usable actions as (kind, index in :data:`_KINDS`, cost,
        packed after, as card 1 and card 2 the move id and step when nothing is
        paid, and the number of its kind and cost)."""
        self.free: list[tuple[Part, Part]] = []
        """Per packed card: the moves and steps of its free actions as card 1 and as
        card 2, each action once (no release, R20)."""
        self.costs: list[tuple[int, ...]] = []
        """Per packed card: every alternative of every cost it shows."""
        self.free_store: list[bool] = []
        """Per packed card: whether it shows a free store (which may need a release)."""
        for packed in range(256):
            card_id = packed >> 3
            row: list[tuple[str, int, tuple[int, ...], int, Part, int]] = []
            if card_id < len(catalog.cards):
                face = catalog.cards[card_id].faces[(packed >> 1) & 3]
                self.holds.append(_packed(face.yields))
                # R23: the tracker is never an action target; a stored card shows only
                # resources, so its actions are not available (docs/rules.md).
                usable = not packed & 1 and card_id != catalog.tracker_id
                for a in face.actions if usable else ():
                    # R9 store sets the stored bit; R10 rotate and R11 flip toggle the
                    # orientation's low and high bit (the catalog checks its targets agree).
                    after = (
                        packed | 1
                        if a.kind == "store"
                        else packed ^ (2 if a.kind == "rotate" else 4)
                    )
                    ready: Part = (
                        (self._id(Move(a.kind, 1)), self._id(Move(a.kind, 2))),
                        ((0, ONE[after], b""), (1, ONE[after], b"")),
                    )
                    cost = tuple(_packed(alt) for alt in a.cost)
                    index = _KINDS.index(a.kind)
                    plan = self.plan_ids.setdefault((index, cost), len(self.plan_ids))
                    row.append((a.kind, index, cost, after, ready, plan))
            else:
                self.holds.append(0)
            self.actions.append(tuple(row))
            free = [ready for _, _, cost, _, ready, _ in row if not cost]
            self.free.append(
                (
                    (tuple(r[0][0] for r in free), tuple(r[1][0] for r in free)),
                    (tuple(r[0][1] for r in free), tuple(r[1][1] for r in free)),
                )
            )
            self.costs.append(tuple(alt for _, _, cost, _, _, _ in row for alt in cost))
            self.free_store.append(any(k == "store" and not cost for k, _, cost, _, _, _ in row))
        self.after_of = tuple({k: after for k, _, _, after, _, _ in row} for row in self.actions)
        """Per packed card: what each of its usable actions turns it into."""
        self.free_moves = tuple(
            tuple(tuple([self.move_list[i] for i in part[0]]) for part in pair)
            for pair in self.free
        )
        """Per packed card: the moves of :attr:`free`, as card 1 and as card 2."""
        self.id_of_code = {code: card_id for card_id, code in enumerate(self.code)}
        self.id_bytes = bytes(p >> 3 if p < len(self.code) * 8 else 255 for p in range(256))
        """A translation table: each packed value to its card id."""
        self.costly = [p for p in range(256) if self.costs[p] or self.free_store[p]]
        """The packed cards whose steps may depend on the stored cards."""
        nxt = [0] * 256
        for orientation in range(4):
            turned = tracker_turned(catalog, orientation)
            nxt[pack(self.tracker, orientation)] = pack(self.tracker, turned)
        self.tracker_next = tuple(ONE[v] for v in nxt)
        """R22: the tracker's packed byte once it has turned to show the next round."""
        self.clear_runs: dict[bytes, tuple[tuple[bytes, bytes], ...] | None] = {}
        """Per ``clears`` of a step: the (stored, un-stored) one-byte pairs to replace, in
        order, when each names its value's first occurrence; ``None`` when one names a
        later copy (see :meth:`successors`)."""
        self.memo: dict[bytes, Known] = {}
        """Per key (the top two cards and the stored cards' rank bytes, sorted): the
        legal moves (as an index in :attr:`move_lists`) and their steps."""
        self.move_lists: list[Moves] = [()]
        """Each list of legal moves met, once."""
        self.move_list_ids: dict[tuple[int, ...], int] = {(): 0}
        """Per list of move ids: its index in :attr:`move_lists`."""
        self.discard: tuple[Part, ...] = tuple(
            ((discard_id,), ((0, ONE[p], b""),)) for p in range(256)
        )
        """Per packed card 1: discard's move id and step (R7, R13)."""
        self.pairs: dict[int, Known] = {}
        """Per top two cards (``first << 8 | second``): the entry when the stored cards
        do not matter to either."""
        self.part_ids: tuple[dict[bytes, tuple[int, ...]], ...] = ({}, {})
        """Card 1's and card 2's move ids per (packed card + stored rank bytes)."""
        self.part_steps: tuple[dict[bytes, Steps], ...] = ({}, {})
        """Card 1's and card 2's steps per (packed card + stored rank bytes)."""
        self.shared_steps: dict[Step, Step] = {}
        """Each paid step built, once (many stored sets pay with the same cards)."""
        self.infos: dict[bytes, Info] = {}
        self.dependence: dict[int, bytes] = {}
        """Per (four stored?, total resources stored): :meth:`_depends` of every card."""
        self.plans: dict[int, tuple[Plan, ...]] = {}
        """Per kind and cost (``plan_ids``) and holdings (``holds_ids``), as
        ``holdings << 16 | kind and cost``: the ways to pay (an int key hashes at once)."""
        self.made: tuple[tuple[int, ...], bytes] = ((), b"")
        """The last deck ``apply_move`` made, as a tuple and as bytes (so listing its
        moves next need not convert it back)."""
        self.last: Last = ((), self, (), None, b"")
        """The last tuple deck listed, these tables, its moves and steps, and the deck
        as bytes (the deck is kept alive, so its identity is a safe key)."""

    def _id(self, move: Move) -> int:
        found = self.move_ids.get(move)
        if found is None:
            found = self.move_ids[move] = len(self.move_list)
            self.move_list.append(move)
        return found

    def steps(self, deck: bytes) -> Steps:
        """The steps of a deck's legal moves, in ``legal_moves`` order."""
        return self.known(deck)[1]

    def entry(self, deck: bytes) -> Entry:
        """The legal moves of a deck and their steps."""
        found = self.known(deck)
        return self.move_lists[found[0]], found[1]

    def known(self, deck: bytes) -> Known:
        """The moves (as an index in :attr:`move_lists`) and steps of a deck.

        Shared per top two cards when the stored cards matter to neither (never
        memoised per key: in random play half the positions are such, and most keys
        are never met again); else memoised on the top two cards and the stored cards.
        """
        shared, info = self._shared(deck)
        if shared is not None:
            return shared
        stored = info[4]  # the order does not matter: a canonical one repeats more
        key = deck[:2] + stored
        found = self.memo.get(key)
        if found is None:
            found = self._build(deck[0], deck[1], info, stored, key)
        return found

    def listing(self, deck: bytes) -> tuple[Moves, Steps | None]:
        """The legal moves of a deck, with their steps when they are shared.

        For play, which applies one move: when the stored cards matter, the moves are
        listed without steps (and not kept), and ``apply_move`` finds the chosen move's
        step with :meth:`step_of`. Random play almost never meets such a position
        again, so building (and keeping) all its steps cost more than it saved.
        """
        shared, info = self._shared(deck)
        if shared is not None:
            return self.move_lists[shared[0]], shared[1]
        first = deck[0]
        if first >> 3 == self.tracker:
            return (), None
        moves = self._card_moves(first, 0, info) + self._card_moves(deck[1], 1, info)
        return moves + _DISCARDING, None

    def _shared(self, deck: bytes) -> tuple[Known | None, Info]:
        """The entry shared per top two cards when the stored cards matter to neither
        (else ``None``), and the stored cards' info."""
        stored = deck.translate(self.stored_rank, self.not_stored)
        info = self.infos.get(stored)
        if info is None:
            info = self._info(stored)
        depends = info[3]
        first = deck[0]
        second = deck[1]
        if depends[first] or depends[second]:
            return None, info
        found = self.pairs.get(first << 8 | second)
        if found is None:
            found = self.pairs[first << 8 | second] = self._join(
                self.free[first][0], self.free[second][1], first
            )
        return found, info

    def step_of(self, deck: bytes, move: Move) -> Step:
        """The step of ``move``, legal in ``deck`` (a real deck: each card once).

        What the acting card becomes comes from the tables' actions (R9-R11); the
        cards it un-stores are the ones it names (R15, R20)."""
        kind, card, pay, release = move
        if kind == "discard":
            return self.discard[deck[0]][1][0]
        taken = card - 1
        after = ONE[self.after_of[deck[taken]][kind]]
        if release is not None:
            pay = (*pay, release)
        elif not pay:
            return taken, after, b""
        ids = deck.translate(self.id_bytes)
        code_id = self.id_of_code
        return (
            taken,
            after,
            bytes([value for code in pay for value in (deck[ids.index(code_id[code])], 0)]),
        )

    def _build(self, first: int, second: int, info: Info, stored: bytes, key: bytes) -> Known:
        """A memo miss: the entry from the two cards' parts and discard (R7, R13)."""
        memo = self.memo
        if len(memo) >= _MEMO_LIMIT:
            self._forget()
        if first >> 3 == self.tracker:
            found = memo[key] = _NO_MOVES
            return found
        part1 = self._card_part(first, 0, info, stored)
        part2 = self._card_part(second, 1, info, stored)
        found = memo[key] = self._join(part1, part2, first)
        return found

    def _card_part(self, packed: int, taken: int, info: Info, stored: bytes) -> Part:
        """One top card's part: shared when the stored cards do not matter to it."""
        if not info[3][packed]:
            return self.free[packed][taken]
        part_key = ONE[packed] + stored
        steps = self.part_steps[taken].get(part_key)
        if steps is None:
            return self._part(packed, taken, info, stored, part_key)
        return self.part_ids[taken][part_key], steps

    def _forget(self) -> None:
        """Empty the memos (bounds memory in long searches); move ids stay valid."""
        self.memo.clear()
        self.infos.clear()
        self.pairs.clear()
        self.shared_steps.clear()
        del self.move_lists[1:]
        self.move_list_ids = {(): 0}
        for taken in (0, 1):
            self.part_ids[taken].clear()
            self.part_steps[taken].clear()

    def _join(self, part1: Part, part2: Part, first: int) -> Known:
        """The entry of card 1's part, card 2's part and discard, in that order."""
        discard_id, discard_step = self.discard[first]
        ids = part1[0] + part2[0] + discard_id
        index = self.move_list_ids.get(ids)
        if index is None:
            index = self.move_list_ids[ids] = len(self.move_lists)
            self.move_lists.append(tuple([self.move_list[i] for i in ids]))
        return index, part1[1] + part2[1] + discard_step

    def _part(self, packed: int, taken: int, info: Info, stored: bytes, key: bytes) -> Part:
        """One card's moves (as ids) and steps, in :meth:`_card_moves`' order."""
        holds, _, clears, _, _, _ = info
        count = len(holds)
        steps: list[Step] = []
        shared = self.shared_steps
        for _, index, cost, after, ready, plan in self.actions[packed]:
            if not cost and (count < STORE_LIMIT or index):  # R14: free, nothing to release
                steps.append(ready[1][taken])
                continue
            byte = ONE[after]
            for _, cleared, _ in self._ways_to_pay(info, index, cost, plan):
                if clears is None:
                    step = (taken, byte, self._clears(stored, cleared))
                else:
                    step = (taken, byte, b"".join(_PICK_BACK[cleared](clears)))
                steps.append(shared.setdefault(step, step))
        ids = tuple([self._id(move) for move in self._card_moves(packed, taken, info)])
        found_ids = self.part_ids[taken][key] = ids
        found_steps = self.part_steps[taken][key] = tuple(steps)
        return found_ids, found_steps

    def _card_moves(self, packed: int, taken: int, info: Info) -> Moves:
        """One top card's moves: its printed actions in order, each with its payments,
        and for a store that leaves four cards stored one move per card to release
        (R20)."""
        if not info[3][packed]:
            return self.free_moves[packed][taken]
        holds, names, _, _, _, holding = info
        count = len(holds)
        moves: list[Move] = []
        card = taken + 1
        plans = self.plans
        for kind, index, cost, _, ready, plan in self.actions[packed]:
            if not cost and (count < STORE_LIMIT or index):  # R14: free, nothing to release
                moves.append(self.move_list[ready[0][taken]])
                continue
            # :meth:`_ways_to_pay`, inlined: the hottest loop of random play.
            ways = plans.get(holding | plan)
            if ways is None:
                ways = self._ways_to_pay(info, index, cost, plan)
            for paid, _, release in ways:
                moves.append(_new(Move, (kind, card, _PICK[paid](names), names[release])))
        return tuple(moves)

    def _ways_to_pay(
        self, info: Info, index: int, cost: tuple[int, ...], plan: int
    ) -> tuple[Plan, ...]:
        """The ways the stored cards of ``info`` pay for one action (see :func:`_plans`)."""
        key = info[5] | plan
        found = self.plans.get(key)
        if found is None:
            found = self.plans[key] = _plans(index, cost, info[0])
        return found

    def _info(self, raw: bytes) -> Info:
        """What the stored cards (rank bytes, in deck order) hold, their codes and
        clears, which cards' steps depend on them, and their rank bytes in code order
        (one info per set of cards, whatever their order in the deck)."""
        if len(self.infos) >= _MEMO_LIMIT:
            self.infos.clear()  # play never fills the memo, whose limit empties it too
        stored = bytes(sorted(raw))
        found = self.infos.get(stored)
        if found is not None:
            self.infos[raw] = found
            return found
        packed = [self.unranked[r] for r in stored]
        holds = tuple([self.holds[p] for p in packed])
        full = len(stored) >= STORE_LIMIT
        total = sum(holds)
        depends = self.dependence.get(full << 24 | total)
        if depends is None:
            row = bytearray(256)
            # The tracker on top means the game is over (R25): no moves at all, which
            # the memo path knows.
            row[self.tracker << 3 : self.tracker + 1 << 3] = b"\1" * 8
            for p in self.costly:
                row[p] = self._depends(p, full, total)
            depends = self.dependence[full << 24 | total] = bytes(row)
        holding = self.holds_ids.get(holds)
        if holding is None:
            holding = self.holds_ids[holds] = len(self.holds_ids) << 16
        found = self.infos[stored] = (
            holds,
            (*[self.code[p >> 3] for p in packed], None),
            tuple([self.clear_of[r] for r in stored]) if len(set(stored)) == len(stored) else None,
            depends,
            stored,
            holding,
        )
        self.infos[raw] = found
        return found

    def _depends(self, packed: int, full: bool, total: int) -> bool:
        """Whether the card's steps depend on which cards are stored: it shows a free
        store while four cards are stored (one step per release, R20) or a cost that
        the stored cards together can pay (a payment is a subset of them, R15)."""
        if full and self.free_store[packed]:
            return True
        return any(((total | _GUARD) - alt) & _GUARD == _GUARD for alt in self.costs[packed])

    def _clears(self, stored: bytes, mask: int) -> bytes:
        """The clears of the stored cards (rank bytes) in ``mask``, highest index first,
        so clearing one copy of a value does not renumber the next.

        In a search's merged deck (docs/solver.md) copies of one card can share a
        packed value, so a cleared card is named by its value *and* which occurrence
        of that value in the deck it is (without copies, :meth:`_info` has them all)."""
        packed = [self.unranked[r] for r in stored]
        return bytes(
            [
                value
                for i in _MEMBERS[mask][::-1]
                for value in (packed[i], packed[:i].count(packed[i]))
            ]
        )

    def play(
        self, deck: bytes, round_: int, step: Step, events: list[Event] | None = None
    ) -> tuple[bytes, int]:
        """The deck and round after ``step`` and the automatic steps that follow.

        R15 and R20: each card un-stored to pay or to make room turns back in place,
        its leftover resources lost (R16); the acting card goes to the back (R7-R11).
        """
        deck = self.turn(deck, step)
        top = deck[0]
        if top & 1 or top >> 3 == self.tracker:
            return self.settle(deck, round_, events)
        return deck, round_

    def successors(self, deck: bytes, round_: int, steps: Steps) -> list[tuple[bytes, int]]:
        """What :meth:`play` gives for each of ``steps`` of ``deck``, in order (no events).

        The search's hottest loop, so it trades the one-step idiom for speed: the deck
        without card 1 and without card 2 is cut once for all steps, and a step's
        un-storing (R15, R20) is a precomputed run of replacements unless it names a
        later copy of a value (then :meth:`turn` does it). The result equals
        ``[play(deck, round_, s) for s in steps]``; the tests check it on every deck
        a player can build.
        """
        tracker = self.tracker
        runs = self.clear_runs
        settle = self.settle
        without = (deck[1:], deck[:1] + deck[2:])
        found: list[tuple[bytes, int]] = []
        for step in steps:
            clears = step[2]
            if clears:
                run = runs.get(clears, ())
                if run == ():
                    run = runs[clears] = _clear_run(clears)
                if run is None:
                    after = self.turn(deck, step)
                else:
                    after = deck
                    for stored, back in run:
                        after = after.replace(stored, back, 1)
                    after = after[1:] + step[1] if not step[0] else after[:1] + after[2:] + step[1]
            else:
                after = without[step[0]] + step[1]
            top = after[0]
            if top & 1 or top >> 3 == tracker:
                found.append(settle(after, round_))
            else:
                found.append((after, round_))
        return found

    def turn(self, deck: bytes, step: Step) -> bytes:
        """The deck after ``step`` alone, before any automatic step (see :meth:`play`)."""
        taken, after, clears = step
        if clears:
            values = iter(clears)
            for value, occurrence in zip(values, values, strict=True):
                stored = ONE[value]
                if occurrence:
                    at = deck.index(stored)
                    for _ in range(occurrence):
                        at = deck.index(stored, at + 1)
                    deck = deck[:at] + ONE[value ^ 1] + deck[at + 1 :]
                else:
                    deck = deck.replace(stored, ONE[value ^ 1], 1)
        return deck[1:] + after if not taken else deck[:1] + deck[2:] + after

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


Last = tuple[tuple[int, ...], "Tables", Moves, Steps | None, bytes]
"""What :func:`entry_of` answers: the tuple deck, its tables, moves, steps and bytes."""


def entry_of(deck: tuple[int, ...], catalog: Catalog) -> Last:
    """The tables, moves and steps of a tuple deck, and the deck as bytes; the last
    answer is kept, as ``apply_move`` usually follows ``legal_moves`` of that state."""
    t: Tables | None = catalog.rules_memo  # type: ignore[assignment]
    if t is None:
        t = tables(catalog)
    last = t.last
    if last[0] is not deck:
        # One tuple, replaced whole, so a search thread and the UI never mix answers.
        made = t.made
        packed = made[1] if made[0] is deck else bytes(deck)
        moves, steps = t.listing(packed)
        last = t.last = (deck, t, moves, steps, packed)
    return last


def legal(deck: tuple[int, ...], catalog: Catalog) -> tuple[Move, ...]:
    """The legal moves of a deck, in the documented order."""
    return entry_of(deck, catalog)[2]


_MEMBERS = tuple(tuple(i for i in range(4) if mask >> i & 1) for mask in range(16))
"""For each bit mask over up to four stored cards, the indices it holds."""
_BY_SIZE = tuple(sorted(range(1, 16), key=lambda m: (len(_MEMBERS[m]), _MEMBERS[m])))
"""Masks in payment order: fewest cards first, then by the cards' order."""
_GUARD = 0x80 | 0x80 << 8 | 0x80 << 16
_ORDER = tuple(tuple(m for m in _BY_SIZE if m < 1 << n) for n in range(5))
"""Per number of stored cards: the masks over them in payment order."""
_SUPERSETS = tuple(sum(1 << s for s in range(16) if s & m == m) for m in range(16))
"""Per mask: one bit per mask that holds it."""


def _clear_run(clears: bytes) -> tuple[tuple[bytes, bytes], ...] | None:
    """A step's clears as (stored, un-stored) one-byte pairs, or ``None`` when one
    names a later copy of its value (see :meth:`Tables.successors`)."""
    if any(clears[1::2]):
        return None
    return tuple((ONE[value], ONE[value ^ 1]) for value in clears[::2])


def _picker(indices: tuple[int, ...]) -> Callable[[Sequence[_T]], tuple[_T, ...]]:
    if len(indices) > 1:
        return itemgetter(*indices)
    if indices:
        index = indices[0]
        return lambda items: (items[index],)
    return lambda items: ()


_PICK = tuple(_picker(members) for members in _MEMBERS)
"""For each bit mask: the items at its indices, in order (a tuple even for one)."""
_PICK_BACK = tuple(_picker(members[::-1]) for members in _MEMBERS)
"""For each bit mask: the items at its indices, highest index first."""


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
    order = _ORDER[len(holds)]
    found = 0  # one bit per mask found
    for alternative in cost:
        covered = 0  # one bit per superset of a mask found for this alternative
        for mask in order:
            # Every field of total - alternative stays >= 0 exactly when no guard bit
            # is borrowed: the total covers the alternative.
            if (
                not covered >> mask & 1
                and ((totals[mask] | _GUARD) - alternative) & _GUARD == _GUARD
            ):
                covered |= _SUPERSETS[mask]
                found |= 1 << mask
    return tuple([mask for mask in order if found >> mask & 1])


def _plans(index: int, cost: tuple[int, ...], holds: tuple[int, ...]) -> tuple[Plan, ...]:
    """The ways to pay for an action (``_KINDS[index]``) with cards holding ``holds``
    (code order), in move order; a store that leaves four cards stored releases one
    first (R20)."""
    count = len(holds)
    found: list[Plan] = []
    for mask in _payment_masks(cost, holds) if cost else (0,):
        paid = _MEMBERS[mask]
        if not index and count - len(paid) >= STORE_LIMIT:
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
