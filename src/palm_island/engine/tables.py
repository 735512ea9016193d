"""Provides :class:`RuleTables`: what the catalog's printed cards say, as frozen tables
on packed cards, and the steps that play a move on a compact deck.

A deck here is ``bytes``: one packed entry per card (``id << 3 | orientation << 1 |
stored``; ids stay below 32, so every entry fits a byte). Bytes are cheap to slice,
join and hash, which is what a search does millions of times.

:func:`build_tables` reads the catalog once; nothing here changes afterwards, so the
tables can be shared by every thread. What a search learns while it runs (the steps
per position) is memoised apart, in :class:`~.movegen.MoveMemo`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from .cards import ROUNDS, Catalog, Resources
from .events import Event, RoundEnded, StoredCardReturned
from .layout import pack, tracker_turned
from .moves import DISCARD, Move

ONE: Final = tuple(bytes((value,)) for value in range(256))
"""Each packed value as a one-byte deck fragment."""

Step = tuple[int, bytes, bytes]
"""``(taken, after, clears)``: 0 for card 1 or 1 for card 2 (the card sent to the
back), its packed value there (one byte), and two bytes per stored card it un-stores:
the card's packed value and which occurrence of that value in the deck it is (0
except in a search's merged deck, see :meth:`RuleTables.clears`). Bytes, not tuples:
the garbage collector never tracks them (see :class:`~.movegen.MoveMemo`)."""
Moves = tuple[Move, ...]
Steps = tuple[Step, ...]
Part = tuple[tuple[int, ...], Steps]
"""One card's moves (as ids in a move list, see :attr:`RuleTables.moves`) and steps."""
Action = tuple[str, int, tuple[int, ...], int, Part, int]
"""One usable printed action of a packed card: kind, index in :data:`KINDS`, cost
alternatives (see :func:`packed_resources`), packed value after it, as card 1 and
card 2 the move id and step when nothing is paid, and a number for its kind and cost
(equal for equal kinds and costs)."""

KINDS: Final = ("store", "rotate", "flip")
GUARD: Final = 0x80 | 0x80 << 8 | 0x80 << 16
"""One bit above each packed amount: a subtraction that borrows clears one."""
MEMBERS: Final = tuple(tuple(i for i in range(4) if mask >> i & 1) for mask in range(16))
"""For each bit mask over up to four stored cards, the indices it holds."""


def packed_resources(resources: Resources) -> int:
    """Wood, fish and stone in one int, 8 bits each (amounts stay far below 128)."""
    return resources.wood | resources.fish << 8 | resources.stone << 16


def covers(total: int, alternative: int) -> bool:
    """Whether packed resources ``total`` pay packed ``alternative``: no field borrows."""
    return ((total | GUARD) - alternative) & GUARD == GUARD


