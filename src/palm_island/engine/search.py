"""Provides :class:`CompactRules`: the engine's rules on compact decks, for searches.

A search expands millions of positions; building a :class:`GameState`, checking
legality and reporting events each time would dominate it. Here a position is a
deck as ``bytes`` (one packed entry per card) and the round, and its children
come from the very steps ``legal_moves`` and ``apply_move`` use (``movegen``:
the same memoised steps, played by :meth:`~.movegen.MoveMemo.successors`, which
gives what :meth:`~.tables.RuleTables.play` gives for each step, with the automatic
steps R21, R22 and R25). Nothing here restates a rule.

Copies of one building (CH1-CH3, HO1-HO2, LG1-LG3, QU1-QU3, TE1-TE2) have the same
four faces, so which copy lies where changes nothing that follows: the compact
deck names every copy by its first one (:meth:`CompactRules.encode`), which makes
positions that differ only by such a swap equal. The rules work on packed values
alone, so they play a merged deck exactly as the real one. Moves are never read
from a merged deck: :meth:`CompactRules.moves_along` pairs each step of a line with
the engine move whose successor *is* that position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .bounded import Bounded
from .cards import Catalog
from .layout import tracker_by_round
from .memo_entries import Split
from .movegen import MoveMemo, rules_of
from .moves import Move
from .notation import position_notation
from .state import GameState

Position = tuple[bytes, int]
"""A compact position: the deck (merged copies) and the round."""


class CompactRules:
    """Successors, stars and progress of compact positions for one catalog.

    Cheap to build (the step tables belong to the catalog and are shared); safe to
    use from several threads, since the shared memo only ever holds finished,
    immutable entries.
    """

    __slots__ = (
        "_children",
        "_known",
        "_memo",
        "_play",
        "_stars",
        "catalog",
        "expand",
        "merge",
        "tracker",
        "tracker_at",
    )

    def __init__(self, catalog: Catalog, *, remember: int = 0) -> None:
        """``remember``: keep up to that many positions' children (0: none). Worth it
        only when searches overlap, as an analysis's searches from successive
        positions of one game do (about two thirds of their expansions repeat)."""
        self.catalog = catalog
        self._known: Bounded[Position, Split] = Bounded(max(remember, 1))
        self._memo: MoveMemo = rules_of(catalog)
        self._play = self._memo.tables.play
        self._children = self._memo.children
        self.expand: Callable[[bytes, int], Split] = (
            self._remembered if remember else self._children
        )
        """A position's children for a search: ``expand(deck, round_)`` gives the decks
        one turn on (the round unchanged, progress + 1), then the positions an
        automatic step (R21, R22, R25) moved (progress + 2 or more, or the game's end,
        where no child is one turn on), each part in ``legal_moves`` order
        (:meth:`~.movegen.MoveMemo.successors`). The split lets a search file most
        children without working out their progress; an attribute, not a method, so
        it calls the engine's function directly."""
        self.tracker = catalog.tracker_id
        merge = bytearray(range(256))
        stars = [0] * 256
        for card in catalog.cards:
            same = catalog.first_copy[card.id]
            for low in range(8):
                merge[card.id << 3 | low] = same << 3 | low
                stars[card.id << 3 | low] = card.faces[low >> 1].stars
        self.merge = bytes(merge)
        """Translation table: each packed value to the same value of the first identical copy."""
        self._stars = tuple(stars)
        self.tracker_at = tracker_by_round(catalog)
        """The tracker's packed value while each round (index 1-8) is played (R22)."""

    def encode(self, state: GameState) -> Position:
        """The compact position of a state (copies merged)."""
        return bytes(state.deck).translate(self.merge), state.round

    def children(self, deck: bytes, round_: int) -> list[Position]:
        """The position after each legal move, in ``legal_moves`` order (R21/R22
        resolved): each step played on its own (searches use :attr:`expand`)."""
        play = self._play
        return [play(deck, round_, step) for step in self._memo.steps(deck)]

    def _remembered(self, deck: bytes, round_: int) -> Split:
        found = self._known.get((deck, round_))
        if found is None:
            found = self._known.keep((deck, round_), self._children(deck, round_))
        return found

    def is_over(self, deck: bytes) -> bool:
        """R25: the tracker is on top only once round 8 has ended."""
        return deck[0] >> 3 == self.tracker

    def stars(self, deck: bytes) -> int:
        """R26: the stars on the active halves."""
        return sum(map(self._stars.__getitem__, deck))

    def progress(self, deck: bytes, round_: int) -> int:
        """A count that every turn raises: ``round * cards - cards above the tracker``.

        A turn sends at least one card from above the tracker to the back; a round
        end moves the tracker from the top to the back and the round up by one (net
        +1). Positions with equal progress have the same cards left to play this
        round and the same rounds left.
        """
        return round_ * len(deck) - deck.index(self.tracker_at[round_])

    def moves_along(self, state: GameState, path: Sequence[Position]) -> tuple[Move, ...]:
        """The engine moves that lead from ``state`` through each position of ``path``.

        Each move is the one whose successor, encoded, equals the next position (first
        in ``legal_moves`` order when several do): the real deck's steps each carry
        the move that plays them, so a line can only name a move the engine plays to
        exactly that position.

        Raises:
            ValueError: no legal move reaches the next position.
        """
        moves: list[Move] = []
        deck, round_ = bytes(state.deck), state.round
        for target in path:
            for move, step in zip(*self._memo.entry(deck), strict=True):
                after, after_round = self._play(deck, round_, step)
                if (after.translate(self.merge), after_round) == target:
                    moves.append(move)
                    deck, round_ = after, after_round
                    break
            else:
                where = GameState(tuple(deck), round_, 0, self.catalog)
                raise ValueError(
                    f"no legal move reaches the next position from {position_notation(where)}"
                )
        return tuple(moves)
