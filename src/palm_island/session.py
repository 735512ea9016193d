"""Provides :class:`GameSession`: one game being played, with undo and redo.

The session is the only thing a user interface changes. It is pure Python (no
Textual), so the terminal game, tests and future front ends share one behaviour:
a move is chosen from the engine's legal moves, played through the engine, and
remembered with the events it produced so the move log can be rebuilt after an
undo. States are immutable, so undo is just stepping back along the history.

A session that must keep each change somewhere (a saved game, see
:mod:`.stored_session`) overrides the two places a change takes effect,
:meth:`GameSession._commit` and :meth:`GameSession._retract`; play, undo and redo
stay one implementation.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    from .engine import CardSpec, FeatSpec, GoalProgress
    from .records import Difficulty, GameRecord

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
        history: Sequence[Move] = (),
        undo_count: int = 0,
        practice: bool = False,
    ) -> None:
        """``history``: moves already played (a resumed game); they become the undo
        history, their events recomputed so the move log reads as if never left.

        Raises:
            IllegalMoveError: a move of ``history`` is not legal where it stands.
        """
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
        self.undo_count = undo_count
        """How many moves were taken back; a record keeps it."""
        for move in history:
            self._steps.append(_step(move, apply_move(self.state, move)))
        self._hints = 0
        self.practice = practice
        """A daily deal played again for practice: never that day's result."""
        self.campaign: str | None = None
        """The campaign a saved game belongs to; ``None`` for a game in memory."""

    @classmethod
    def from_seed(
        cls, catalog: Catalog, seed: int, *, deck_colour: DeckColour = "blue"
    ) -> GameSession:
        """A new game dealt from ``seed``."""
        return cls(new_game(catalog, seed=seed), seed=seed, deck_colour=deck_colour)

    @property
    def saved(self) -> bool:
        """Whether every move is kept in a campaign file as it is made: a game in
        memory is not (:class:`~palm_island.stored_session.StoredSession` is)."""
        return False

    @property
    def game_id(self) -> int | None:
        """The game's row in the campaign file: a game in memory has none (a saved
        game, :class:`~palm_island.stored_session.StoredSession`, once stored)."""
        return None

    @property
    def newly_unlocked(self) -> tuple[FeatSpec, ...]:
        """Feats this game unlocked in its campaign (R29): none in memory."""
        return ()

    @property
    def difficulty(self) -> Difficulty | None:
        """The difficulty a campaign game was set up with (R31); a game in memory has none."""
        return None

    @property
    def feat_cards(self) -> tuple[CardSpec, ...]:
        """The feat cards dealt into this game's deck (R30), in deck order: what the
        log's first line names."""
        catalog = self.start.catalog
        return tuple(card.spec for card in self.start.cards if card.spec.id in catalog.feat_ids)

    def goal_progress(self) -> tuple[GoalProgress, ...]:
        """How far this game has come towards each open "every card" goal (R29): none
        in memory, where no feat can be earned."""
        return ()

    @property
    def hints_used(self) -> int:
        """How many positions the player asked the solver about (not in the record;
        a saved game keeps it in the campaign file, see :mod:`.stored_session`)."""
        return self._hints

    def count_hint(self) -> None:
        """The player was shown one more hint.

        Raises:
            SaveError: a saved game could not store it (the count is unchanged).
        """
        self._hints += 1

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
        step = _step(move, self._commit(move))
        self._steps.append(step)
        self._redo.clear()
        return step

    def undo(self) -> Step | None:
        """Take back the last turn; returns it, or ``None`` when it cannot be."""
        if not self.can_undo:
            return None
        self._retract()
        step = self._steps.pop()
        self._redo.append(step)
        self.undo_count += 1
        return step

    def redo(self) -> Step | None:
        """Play again the last turn taken back; ``None`` when there is none.

        What else can be redone is kept (unlike :meth:`play` of a new move).
        """
        if not self._redo:
            return None
        step = _step(self._redo[-1].move, self._commit(self._redo[-1].move))
        self._redo.pop()
        self._steps.append(step)
        return step

    def _commit(self, move: Move) -> Transition:
        """Override point: where a move takes effect (here, the engine alone).

        Raises whatever keeps the move from being played; nothing has changed then.
        """
        return apply_move(self.state, move)

    def _retract(self) -> None:
        """Override point: where taking back the last move takes effect (here, nowhere)."""

    def restart(self, *, practice: bool = False) -> GameSession:
        """A fresh session on the same deal (play the same deal again); ``practice``
        marks it as practice (a daily deal again is never a new official attempt)."""
        return GameSession(
            self.start, seed=self.seed, deck_colour=self.deck_colour, practice=practice
        )

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


def _step(move: Move, transition: Transition) -> Step:
    return Step(move, transition.state, tuple(transition.events))
