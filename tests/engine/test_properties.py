"""Property-based tests: random legal playouts from random seeds keep the invariants.

Each example draws a seed and a stream of indexes into ``legal_moves`` (this
shrinks well: a smaller index is a simpler choice).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from palm_island.engine import (
    Catalog,
    GameState,
    Move,
    apply_move,
    legal_moves,
    new_game,
    observe,
    parse_position,
    position_notation,
    score,
)
from palm_island.records import build_record, dump_record, load_record, replay

seeds = st.integers(min_value=0, max_value=2**32 - 1)
choices = st.lists(st.integers(min_value=0, max_value=10_000), min_size=400, max_size=400)
PROFILE = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play(catalog: Catalog, seed: int, picks: list[int]) -> tuple[list[GameState], list[Move]]:
    state = new_game(catalog, seed=seed)
    states, moves = [state], []
    for pick in picks:
        if state.is_over:
            break
        options = legal_moves(state)
        assert options, "a legal move exists until the game is over"
        move = options[pick % len(options)]
        moves.append(move)
        state = apply_move(state, move).state
        states.append(state)
    return states, moves


@pytest.mark.slow  # over 1 s of CPU (whole games of examples): make test, not make check
@PROFILE
@given(seed=seeds, picks=choices)
def test_invariants_hold_after_every_move(catalog: Catalog, seed: int, picks: list[int]) -> None:
    states, _ = play(catalog, seed, picks)
    for state in states:
        codes = [c.code for c in state.cards]
        assert len(codes) == 17 and len(set(codes)) == 17  # each card exactly once
        assert state.stored_count <= 4  # R19
        assert 1 <= state.round <= 8
        assert not state.cards[0].stored  # R21 resolved before the player acts
        assert score(state).total == sum(c.face.stars for c in state.cards)  # R26
        assert len(observe(state).top) == 3
        assert bool(legal_moves(state)) != state.is_over


@PROFILE
@given(seed=seeds, picks=choices)
def test_the_game_always_ends_and_the_record_replays_it(
    catalog: Catalog, seed: int, picks: list[int]
) -> None:
    states, moves = play(catalog, seed, picks * 3)  # 1,200 picks: more than any game needs
    final = states[-1]
    assert final.is_over
    record = load_record(dump_record(build_record(states[0], moves, final=final, seed=seed)))
    assert list(replay(record, catalog)) == states


@PROFILE
@given(seed=seeds, picks=choices)
def test_a_position_carries_no_hidden_history(
    catalog: Catalog, seed: int, picks: list[int]
) -> None:
    """The position's notation is all a move depends on: rebuilt from its text, a
    state offers the same moves, and each gives the same position and events."""
    states, moves = play(catalog, seed, picks[:60])
    for state, move in zip(states, moves, strict=False):
        rebuilt = parse_position(position_notation(state), catalog)
        assert rebuilt == state
        assert legal_moves(rebuilt) == legal_moves(state)
        assert apply_move(rebuilt, move) == apply_move(state, move)


@PROFILE
@given(seed=seeds, picks=choices)
def test_every_legal_move_applies_and_only_those(
    catalog: Catalog, seed: int, picks: list[int]
) -> None:
    states, _ = play(catalog, seed, picks[:80])
    for state in states[-5:]:
        for move in legal_moves(state):
            assert apply_move(state, move).state.turn == state.turn + 1
