"""The upper bound is admissible: never below a score a real line reaches."""

from __future__ import annotations

import random

import pytest

from palm_island.engine import Catalog, GameState, apply_move, legal_moves, new_game, score
from palm_island.solver import Budget, solve, upper_bound
from palm_island.storage.catalog_files import standard_feats

from .conftest import exhaustive_best, late_position

FEATS = standard_feats()


def positions(catalog: Catalog, seed: int, feats: tuple[int, ...], count: int) -> list[GameState]:
    rng = random.Random(seed)
    state = new_game(catalog, seed=seed, feats=feats)
    seen = [state]
    while not state.is_over:
        moves = legal_moves(state)
        state = apply_move(state, moves[int(rng.random() * len(moves))]).state
        seen.append(state)
    return rng.sample(seen, count)


def test_a_finished_game_is_bounded_by_its_own_score(catalog: Catalog) -> None:
    state = positions(catalog, 3, (), 1)[0]
    while not state.is_over:
        state = apply_move(state, legal_moves(state)[-1]).state
    assert upper_bound(state) == score(state).total


def test_the_bound_from_a_deal_is_at_most_the_stars_every_card_can_show(
    catalog: Catalog,
) -> None:
    most = sum(max(face.stars for face in card.faces) for card in catalog.cards)
    assert upper_bound(new_game(catalog, seed=1)) <= most


@pytest.mark.parametrize(("seed", "cards_left"), [(0, 7), (1, 8), (3, 8)])
def test_the_bound_is_at_least_the_true_optimum_of_small_positions(
    catalog: Catalog, seed: int, cards_left: int
) -> None:
    state = late_position(catalog, seed, cards_left)
    optimum = exhaustive_best(state)
    assert optimum <= upper_bound(state)
    # Late in the game few actions are left, so the bound is close.
    assert upper_bound(state) - optimum <= 10


@pytest.mark.parametrize("feats", [(), FEATS.catalog.feat_ids], ids=["base", "all feats"])
def test_the_bound_is_never_below_the_solvers_score(feats: tuple[int, ...]) -> None:
    for seed in range(3):
        for state in positions(FEATS.catalog, seed, feats, 4):
            found = solve(state, Budget(20))
            assert found.score <= upper_bound(state), (seed, state)


@pytest.mark.slow
def test_the_bound_is_never_below_the_solvers_score_on_many_positions(catalog: Catalog) -> None:
    for seed in range(3, 11):
        feats = tuple(random.Random(seed).sample(FEATS.catalog.feat_ids, seed % 7))
        for state in positions(FEATS.catalog, seed, feats, 5):
            assert solve(state, Budget(40)).score <= upper_bound(state)


@pytest.mark.parametrize(("seed", "cards_left"), [(2, 6), (4, 7), (5, 6), (6, 7)])
def test_each_relaxation_alone_is_at_least_the_true_optimum(
    catalog: Catalog, seed: int, cards_left: int
) -> None:
    """Both relaxations must be admissible on their own: ``upper_bound`` is their minimum."""
    from palm_island.solver.bound import _card_resources_bound, _turn_budget_bound

    state = late_position(catalog, seed, cards_left)
    optimum = exhaustive_best(state)
    assert optimum <= _card_resources_bound(state)
    assert optimum <= _turn_budget_bound(state)


def test_the_card_resources_relaxation_tightens_the_bound_mid_game(catalog: Catalog) -> None:
    """Along a line, from turn 64 on, the bound is below the turn-budget relaxation alone
    on most positions (measured: mean gap to the line's score 15.3 -> 8.0 at turn 64)."""
    from palm_island.solver.bound import _turn_budget_bound

    tighter = 0
    for seed in range(1, 4):
        state = new_game(catalog, seed=seed)
        for turn, move in enumerate(solve(state, Budget(20)).moves):
            if turn in (64, 96):
                tighter += upper_bound(state) < _turn_budget_bound(state)
            state = apply_move(state, move).state
    assert tighter >= 4
