"""Provides :class:`StoredSession`: a :class:`GameSession` saved move by move.

A user interface only knows the ``GameSession`` interface (play, undo, redo,
state, steps, record, undo_count). A campaign game must be committed on every
move, so this subclass makes each change take effect through a
:class:`~palm_island.storage.stored_game.StoredGame`: a move is committed to the
file, an undo deletes it there. A saved game and a quick game then behave the
same on every screen. Nothing here knows about Textual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .engine import FeatSpec, GoalProgress, Move, Transition, goal_progress
from .session import GameSession

if TYPE_CHECKING:
    from .records import Difficulty
    from .storage.stored_game import StoredGame


class StoredSession(GameSession):
    """A campaign game: every move, undo and redo is committed before returning.

    Raises ``SaveError`` from play/undo/redo when the file cannot be written; the
    session is then unchanged (the store's guarantee).
    """

    def __init__(self, stored: StoredGame) -> None:
        record = stored.record
        # After Continue the saved moves are the undo history (R32).
        super().__init__(
            stored.states[0],
            seed=record.seed,
            deck_colour=record.deck_colour,
            history=stored.moves,
            undo_count=record.undo_count,
            practice=stored.practice,
        )
        self.stored = stored
        self.campaign = record.setup.campaign
        self._difficulty: Difficulty = record.setup.difficulty
        self.feats = record.setup.feats
        self._open_goals = self._goals_to_count()

    @property
    def difficulty(self) -> Difficulty:
        return self._difficulty

    def _goals_to_count(self) -> tuple[FeatSpec, ...]:
        """The campaign's feats still locked whose goal counts every card (asked once:
        nothing is unlocked before the game ends)."""
        store = self.stored.store
        if self.campaign is None:
            return ()
        try:
            unlocked = set(store.campaign(self.campaign).unlocked)
        except ValueError:  # gone (renamed or deleted elsewhere), or its row damaged
            return ()
        return tuple(f for f in store.feats.feats if f.progress and f.code not in unlocked)

    def goal_progress(self) -> tuple[GoalProgress, ...]:
        """Each open "every card" goal of the campaign, counted on the position now
        by the engine (the count the end of the game checks)."""
        return goal_progress(self._open_goals, self.state)

    @property
    def saved(self) -> bool:
        return True

    @property
    def game_id(self) -> int | None:
        """The game's row; ``None`` before its first move (not a saved game yet)."""
        return self.stored.game_id

    @property
    def saved_id(self) -> int:
        """The game's row once stored (``StoredGame.saved_id``: LookupError before)."""
        return self.stored.saved_id

    @property
    def hints_used(self) -> int:
        """The stored count: every hint asked in this game, before a resume too."""
        return self.stored.hints

    def count_hint(self) -> None:
        self.stored.count_hint()

    @property
    def newly_unlocked(self) -> tuple[FeatSpec, ...]:
        """Feats this game unlocked in its campaign (R29), for the end screen."""
        return self.stored.newly_unlocked

    @property
    def in_progress(self) -> bool:
        """Never "would be lost": every move is already saved, so quit needs no warning."""
        return False

    @property
    def can_undo(self) -> bool:
        # A finished game's result and unlocks are committed; it cannot be reopened.
        return super().can_undo and not self.state.is_over

    def _commit(self, move: Move) -> Transition:
        return self.stored.play(move)

    def _retract(self) -> None:
        self.stored.undo()

    def restart(self, *, practice: bool = False) -> GameSession:
        """The same deal again as a new saved game in the same campaign and setup
        (stored with its first move)."""
        stored = self.stored.store.new_game(
            self.campaign or "",
            difficulty=self.difficulty,
            feats=self.feats,
            seed=self.seed,
            deck_colour=self.deck_colour,
            deferred=True,
            practice=practice,
        )
        return StoredSession(stored)
