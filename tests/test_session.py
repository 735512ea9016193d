"""Tests for the game session: play, undo and redo, records (headless)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palm_island.engine import (
    Catalog,
    IllegalMoveError,
    Move,
    RoundEnded,
    apply_move,
    new_game,
    score,
)
from palm_island.policies import play_out, random_policy
from palm_island.records import verify
from palm_island.session import GameSession


def test_a_new_session_is_at_the_dealt_position(catalog: Catalog) -> None:
    session = GameSession.from_seed(catalog, 7, deck_colour="red")
    assert session.state == new_game(catalog, seed=7)
    assert session.turn == 0 and not session.can_undo and not session.can_redo
    assert not session.in_progress


def test_playing_a_move_follows_the_engine(catalog: Catalog) -> None:
    session = GameSession.from_seed(catalog, 7)
    move = session.legal_moves()[0]
    step = session.play(move)
    assert step.state == apply_move(session.start, move).state
    assert session.state == step.state and session.moves == (move,)
    assert session.in_progress


def test_an_illegal_move_is_refused_and_changes_nothing(catalog: Catalog) -> None:
    session = GameSession.from_seed(catalog, 7)
    illegal = Move("store", 1, ("CH1",))
    assert illegal not in session.legal_moves()
    with pytest.raises(IllegalMoveError):
        session.play(illegal)
    assert session.state == session.start and session.moves == ()


def test_undo_and_redo_walk_the_history_and_count_undos(catalog: Catalog) -> None:
    session = GameSession.from_seed(catalog, 3)
    states = [session.state]
    for _ in range(5):
        states.append(session.play(session.legal_moves()[0]).state)
    assert session.undo() is not None and session.undo() is not None
    assert session.state == states[3] and session.undo_count == 2
    assert session.redo() is not None
    assert session.state == states[4] and session.can_redo


def test_a_new_move_clears_redo(catalog: Catalog) -> None:
    session = GameSession.from_seed(catalog, 3)
    session.play(session.legal_moves()[0])
    session.undo()
    assert session.can_redo
    session.play(session.legal_moves()[-1])
    assert not session.can_redo and session.redo() is None


def test_undo_with_nothing_played_does_nothing(catalog: Catalog) -> None:
    session = GameSession.from_seed(catalog, 3)
    assert session.undo() is None and session.undo_count == 0


def test_r22_undo_across_a_round_end_brings_the_round_back(catalog: Catalog) -> None:
    session = GameSession.from_seed(catalog, 5)
    while not any(isinstance(e, RoundEnded) for s in session.steps for e in s.events):
        session.play(session.legal_moves()[-1])  # discard until the tracker comes up
    assert session.state.round == 2
    session.undo()
    assert session.state.round == 1
    session.redo()
    assert session.state.round == 2


def test_the_record_of_a_finished_game_verifies_and_keeps_the_settings(catalog: Catalog) -> None:
    session = GameSession.from_seed(catalog, 11, deck_colour="red")
    _, moves = play_out(session.start, random_policy(11))
    for move in moves[:10]:
        session.play(move)
    session.undo()
    for move in moves[9:]:
        session.play(move)
    record = session.record()
    assert record.deck_colour == "red" and record.seed == 11 and record.undo_count == 1
    assert verify(record, catalog) == session.state
    assert record.result is not None and record.result.score == score(session.state).total


def test_restart_deals_the_same_game_again(catalog: Catalog) -> None:
    session = GameSession.from_seed(catalog, 9)
    session.play(session.legal_moves()[0])
    again = session.restart()
    assert again.state == session.start and again.seed == 9 and again.moves == ()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), actions=st.lists(st.integers(0, 30), max_size=60))
def test_any_mix_of_play_undo_redo_matches_replaying_the_kept_moves(
    catalog: Catalog, seed: int, actions: list[int]
) -> None:
    session = GameSession.from_seed(catalog, seed)
    for action in actions:
        if action == 0:
            session.undo()
        elif action == 1:
            session.redo()
        elif not session.state.is_over:
            moves = session.legal_moves()
            session.play(moves[action % len(moves)])
    state = session.start
    for move in session.moves:
        state = apply_move(state, move).state
    assert state == session.state


def test_r32_a_session_resumed_from_its_moves_has_the_same_steps_and_undo_history(
    catalog: Catalog,
) -> None:
    played = GameSession.from_seed(catalog, 4)
    policy = random_policy(4)
    for _ in range(40):
        played.play(policy(played.state))
    resumed = GameSession(played.start, seed=4, history=played.moves, undo_count=3)
    assert resumed.steps == played.steps  # events recomputed: the log reads the same
    assert resumed.undo_count == 3 and not resumed.can_redo
    resumed.undo()
    assert resumed.state == played.steps[-2].state and resumed.undo_count == 4


def test_a_history_with_an_illegal_move_is_refused(catalog: Catalog) -> None:
    start = new_game(catalog, seed=4)
    illegal = Move("store", 1, ("CH1",))  # nothing is stored at the start: no payment
    with pytest.raises(IllegalMoveError):
        GameSession(start, history=[illegal])
