"""Provides the rules' moves as *steps* on a compact deck: one implementation for play
and for search.

A *step* is what a legal move does to the deck: which of the top two cards acts
(``taken``), what it becomes at the back (``after``), and which stored cards are
un-stored in place to pay or to make room (``clears``, R15, R20). The steps of a
deck depend only on its top two cards and its stored cards, so they are built from
the catalog's printed actions (:class:`~.tables.RuleTables`, frozen): shared per
pair of top cards when the stored cards matter to neither; else a search builds and
keeps them per key (top two cards + stored cards, :meth:`MoveMemo.known`), while
play, which applies one move of a position it will not meet again, lists the moves
only (:meth:`MoveMemo.listed`) and finds the chosen move's step from the move
(:meth:`~.tables.RuleTables.step_of`). Both list the moves from the same printed
actions and payment plans, and the steps are played by
:meth:`~.tables.RuleTables.turn` and :meth:`~.tables.RuleTables.settle` (the
automatic steps, R21, R22, R25): ``apply_move`` calls them, and the solver
(:class:`~.search.CompactRules`) calls :meth:`MoveMemo.successors`, which plays all
of a position's steps at once with the same settle (and is tested equal to ``play``
step by step), so a rule lives here only.

The order of the moves is documented on :func:`palm_island.engine.legal_moves`.
"""

from __future__ import annotations

from typing import Final

from .bounded import Bounded
from .cards import Catalog
from .memo_entries import Entry, Info, Known, Last, Split
from .moves import DISCARD, Move
from .payplans import PICK, PICK_BACK, Plan, plans
from .state import STORE_LIMIT
from .tables import (
    ONE,
    Moves,
    Part,
    RuleTables,
    Step,
    Steps,
    build_tables,
)

_new = tuple.__new__
_NO_MOVES: Final[Known] = (0, ())
"""R25: the tracker is on top only once the game is over."""
_DISCARDING: Final = (DISCARD,)
_MEMO_LIMIT = 400_000
"""Step-table keys kept before the memo is emptied (bounds memory in long searches)."""