@dataclass(frozen=True, slots=True)
class RuleTables:
    """Per-catalog tables on packed cards (built by :func:`build_tables`, never changed).

    Per packed value (0-255): what a card there holds, its usable actions, its free
    actions' moves and steps, its cost alternatives; and the translation tables that
    find the stored cards of a deck in code order (payments name cards by code).
    """

    tracker: int
    """The round tracker's card id."""
    code: tuple[str, ...]
    """Per card id: its code."""
    id_of_code: Mapping[str, int]
    id_bytes: bytes
    """A translation table: each packed value to its card id."""
    stored_rank: bytes
    """A translation table: each stored entry to its *rank byte* (the packed value with
    the id replaced by its place in code order, so sorting rank bytes sorts in code
    order, equal values together), the rest to 0."""
    not_stored: bytes
    """The entries :attr:`stored_rank` drops (one ``translate`` both drops and maps)."""
    unranked: tuple[int, ...]
    """Each rank byte back to its packed value."""
    clear_of: tuple[bytes, ...]
    """Per rank byte: the clear un-storing that card (its first occurrence)."""
    holds: tuple[int, ...]
    """Per packed card: the resources its face shows, packed."""
    actions: tuple[tuple[Action, ...], ...]
    """Per packed card: its usable actions (none when stored or the tracker, R23)."""
    after_of: tuple[Mapping[str, int], ...]
    """Per packed card: what each of its usable actions turns it into."""
    free: tuple[tuple[Part, Part], ...]
    """Per packed card: the moves and steps of its free actions as card 1 and as
    card 2, each action once (no release, R20)."""
    free_moves: tuple[tuple[Moves, Moves], ...]
    """Per packed card: the moves of :attr:`free`, as card 1 and as card 2."""
    costs: tuple[tuple[int, ...], ...]
    """Per packed card: every alternative of every cost it shows."""
    free_store: tuple[bool, ...]
    """Per packed card: whether it shows a free store (which may need a release)."""
    costly: tuple[int, ...]
    """The packed cards whose steps may depend on the stored cards."""
    discard: tuple[Part, ...]
    """Per packed card 1: discard's move id and step (R7, R13)."""
    tracker_next: tuple[bytes, ...]
    """R22: the tracker's packed byte once it has turned to show the next round."""
    moves: Moves
    """The moves the parts above name by id (index = id)."""

    def depends(self, packed: int, full: bool, total: int) -> bool:
        """Whether the card's steps depend on which cards are stored: it shows a free
        store while four cards are stored (one step per release, R20) or a cost that
        the stored cards together can pay (a payment is a subset of them, R15)."""
        if full and self.free_store[packed]:
            return True
        return any(covers(total, alt) for alt in self.costs[packed])

    def clears(self, stored: bytes, mask: int) -> bytes:
        """The clears of the stored cards (rank bytes) in ``mask``, highest index first,
        so clearing one copy of a value does not renumber the next.

        In a search's merged deck (docs/solver.md) copies of one card can share a
        packed value, so a cleared card is named by its value *and* which occurrence
        of that value in the deck it is."""
        packed = [self.unranked[r] for r in stored]
        return bytes(
            [
                value
                for i in MEMBERS[mask][::-1]
                for value in (packed[i], packed[:i].count(packed[i]))
            ]
        )

    def step_of(self, deck: bytes, move: Move) -> Step:
        """The step of ``move``, legal in ``deck`` (a real deck: each card once).

        What the acting card becomes comes from the actions (R9-R11); the cards it
        un-stores are the ones it names (R15, R20)."""
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


def build_tables(catalog: Catalog) -> RuleTables:
    """Read the catalog's cards into :class:`RuleTables` (pure; the same catalog, equal
    tables)."""
    if len(catalog.cards) > 32:
        raise ValueError("the compact deck holds card ids 0-31")
    code = tuple(card.code for card in catalog.cards)
    stored_rank, unranked = _rank_bytes(catalog)
    moves = _MoveIds()
    discard_id = moves.id(DISCARD)
    actions = tuple(_actions(catalog, packed, moves) for packed in range(256))
    free = tuple(_free_parts(row) for row in actions)
    costs = tuple(tuple(alt for a in row for alt in a[2]) for row in actions)
    free_store = tuple(_has_free_store(row) for row in actions)
    return RuleTables(
        tracker=catalog.tracker_id,
        code=code,
        id_of_code={c: card_id for card_id, c in enumerate(code)},
        id_bytes=bytes(p >> 3 if p < len(code) * 8 else 255 for p in range(256)),
        stored_rank=stored_rank,
        not_stored=bytes(value for value in range(256) if not stored_rank[value]),
        unranked=unranked,
        clear_of=tuple(bytes((p, 0)) for p in unranked),
        holds=tuple(_holds(catalog, packed) for packed in range(256)),
        actions=actions,
        after_of=tuple({a[0]: a[3] for a in row} for row in actions),
        free=free,
        free_moves=tuple((moves.listed(one[0]), moves.listed(two[0])) for one, two in free),
        costs=costs,
        free_store=free_store,
        costly=tuple(p for p in range(256) if costs[p] or free_store[p]),
        discard=tuple(((discard_id,), ((0, ONE[p], b""),)) for p in range(256)),
        tracker_next=_tracker_next(catalog),
        moves=tuple(moves.moves),
    )


