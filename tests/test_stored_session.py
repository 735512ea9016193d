"""StoredSession: the game screen's session, committed to the store on every change."""

from __future__ import annotations

from pathlib import Path

from palm_island.policies import greedy_policy
from palm_island.storage.service import Store
from palm_island.stored_session import StoredSession


def saved_moves(store: Store) -> tuple[str, ...]:
    saved = store.unfinished_game("C")
    assert saved is not None
    return saved.record.moves


def test_play_undo_and_redo_are_each_saved(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("C")
        session = StoredSession(store.new_game("C", difficulty="easy", seed=5))
        policy = greedy_policy()
        for _ in range(4):
            session.play(policy(session.state))
        played = tuple(map(str, session.moves))
        assert saved_moves(store) == played

        session.undo()
        session.undo()
        assert saved_moves(store) == played[:2] and session.can_redo
        session.redo()
        assert saved_moves(store) == played[:3] and session.can_redo  # one more to redo
        session.redo()
        assert saved_moves(store) == played and not session.can_redo
        assert session.undo_count == 2

        resumed = store.continue_game("C")
        assert resumed is not None
        again = StoredSession(resumed)
        assert again.state == session.state and again.undo_count == 2
        assert [step.state for step in again.steps] == [step.state for step in session.steps]


def test_a_finished_game_cannot_be_undone_and_restart_saves_a_new_game(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("C")
        session = StoredSession(store.new_game("C", difficulty="medium", seed=5))
        policy = greedy_policy()
        while not session.state.is_over:
            session.play(policy(session.state))
        assert not session.can_undo and session.undo() is None
        assert not session.in_progress
        fresh = session.restart()
        assert isinstance(fresh, StoredSession)
        assert fresh.start == session.start and fresh.game_id != session.game_id
        assert fresh.difficulty == "medium"
