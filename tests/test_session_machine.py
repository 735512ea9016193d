"""A stateful test of saving: play, undo, close and continue in any order.

The model is the list of moves the player has made (minus undos); after every
step the database holds exactly that list, and continuing in a fresh Store
restores exactly the model's position (R32).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from palm_island.engine import GameState, Move, apply_move, legal_moves, new_game
from palm_island.storage.catalog_files import standard_feats
from palm_island.storage.service import Store

SHM = Path("/dev/shm") if Path("/dev/shm").is_dir() else None


class SavedGameMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="palm-machine-", dir=SHM))
        self.store = Store.open(self.folder)
        self.store.create_campaign("M")
        self.session = self.store.new_game("M", seed=3, difficulty="hard")
        self.model: list[Move] = []

    def teardown(self) -> None:
        self.store.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _position(self) -> GameState:
        state = new_game(standard_feats().catalog, seed=3)
        for move in self.model:
            state = apply_move(state, move).state
        return state

    @precondition(lambda self: not self.session.is_over)
    @rule(pick=st.integers(0, 40))
    def play(self, pick: int) -> None:
        moves = legal_moves(self.session.state)
        move = moves[pick % len(moves)]
        self.session.play(move)
        self.model.append(move)

    @precondition(lambda self: bool(self.model) and not self.session.is_over)
    @rule()
    def undo(self) -> None:
        self.session.undo()
        self.model.pop()

    @precondition(lambda self: not self.session.is_over)
    @rule()
    def leave_and_continue(self) -> None:
        self.store.close()
        self.store = Store.open(self.folder)
        resumed = self.store.continue_game("M")
        if not self.model:  # no move played: not offered to continue, still stored
            assert resumed is None and self.session.game_id is not None
            resumed = self.store.resume_game(self.session.game_id)
        assert resumed is not None
        self.session = resumed

    @invariant()
    def database_holds_the_model(self) -> None:
        rows = self.store.conn.execute(
            "SELECT notation FROM move WHERE game_id = ? ORDER BY ply", (self.session.game_id,)
        ).fetchall()
        assert [r[0] for r in rows] == [str(m) for m in self.model]
        assert self.session.moves == self.model
        assert self.session.state == self._position()


SavedGameMachine.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=40,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
test_saved_game_machine = pytest.mark.slow(SavedGameMachine.TestCase)  # over 2 s: make test
