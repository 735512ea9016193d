"""Provides :class:`GameSession`: one game being played, with undo and redo.

The session is the only thing a user interface changes. It is pure Python (no
Textual), so the terminal game, tests and future front ends share one behaviour:
a move is chosen from the engine's legal moves, played through the engine, and
remembered with the events it produced so the move log can be rebuilt after an
undo. States are immutable, so undo is just stepping back along the history.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from .engine import (
    Catalog,
    Event,
    GameState,
    Move,
    Transition,
    apply_move,
    legal_moves,
    new_game,
    position_notation,
)

if TYPE_CHECKING:
    from .records import GameRecord

DeckColour = Literal["red", "blue"]


@dataclass(frozen=True, slots=True)
class Step:
    """One played turn: the move, the position after it and what happened (events)."""

    move: Move
    state: GameState
    events: tuple[Event, ...]


class GameSession:
    """A game from its first position, with every turn played and undo/redo.

    >>> from palm_island.storage.catalog_files import standard_catalog
    >>> session = GameSession.from_seed(standard_catalog(), 7)
    >>> session.play(session.legal_moves()[-1]).move.kind
    'discard'
    >>> session.undo() and session.turn
    0
    """

    def __init__(
        self,
        start: GameState,
        *,
        seed: int | None = None,
        deck_colour: DeckColour = "blue",
    ) -> None:
        if start.turn != 0:
            raise ValueError(f"a session starts from a new game, not {position_notation(start)}")
        self.start = start
        """The dealt position before the first turn (R5, R6)."""
        self.seed = seed
        """The seed the deal came from, if any; kept in the record."""
        self.deck_colour: DeckColour = deck_colour
        """The deck the player chose (R1); only the stripe colour differs."""
        self._steps: list[Step] = []
        self._redo: list[Step] = []
        self.undo_count = 0
        """How many moves were taken back; a record keeps it."""
        self.hints_used = 0
        """How many positions the player asked the solver about (not in the record)."""

    @classmethod
    def from_seed(
        cls, catalog: Catalog, seed: int, *, deck_colour: DeckColour = "blue"
    ) -> GameSession:
        """A new game dealt from ``seed``."""
        return cls(new_game(catalog, seed=seed), seed=seed, deck_colour=deck_colour)

    @property
    def state(self) -> GameState:
        """The current position."""
        return self._steps[-1].state if self._steps else self.start

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every turn played so far, oldest first."""
        return tuple(self._steps)

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(step.move for step in self._steps)

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def in_progress(self) -> bool:
        """True once a turn was played and the game is not over (quitting loses it)."""
        return bool(self._steps) and not self.state.is_over

    @property
    def can_undo(self) -> bool:
        return bool(self._steps)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def legal_moves(self) -> tuple[Move, ...]:
        """The engine's legal moves now, in its fixed order."""
        return legal_moves(self.state)

    def play(self, move: Move) -> Step:
        """Play one legal move; a new move forgets what could be redone.

        Raises:
            IllegalMoveError: from the engine, when the move is not legal now
                (nothing changes).
        """
        return self._played(move, apply_move(self.state, move))

    def undo(self) -> Step | None:
        """Take back the last turn; returns it, or ``None`` when nothing was played."""
        if not self._steps:
            return None
        return self._taken_back()

    def _played(self, move: Move, transition: Transition) -> Step:
        """Keep a turn just played; a new turn ends what could be redone."""
        step = Step(move, transition.state, tuple(transition.events))
        self._steps.append(step)
        self._redo.clear()
        return step

    def _taken_back(self) -> Step:
        """Move the last turn to the redo list and count the undo."""
        step = self._steps.pop()
        self._redo.append(step)
        self.undo_count += 1
        return step

    def redo(self) -> Step | None:
        """Play again the last turn taken back; ``None`` when there is none."""
        if not self._redo:
            return None
        step = self._redo.pop()
        self._steps.append(step)
        return step

    def restart(self) -> GameSession:
        """A fresh session on the same deal (play the same deal again)."""
        return GameSession(self.start, seed=self.seed, deck_colour=self.deck_colour)

    def record(self) -> GameRecord:
        """The game so far as a record (finished games carry their result)."""
        from .records import build_record  # pydantic: not needed to play

        return build_record(
            self.start,
            self.moves,
            final=self.state,
            seed=self.seed,
            deck_colour=self.deck_colour,
            undo_count=self.undo_count,
        )
