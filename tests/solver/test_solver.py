"""The solver's lines are legal, reproduce their score, are optimal on small positions,
and come out the same every time."""

from __future__ import annotations

import threading

import pytest

from palm_island.engine import Catalog, GameState, apply_move, is_legal, new_game, score
from palm_island.solver import (
    Budget,
    Cancelled,
    analyse,
    best_move,
    par,
    solve,
)

from .conftest import exhaustive_best, late_position


def replay(state: GameState, moves: tuple[object, ...]) -> GameState:
    for move in moves:
        assert is_legal(state, move)  # type: ignore[arg-type]
        state = apply_move(state, move).state  # type: ignore[arg-type]
    return state


@pytest.mark.parametrize("seed", [0, 1])
def test_a_line_from_the_start_is_legal_finishes_and_scores_what_it_claims(
    catalog: Catalog, seed: int
) -> None:
    start = new_game(catalog, seed=seed)
    found = solve(start, Budget(30))
    final = replay(start, found.moves)
    assert final.is_over
    assert score(final).total == found.score
    assert found.nodes > 0


@pytest.mark.parametrize(("seed", "cards_left"), [(0, 7), (0, 8), (1, 8), (2, 7), (3, 8)])
def test_small_positions_are_solved_exactly(catalog: Catalog, seed: int, cards_left: int) -> None:
    state = late_position(catalog, seed, cards_left)
    optimum = exhaustive_best(state)
    # A width larger than any progress step's positions prunes nothing: exact.
    assert solve(state, Budget(100_000)).score == optimum
    # The default budget reaches the optimum here as well; a hint's may fall short.
    assert score(replay(state, solve(state).moves)).total == optimum
    hint = best_move(state)
    assert hint.expected_score <= optimum


def test_the_same_position_and_budget_give_the_same_line(catalog: Catalog) -> None:
    start = new_game(catalog, seed=4)
    first = solve(start, Budget(25))
    results: list[tuple[int, tuple[object, ...], int]] = []
    thread = threading.Thread(target=lambda: results.append(solve(start, Budget(25))[:3]))
    thread.start()
    thread.join()
    assert results == [first[:3]]


def test_should_stop_cancels_the_search(catalog: Catalog) -> None:
    with pytest.raises(Cancelled):
        solve(new_game(catalog, seed=2), Budget(50), should_stop=lambda: True)


def test_progress_reaches_one(catalog: Catalog) -> None:
    seen: list[float] = []
    solve(new_game(catalog, seed=2), Budget(5), on_progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == pytest.approx(1.0)


def test_a_finished_game_solves_to_its_score(catalog: Catalog) -> None:
    state = late_position(catalog, 6, 4)
    final = replay(state, solve(state).moves)
    found = solve(final)
    assert (found.score, found.moves) == (score(final).total, ())
    with pytest.raises(ValueError, match="over"):
        best_move(final)


def test_analysis_finds_no_drop_in_best_play_and_prices_a_mistake(catalog: Catalog) -> None:
    state = late_position(catalog, 0, 7)
    best_line = solve(state, Budget(100_000)).moves
    judged = analyse(state, best_line, Budget(100_000))
    assert [j.drop for j in judged] == [0] * len(best_line)
    optimum = exhaustive_best(state)
    assert {j.best_score for j in judged} == {optimum}
    # Discarding everything is legal and here gives stars away.
    from palm_island.engine import Move

    discards: list[Move] = []
    here = state
    while not here.is_over:
        discards.append(Move("discard"))
        here = apply_move(here, Move("discard")).state
    judged = analyse(state, discards, Budget(100_000))
    assert all(j.drop >= 0 for j in judged)
    assert sum(j.drop for j in judged) == optimum - score(here).total > 0


def test_par_is_the_score_of_solve(catalog: Catalog) -> None:
    assert (
        par(catalog, seed=9, budget=Budget(10))
        == solve(new_game(catalog, seed=9), Budget(10)).score
    )


def test_budget_from_seconds_is_a_fixed_width() -> None:
    assert Budget.from_seconds(1.0) == Budget.from_seconds(1.0)
    assert Budget.from_seconds(2.0).width == 2 * Budget.from_seconds(1.0).width
    with pytest.raises(ValueError):
        Budget(0)


@pytest.mark.slow
def test_analysis_of_a_whole_game_is_consistent(catalog: Catalog) -> None:
    from palm_island.policies import greedy_policy, play_out

    start = new_game(catalog, seed=12)
    final, moves = play_out(start, greedy_policy())
    judged = analyse(start, moves, Budget(3))
    assert len(judged) == len(moves)
    assert all(j.drop >= 0 for j in judged)
    assert sum(j.drop for j in judged) == judged[0].best_score - score(final).total
    assert all(j.best != j.played for j in judged if j.drop > 0)
    assert [j.played_score for j in judged[:-1]] == [j.best_score for j in judged[1:]]


def test_the_garbage_collector_is_restored_after_a_search(catalog: Catalog) -> None:
    import gc

    assert gc.isenabled()
    solve(new_game(catalog, seed=2), Budget(2))
    with pytest.raises(Cancelled):
        solve(new_game(catalog, seed=2), Budget(2), should_stop=lambda: True)
    assert gc.isenabled()