class MoveMemo:
    """The legal moves and steps of positions met so far, for one catalog (kept in
    ``catalog.rules_memo``); the frozen tables they are built from are :attr:`tables`.

    A random game meets mostly new keys (three in four), so finding a position's
    steps must be cheap even when they were never built. In more than half
    of them the stored cards matter to neither top card (no cost of theirs is affordable
    and no release is due): their steps are the cards' free actions, shared per
    pair of top cards (:attr:`pairs`), and one look-up in a row per total of the
    stored cards' resources tells (:meth:`~.tables.RuleTables.depends`). The rest are
    memoised per key (:attr:`memo`) and built from each card's part, memoised per card
    and stored cards.

    Python's garbage collector walks every tracked object now and then, so the memos
    hold only objects it stops tracking (bytes, ints and tuples of them) or shares:
    a step holds no move; moves are kept once each (:attr:`move_list`) and a part
    lists them by id; equal move lists are one tuple (:attr:`move_lists`), which an
    entry names by its index.

    Every memo only ever gains finished, immutable entries (or is emptied whole), so
    a search thread and the UI may share it.
    """

    __slots__ = (
        "_rank",
        "_unstored",
        "clear_runs",
        "dependence",
        "holds_ids",
        "infos",
        "last",
        "memo",
        "move_ids",
        "move_list",
        "move_list_ids",
        "move_lists",
        "pairs",
        "part_ids",
        "part_steps",
        "plans",
        "shared_steps",
        "tables",
    )

    def __init__(self, tables: RuleTables) -> None:
        self.tables = tables
        self._rank = tables.stored_rank
        self._unstored = tables.not_stored
        """The stored cards' translation tables, read on every listing: one look-up less."""
        self.move_list: list[Move] = list(tables.moves)
        """Every move listed so far, once; its index is its id."""
        self.move_ids: dict[Move, int] = {move: i for i, move in enumerate(self.move_list)}
        self.holds_ids: dict[tuple[int, ...], int] = {}
        """A number per holdings of the stored cards, code order (see :attr:`plans`)."""
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
        self.pairs: dict[int, Known] = {}
        """Per top two cards (``first << 8 | second``): the entry when the stored cards
        do not matter to either."""
        self.part_ids: tuple[dict[bytes, tuple[int, ...]], ...] = ({}, {})
        """Card 1's and card 2's move ids per (packed card + stored rank bytes)."""
        self.part_steps: tuple[dict[bytes, Steps], ...] = ({}, {})
        """Card 1's and card 2's steps per (packed card + stored rank bytes)."""
        self.shared_steps: dict[Step, Step] = {}
        """Each paid step built, once (many stored sets pay with the same cards)."""
        self.infos: Bounded[bytes, Info] = Bounded(_MEMO_LIMIT)
        """Per stored cards' rank bytes (deck order and sorted): their :data:`Info`."""
        self.dependence: dict[int, bytes] = {}
        """Per (four stored?, total resources stored): ``depends`` of every card."""
        self.plans: dict[int, tuple[Plan, ...]] = {}
        """Per kind and cost (an action's plan number) and holdings (``holds_ids``), as
        ``holdings << 16 | plan``: the ways to pay (an int key hashes at once)."""
        self.last = Last((), self, (), None, b"")
        """The last tuple deck listed, this memo, its moves and steps, and the deck as
        bytes (see :meth:`listed`)."""

    def _id(self, move: Move) -> int:
        found = self.move_ids.get(move)
        if found is None:
            found = self.move_ids[move] = len(self.move_list)
            self.move_list.append(move)
        return found

    def listed(self, deck: tuple[int, ...], packed: bytes | None = None) -> Last:
        """The moves of a tuple deck, with their steps when they are shared, and the
        deck as bytes (``packed``, when the caller has it, saves converting it).

        For play, which applies one move: when the stored cards matter, the moves are
        listed without steps (and not kept), and ``apply_move`` finds the chosen move's
        step with :meth:`~.tables.RuleTables.step_of`. Random play almost never meets
        such a position again, so building (and keeping) all its steps cost more than
        it saved.

        The last answer is kept: ``apply_move`` lists the deck it makes, from the
        bytes it made it from, and the next ``legal_moves`` or ``apply_move`` on that
        state finds the answer by the deck's identity (the deck is kept alive, so
        its identity is a safe key)."""
        last = self.last
        if last.deck is not deck:
            if packed is None:
                packed = bytes(deck)
            # :meth:`_shared`, inlined: the hottest lines of play.
            stored = packed.translate(self._rank, self._unstored)
            info = self.infos.get(stored)
            if info is None:
                info = self._info(stored)
            first = packed[0]
            second = packed[1]
            # One tuple, replaced whole, so a search thread and the UI never mix answers.
            if info[3][first] or info[3][second]:
                moves = self._moves(packed, info)
                last = self.last = _new(Last, (deck, self, moves, None, packed))
            else:
                found = self.pairs.get(first << 8 | second)
                if found is None:
                    found = self._pair(first, second)
                moves = self.move_lists[found[0]]
                last = self.last = _new(Last, (deck, self, moves, found[1], packed))
        return last

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

    def _moves(self, deck: bytes, info: Info) -> Moves:
        """The legal moves of a deck whose stored cards matter (see :meth:`listed`)."""
        first = deck[0]
        if first >> 3 == self.tables.tracker:
            return ()
        moves = self._card_moves(first, 0, info) + self._card_moves(deck[1], 1, info)
        return moves + _DISCARDING

    def _shared(self, deck: bytes) -> tuple[Known | None, Info]:
        """The entry shared per top two cards when the stored cards matter to neither
        (else ``None``), and the stored cards' info."""
        stored = deck.translate(self._rank, self._unstored)
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
            found = self._pair(first, second)
        return found, info

    def _pair(self, first: int, second: int) -> Known:
        """The entry of two top cards when the stored cards matter to neither."""
        free = self.tables.free
        found = self.pairs[first << 8 | second] = self._join(free[first][0], free[second][1], first)
        return found

    def _build(self, first: int, second: int, info: Info, stored: bytes, key: bytes) -> Known:
        """A memo miss: the entry from the two cards' parts and discard (R7, R13)."""
        memo = self.memo
        if len(memo) >= _MEMO_LIMIT:
            self._forget()
        if first >> 3 == self.tables.tracker:
            found = memo[key] = _NO_MOVES
            return found
        part1 = self._card_part(first, 0, info, stored)
        part2 = self._card_part(second, 1, info, stored)
        found = memo[key] = self._join(part1, part2, first)
        return found

    def _card_part(self, packed: int, taken: int, info: Info, stored: bytes) -> Part:
        """One top card's part: shared when the stored cards do not matter to it."""
        if not info[3][packed]:
            return self.tables.free[packed][taken]
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
        discard_id, discard_step = self.tables.discard[first]
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
        tables = self.tables
        for _, index, cost, after, ready, plan in tables.actions[packed]:
            if not cost and (count < STORE_LIMIT or index):  # R14: free, nothing to release
                steps.append(ready[1][taken])
                continue
            byte = ONE[after]
            for _, cleared, _ in self._ways_to_pay(info, index, cost, plan):
                if clears is None:
                    step = (taken, byte, tables.clears(stored, cleared))
                else:
                    step = (taken, byte, b"".join(PICK_BACK[cleared](clears)))
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
            return self.tables.free_moves[packed][taken]
        holds, names, _, _, _, holding = info
        count = len(holds)
        moves: list[Move] = []
        card = taken + 1
        plans = self.plans
        for kind, index, cost, _, ready, plan in self.tables.actions[packed]:
            if not cost and (count < STORE_LIMIT or index):  # R14: free, nothing to release
                moves.append(self.move_list[ready[0][taken]])
                continue
            # :meth:`_ways_to_pay`, inlined: the hottest loop of random play.
            ways = plans.get(holding | plan)
            if ways is None:
                ways = self._ways_to_pay(info, index, cost, plan)
            for paid, _, release in ways:
                moves.append(_new(Move, (kind, card, PICK[paid](names), names[release])))
        return tuple(moves)

    def _ways_to_pay(
        self, info: Info, index: int, cost: tuple[int, ...], plan: int
    ) -> tuple[Plan, ...]:
        """The ways the stored cards of ``info`` pay for one action (:func:`.payplans.plans`)."""
        key = info[5] | plan
        found = self.plans.get(key)
        if found is None:
            found = self.plans[key] = plans(index, cost, info[0])
        return found

    def _info(self, raw: bytes) -> Info:
        """What the stored cards (rank bytes, in deck order) hold, their codes and
        clears, which cards' steps depend on them, and their rank bytes in code order
        (one info per set of cards, whatever their order in the deck)."""
        stored = bytes(sorted(raw))
        found = self.infos.get(stored)
        if found is not None:
            return self.infos.keep(raw, found)
        tables = self.tables
        packed = [tables.unranked[r] for r in stored]
        holds = tuple([tables.holds[p] for p in packed])
        full = len(stored) >= STORE_LIMIT
        total = sum(holds)
        depends = self.dependence.get(full << 24 | total)
        if depends is None:
            row = bytearray(256)
            # The tracker on top means the game is over (R25): no moves at all, which
            # the memo path knows.
            row[tables.tracker << 3 : tables.tracker + 1 << 3] = b"\1" * 8
            for p in tables.costly:
                row[p] = tables.depends(p, full, total)
            depends = self.dependence[full << 24 | total] = bytes(row)
        holding = self.holds_ids.get(holds)
        if holding is None:
            holding = self.holds_ids[holds] = len(self.holds_ids) << 16
        distinct = len(set(stored)) == len(stored)
        found = self.infos.keep(
            stored,
            (
                holds,
                (*[tables.code[p >> 3] for p in packed], None),
                tuple([tables.clear_of[r] for r in stored]) if distinct else None,
                depends,
                stored,
                holding,
            ),
        )
        return self.infos.keep(raw, found)

    def children(self, deck: bytes, round_: int) -> Split:
        """:meth:`successors` of the steps :meth:`known` gives, in one call: the
        search's expansion of a position (two calls fewer per position)."""
        # :meth:`known` and :meth:`_shared`, inlined.
        stored = deck.translate(self._rank, self._unstored)
        info = self.infos.get(stored)
        if info is None:
            info = self._info(stored)
        depends = info[3]
        first = deck[0]
        second = deck[1]
        if depends[first] or depends[second]:
            key = deck[:2] + info[4]
            found = self.memo.get(key)
            if found is None:
                found = self._build(first, second, info, info[4], key)
        else:
            found = self.pairs.get(first << 8 | second)
            if found is None:
                found = self._pair(first, second)
        return self.successors(deck, round_, found[1])

    def successors(self, deck: bytes, round_: int, steps: Steps) -> Split:
        """What :meth:`play` gives for each of ``steps`` of ``deck`` (no events), split
        in two, each part in step order: the decks *one turn on* (no automatic step
        followed: the round is ``round_`` and one card fewer lies above the tracker),
        then the positions an automatic step (R21, R22, R25) moved further.

        The search's hottest loop, so it trades the one-step idiom for speed: the deck
        without card 1 and without card 2 is cut once for all steps, and a step's
        un-storing (R15, R20) is a precomputed run of replacements unless it names a
        later copy of a value (then :meth:`turn` does it). The split lets a search
        file the children one turn on (most of them) without working out where they
        go. The tests check the parts against ``play`` step by step on every deck a
        player can build.
        """
        tables = self.tables
        tracker = tables.tracker
        runs = self.clear_runs
        settle = tables.settle
        without = (deck[1:], deck[:1] + deck[2:])
        on: list[bytes] = []
        moved: list[tuple[bytes, int]] = []
        for step in steps:
            clears = step[2]
            if clears:
                run = runs.get(clears, ())
                if run == ():
                    run = runs[clears] = _clear_run(clears)
                if run is None:
                    after = tables.turn(deck, step)
                else:
                    after = deck
                    for stored, back in run:
                        after = after.replace(stored, back, 1)
                    after = after[1:] + step[1] if not step[0] else after[:1] + after[2:] + step[1]
            else:
                after = without[step[0]] + step[1]
            top = after[0]
            if top & 1 or top >> 3 == tracker:
                moved.append(settle(after, round_))
            else:
                on.append(after)
        return on, moved


