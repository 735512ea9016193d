"""Provides :class:`StoredSession`: the TUI's :class:`GameSession` saved move by move.

The game screen only knows the ``GameSession`` interface (play, undo, redo,
state, steps, record, undo_count). A campaign game must be committed on every
move, so this subclass routes each change through a
:class:`~palm_island.storage.stored_game.StoredGame`: ``play`` commits the move,
``undo`` deletes it from the file, and ``redo`` plays the taken-back move again
through the store. The screens stay the same for saved and quick games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import FeatSpec, Move, apply_move
from ..session import GameSession, Step

if TYPE_CHECKING:
    from ..storage.stored_game import StoredGame


class StoredSession(GameSession):
    """A campaign game: every move, undo and redo is committed before returning.

    Raises ``SaveError`` from play/undo/redo when the file cannot be written; the
    session is then unchanged (the store's guarantee).
    """

    def __init__(self, stored: StoredGame) -> None:
        record = stored.record
        super().__init__(stored.states[0], seed=record.seed, deck_colour=record.deck_colour)
        self.stored = stored
        self.campaign = record.setup.campaign
        self.difficulty = record.setup.difficulty
        self.feats = record.setup.feats
        self.undo_count = record.undo_count
        # After Continue the saved moves are the undo history (R32); their events
        # are recomputed so the move log reads as if the game was never left.
        state = self.start
        for move in stored.moves:
            transition = apply_move(state, move)
            self._steps.append(Step(move, transition.state, tuple(transition.events)))
            state = transition.state

    @property
    def game_id(self) -> int:
        return self.stored.game_id

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
        return bool(self._steps) and not self.state.is_over

    def play(self, move: Move) -> Step:
        return self._played(move, self.stored.play(move))

    def undo(self) -> Step | None:
        if not self.can_undo:
            return None
        self.stored.undo()
        return self._taken_back()

    def redo(self) -> Step | None:
        if not self._redo:
            return None
        move = self._redo[-1].move
        step = self.play_again(move)
        self._redo.pop()
        return step

    def play_again(self, move: Move) -> Step:
        """Redo: the move is committed again, keeping what else can be redone."""
        redo = list(self._redo)
        step = self.play(move)
        self._redo = redo
        return step

    def restart(self) -> GameSession:
        """The same deal again as a new saved game in the same campaign and setup."""
        store = self.stored.store
        name = self.campaign or ""
        stored = store.new_game(
            name,
            difficulty=self.difficulty,
            feats=self.feats,
            seed=self.seed,
            deck_colour=self.deck_colour,
        )
        return StoredSession(stored)
