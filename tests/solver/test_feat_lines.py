"""With feat cards in play (R30) the solver's lines are the engine's: every move legal,
the claimed score reached.

Feat cards have ids after the round tracker but codes between ``CH`` and ``HO``, so
stored cards in id order and in code order differ; a solver that pairs its steps
with the engine's moves by position names the wrong cards to pay with.
"""

from __future__ import annotations

import random

import pytest

from check_budget import first_in_check
from palm_island.engine import GameState, apply_move, legal_moves, new_game, score
from palm_island.solver import Budget, analyse, best_move, solve
from palm_island.storage.catalog_files import standard_feats

FEATS = standard_feats()


def replay_score(state: GameState, moves: tuple[object, ...]) -> int:
    """Play ``moves`` through the engine (raising on an illegal one); the final score."""
    for move in moves:
        state = apply_move(state, move).state  # type: ignore[arg-type]
    assert state.is_over
    return score(state).total


@pytest.mark.parametrize("seed", first_in_check([0, 1, 2]))
def test_a_line_from_the_start_of_an_all_feats_game_replays_to_its_score(seed: int) -> None:
    """Regression: on d28a0c6 these lines named stored cards the engine did not have
    stored ('F2 pay FT1+QU2' is not legal here (FT1 not stored))."""
    start = new_game(FEATS.catalog, seed=seed, feats=FEATS.catalog.feat_ids)
    found = solve(start, Budget(30))
    assert replay_score(start, found.moves) == found.score


def random_positions(seed: int, feats: tuple[int, ...], count: int) -> list[GameState]:
    """``count`` positions of one random game with ``feats`` in play, spread over it."""
    rng = random.Random(seed)
    state = new_game(FEATS.catalog, seed=seed, feats=feats)
    seen = [state]
    while not state.is_over:
        moves = legal_moves(state)
        state = apply_move(state, moves[int(rng.random() * len(moves))]).state
        seen.append(state)
    return rng.sample(seen[:-1], count)


FEAT_SETS = first_in_check(
    [
        FEATS.catalog.feat_ids,
        FEATS.catalog.feat_ids[::-1],
        *((f,) for f in FEATS.catalog.feat_ids),
    ],
    spread=False,
)
"""Every feat deck a player can tick alone, and all of them in both orders: make check
plays the all-feats deck, make test every one."""


@pytest.mark.parametrize("feats", FEAT_SETS, ids=lambda f: "+".join(map(str, f)))
def test_solve_and_hints_from_random_positions_of_feat_games_replay(
    feats: tuple[int, ...],
) -> None:
    for state in random_positions(len(feats) * 7 + feats[0], feats, 3):
        found = solve(state, Budget(8))
        assert replay_score(state, found.moves) == found.score
        hint = best_move(state, Budget(8))
        assert hint.move in legal_moves(state)
        assert (hint.move, hint.expected_score) == (found.moves[0], found.score)


@pytest.mark.slow
@pytest.mark.parametrize(
    # seeds 0-5 draw one deck of each size, 1 to 6 feats: make test; 6-9 draw the
    # sizes again, other feats, in make sweep (CI)
    "seed",
    [*range(6), *(pytest.param(seed, marks=pytest.mark.sweep) for seed in range(6, 10))],
)
def test_solve_from_many_positions_of_all_feat_games_replays(seed: int) -> None:
    feats = tuple(random.Random(seed).sample(FEATS.catalog.feat_ids, 1 + seed % 6))
    for state in random_positions(seed, feats, 4):
        found = solve(state, Budget(20))
        assert replay_score(state, found.moves) == found.score


@pytest.mark.slow  # over 1.3 s: make test, not make check (its 90 s CPU budget)
def test_analysis_of_a_feat_game_gives_lines_the_engine_plays() -> None:
    from palm_island.policies import greedy_policy, play_out

    start = new_game(FEATS.catalog, seed=5, feats=FEATS.catalog.feat_ids)
    final, moves = play_out(start, greedy_policy())
    judged = analyse(start, moves, Budget(3))
    assert sum(j.drop for j in judged) == judged[0].best_score - score(final).total
    assert all(j.best_possible >= j.best_score for j in judged)
    state = start
    for j in judged:
        assert j.best in legal_moves(state)
        state = apply_move(state, j.played).state