def rules_of(catalog: Catalog) -> MoveMemo:
    """The catalog's move memo (and its frozen tables), built on first use."""
    found = catalog.rules_memo
    if found is None:
        found = catalog.rules_memo = MoveMemo(build_tables(catalog))
    return found


def entry_of(deck: tuple[int, ...], catalog: Catalog) -> Last:
    """The memo, moves and steps of a tuple deck, and the deck as bytes (see
    :meth:`MoveMemo.listed`)."""
    memo = catalog.rules_memo
    if memo is None:
        memo = rules_of(catalog)
    last = memo.last
    if last.deck is deck:  # :meth:`MoveMemo.listed`'s first test, inlined: the usual case
        return last
    return memo.listed(deck)


def legal(deck: tuple[int, ...], catalog: Catalog) -> tuple[Move, ...]:
    """The legal moves of a deck, in the documented order."""
    return entry_of(deck, catalog).moves


def _clear_run(clears: bytes) -> tuple[tuple[bytes, bytes], ...] | None:
    """A step's clears as (stored, un-stored) one-byte pairs, or ``None`` when one
    names a later copy of its value (see :meth:`MoveMemo.successors`)."""
    if any(clears[1::2]):
        return None
    return tuple((ONE[value], ONE[value ^ 1]) for value in clears[::2])