class _MoveIds:
    """A number per move met while building (its index in :attr:`moves`)."""

    def __init__(self) -> None:
        self.ids: dict[Move, int] = {}
        self.moves: list[Move] = []
        self.plans: dict[tuple[int, tuple[int, ...]], int] = {}
        """A number per (kind index, cost) an action shows."""

    def id(self, move: Move) -> int:
        found = self.ids.get(move)
        if found is None:
            found = self.ids[move] = len(self.moves)
            self.moves.append(move)
        return found

    def listed(self, ids: tuple[int, ...]) -> Moves:
        return tuple([self.moves[i] for i in ids])


def _rank_bytes(catalog: Catalog) -> tuple[bytes, tuple[int, ...]]:
    """Each packed value to its rank byte (stored cards only), and back.

    Payments and releases name stored cards in code order, which differs from id
    order once feat cards (R30) are in play."""
    storable = sorted(c.code for c in catalog.cards if not c.is_round_tracker)
    ranks = {code: rank for rank, code in enumerate(storable)}
    rank_byte = [0] * 256
    unranked = [0] * 256
    for packed in range(1, len(catalog.cards) * 8, 2):
        rank = ranks.get(catalog.cards[packed >> 3].code, -1)
        if rank >= 0:
            rank_byte[packed] = rank << 3 | packed & 7
            unranked[rank << 3 | packed & 7] = packed
    return bytes(rank_byte), tuple(unranked)


def _holds(catalog: Catalog, packed: int) -> int:
    if packed >> 3 >= len(catalog.cards):
        return 0
    return packed_resources(catalog.cards[packed >> 3].faces[(packed >> 1) & 3].yields)


def _actions(catalog: Catalog, packed: int, moves: _MoveIds) -> tuple[Action, ...]:
    """A packed card's usable actions, in printed order."""
    card_id = packed >> 3
    # R23: the tracker is never an action target; a stored card shows only resources,
    # so its actions are not available (docs/rules.md).
    if card_id >= len(catalog.cards) or packed & 1 or card_id == catalog.tracker_id:
        return ()
    row: list[Action] = []
    for a in catalog.cards[card_id].faces[(packed >> 1) & 3].actions:
        # R9 store sets the stored bit; R10 rotate and R11 flip toggle the orientation's
        # low and high bit (the catalog checks its targets agree).
        after = packed | 1 if a.kind == "store" else packed ^ (2 if a.kind == "rotate" else 4)
        ready: Part = (
            (moves.id(Move(a.kind, 1)), moves.id(Move(a.kind, 2))),
            ((0, ONE[after], b""), (1, ONE[after], b"")),
        )
        cost = tuple(packed_resources(alt) for alt in a.cost)
        index = KINDS.index(a.kind)
        plan = moves.plans.setdefault((index, cost), len(moves.plans))
        row.append((a.kind, index, cost, after, ready, plan))
    return tuple(row)


def _free_parts(row: tuple[Action, ...]) -> tuple[Part, Part]:
    """The parts of a card's free actions as card 1 and as card 2."""
    free = [ready for _, _, cost, _, ready, _ in row if not cost]
    return (
        (tuple(r[0][0] for r in free), tuple(r[1][0] for r in free)),
        (tuple(r[0][1] for r in free), tuple(r[1][1] for r in free)),
    )


def _has_free_store(row: tuple[Action, ...]) -> bool:
    return any(kind == "store" and not cost for kind, _, cost, _, _, _ in row)


def _tracker_next(catalog: Catalog) -> tuple[bytes, ...]:
    """R22: per packed tracker value, the one its free action turns it to."""
    tracker = catalog.tracker_id
    nxt = [0] * 256
    for orientation in range(4):
        turned = tracker_turned(catalog, orientation)
        nxt[pack(tracker, orientation)] = pack(tracker, turned)
    return tuple(ONE[v] for v in nxt)
