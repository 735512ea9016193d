"""The upper bound is admissible: never below a score a real line reaches."""

from __future__ import annotations

import itertools
import random

import pytest

from benchmarks.relaxations import payment_bound, window_bound
from check_budget import first_in_check
from palm_island.engine import (
    Catalog,
    GameState,
    Orientation,
    apply_move,
    legal_moves,
    new_game,
    pack,
    packed_id,
    score,
    tracker_by_round,
)
from palm_island.solver import Budget, solve, upper_bound
from palm_island.solver.bound import upper_bounds_along
from palm_island.solver.payments import (
    Multipliers,
    covers_of,
    payment_bound_from,
    store_model,
)
from palm_island.solver.windows import (
    BLOCKS,
    WindowMultipliers,
    window_bound_from,
)
from palm_island.storage.catalog_files import standard_feats

from .conftest import exhaustive_best, late_position, reduced_position

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


@pytest.mark.parametrize(("seed", "cards_left"), first_in_check([(0, 7), (1, 8), (3, 8)]))
def test_the_bound_is_at_least_the_true_optimum_of_small_positions(
    catalog: Catalog, seed: int, cards_left: int
) -> None:
    state = late_position(catalog, seed, cards_left)
    optimum = exhaustive_best(state)
    assert optimum <= upper_bound(state)
    # Late in the game few actions are left, so the bound is close.
    assert upper_bound(state) - optimum <= 10


@pytest.mark.slow
@pytest.mark.parametrize(
    "feats",
    [
        # every feat card with the base ones: make test; the base cards alone, also one
        # of the sweep's decks below (seed 7, no feat), are make sweep's too (CI)
        pytest.param((), id="base", marks=pytest.mark.sweep),
        pytest.param(FEATS.catalog.feat_ids, id="all feats"),
    ],
)
def test_the_bound_is_never_below_the_solvers_score(feats: tuple[int, ...]) -> None:
    for seed in range(3):
        for state in positions(FEATS.catalog, seed, feats, 4):
            found = solve(state, Budget(20))
            assert found.score <= upper_bound(state), (seed, state)


@pytest.mark.slow
@pytest.mark.sweep  # 40 positions of 8 feat decks, 12-16 s: make sweep (CI); 12 in make test above
def test_the_bound_is_never_below_the_solvers_score_on_many_positions(catalog: Catalog) -> None:
    for seed in range(3, 11):
        feats = tuple(random.Random(seed).sample(FEATS.catalog.feat_ids, seed % 7))
        for state in positions(FEATS.catalog, seed, feats, 5):
            assert solve(state, Budget(40)).score <= upper_bound(state)


@pytest.mark.parametrize(("seed", "cards_left"), first_in_check([(2, 6), (4, 7), (5, 6), (6, 7)]))
def test_each_relaxation_alone_is_at_least_the_true_optimum(
    catalog: Catalog, seed: int, cards_left: int
) -> None:
    """Both relaxations must be admissible on their own: ``upper_bound`` is their minimum."""
    from palm_island.solver.bound import _card_resources_bound, _turn_budget_bound

    state = late_position(catalog, seed, cards_left)
    optimum = exhaustive_best(state)
    assert optimum <= _card_resources_bound(state)
    assert optimum <= _turn_budget_bound(state)


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
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


def mixed_late_position(
    catalog: Catalog, seed: int, feats: tuple[int, ...], cards_left: int
) -> list[GameState]:
    """The positions of a game that follows a narrow search's line but plays a random
    legal move now and then (and searches again from there), until round 8 has
    ``cards_left`` cards to go: varied positions that still hold resources and choices."""
    rng = random.Random(seed)
    state = new_game(catalog, seed=seed, feats=feats)
    seen = [state]
    line = list(solve(state, Budget(10)).moves)
    while not (state.round == 8 and state.cards_left_in_round <= cards_left):
        if rng.random() < 0.15 or not line:
            moves = legal_moves(state)
            move = moves[int(rng.random() * len(moves))]
            state = apply_move(state, move).state
            line = [] if state.is_over else list(solve(state, Budget(10)).moves)
        else:
            state = apply_move(state, line.pop(0)).state
        seen.append(state)
    return seen


# make test: a base and a two-feat deck 7 cards from the end (make check runs the first),
# one and three feats 6 cards from the end; make sweep: 144 more positions.
CASES = [(0, 0, 7), (0, 2, 7), (1, 1, 6), (1, 3, 6)]
MANY_CASES = [
    (seed, feats, left) for seed in range(2, 26) for feats in (0, 1, 3) for left in (6, 7)
]


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
@pytest.mark.parametrize(("seed", "feat_count", "cards_left"), first_in_check(CASES))
def test_the_payment_relaxation_is_never_below_the_true_optimum(
    seed: int, feat_count: int, cards_left: int
) -> None:
    """Exhaustive search (the engine's own moves) against the third relaxation alone,
    the bound, and the bound along the game's last positions, on base and feat decks."""
    check_against_exhaustive_search(seed, feat_count, cards_left)


@pytest.mark.slow
@pytest.mark.sweep
@pytest.mark.parametrize(("seed", "feat_count", "cards_left"), MANY_CASES)
def test_the_payment_relaxation_is_never_below_the_true_optimum_of_many_positions(
    seed: int, feat_count: int, cards_left: int
) -> None:
    """A sweep over 24 deals, three feat counts and two depths (144 exhaustive
    searches, about 1 s of CPU each): make sweep (CI), not make test, which checks
    the four positions above."""
    check_against_exhaustive_search(seed, feat_count, cards_left)


def check_against_exhaustive_search(seed: int, feat_count: int, cards_left: int) -> None:
    feats = tuple(random.Random(seed).sample(FEATS.catalog.feat_ids, feat_count))
    seen = mixed_late_position(FEATS.catalog, 100 + seed, feats, cards_left)
    state = seen[-1]
    optimum = exhaustive_best(state)
    assert optimum <= payment_bound(state)
    assert optimum <= upper_bound(state)
    along = upper_bounds_along(seen)
    assert along[0] == upper_bound(seen[0])
    assert all(later <= earlier for earlier, later in itertools.pairwise(along))
    assert optimum <= along[-1]


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
@pytest.mark.parametrize("seed", first_in_check(range(3)))
def test_any_multipliers_give_a_valid_bound(catalog: Catalog, seed: int) -> None:
    """Weak duality, checked: one step from random multipliers (no search at all) is
    still never below the true optimum. A sign slip in the dual would fail this."""
    rng = random.Random(seed)
    state = mixed_late_position(catalog, 200 + seed, (), 7)[-1]
    optimum = exhaustive_best(state)
    kinds = len(store_model(catalog).kinds)
    for _ in range(20):
        scale = rng.choice((0.1, 1.0, 5.0))
        spans = [(a, b) for a in range(1, 9) for b in range(a, 9)]
        start: Multipliers = (
            {span: [rng.random() * scale for _ in range(kinds)] for span in spans},
            {span: rng.random() * scale for span in spans},
        )
        bound, _ = payment_bound_from(state, start, 1)
        assert optimum <= bound


def test_the_bound_from_the_deal_is_below_every_cards_best_face(catalog: Catalog) -> None:
    """The first two relaxations gave 57 (every card's best face) on every deal."""
    most = sum(max(face.stars for face in card.faces) for card in catalog.cards)
    bounds = [upper_bound(new_game(catalog, seed=seed)) for seed in range(1, 4)]
    assert all(bound < most for bound in bounds), bounds


@pytest.mark.slow
@pytest.mark.sweep  # a search of each of 100 deals, ~35 s: make sweep (CI)
def test_no_solver_line_beats_the_bound_on_the_bench_deals(catalog: Catalog) -> None:
    for seed in range(1, 101):
        state = new_game(catalog, seed=seed)
        assert solve(state, Budget(50)).score <= upper_bound(state), seed


@pytest.mark.parametrize("seed", first_in_check(range(3)))
def test_any_multipliers_give_a_valid_bound_with_rounds_to_go(catalog: Catalog, seed: int) -> None:
    """The same with two and three rounds left (where spans of several rounds and the
    four-carried constraints exist), against the score of a real line (no exhaustive
    search reaches that far): multipliers scattered around the ones the search found."""
    rng = random.Random(seed)
    for rounds_left in (2, 3):
        state = new_game(catalog, seed=300 + seed)
        for move in solve(state, Budget(20)).moves:
            if state.round == 9 - rounds_left and state.cards_left_in_round <= 8:
                break
            state = apply_move(state, move).state
        reached = solve(state, Budget(400)).score
        _, tuned = payment_bound_from(state, None, 200)
        for _ in range(10):
            start: Multipliers = (
                {k: [w * rng.uniform(0.5, 1.5) for w in row] for k, row in tuned[0].items()},
                {k: w * rng.uniform(0.5, 1.5) + rng.random() * 0.05 for k, w in tuned[1].items()},
            )
            bound, _ = payment_bound_from(state, start, 1)
            assert reached <= bound


# Small decks from several deals, cut at the start of a round (every card's place
# still to come, so the order of the deck matters) and in the middle of one (cards
# behind the tracker): exhaustive search reaches the end of the game from them.
REDUCED = [(seed, 7, 5, 0) for seed in (1, 2, 3, 8)] + [
    (2, 7, 3, 2),
    (3, 6, 4, 0),
    (4, 6, 3, 1),
    (7, 5, 3, 0),
    (8, 6, 3, 1),
]
MANY_REDUCED = [
    (seed, round_, above, below)
    for seed in range(1, 13)
    for round_, above, below in ((7, 5, 0), (7, 3, 2), (6, 4, 0), (6, 3, 1), (5, 3, 0))
    if (seed, round_, above, below) not in REDUCED  # those run in make test already
]


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
@pytest.mark.parametrize(("seed", "round_", "above", "below"), REDUCED)
def test_the_window_relaxation_is_never_below_the_true_optimum_of_small_decks(
    catalog: Catalog, seed: int, round_: int, above: int, below: int
) -> None:
    check_windows_against_exhaustive_search(catalog, seed, round_, above, below)


@pytest.mark.slow
@pytest.mark.sweep
@pytest.mark.parametrize(("seed", "round_", "above", "below"), MANY_REDUCED)
def test_the_window_relaxation_is_never_below_the_true_optimum_of_many_small_decks(
    catalog: Catalog, seed: int, round_: int, above: int, below: int
) -> None:
    """A sweep over 12 deals and five cuts (51 exhaustive searches beside the nine of
    make test above): make sweep (CI), not make test."""
    check_windows_against_exhaustive_search(catalog, seed, round_, above, below)


def check_windows_against_exhaustive_search(
    catalog: Catalog, seed: int, round_: int, above: int, below: int
) -> None:
    state = reduced_position(catalog, seed, round_, above, below)
    optimum = exhaustive_best(state)
    assert optimum <= window_bound(state)
    assert optimum <= upper_bound(state)


@pytest.mark.parametrize("seed", first_in_check([2, 3, 8]))
def test_any_window_multipliers_give_a_valid_bound(catalog: Catalog, seed: int) -> None:
    """Weak duality for the fourth relaxation: one step from random multipliers (prices
    per block and kind, four-limit prices, places' prices) is never below the true
    optimum of a small deck. A sign slip in its dual would fail this."""
    rng = random.Random(seed)
    state = reduced_position(catalog, seed, 6, 4, 0)
    optimum = exhaustive_best(state)
    kinds = len(store_model(catalog).kinds)
    blocks = range((6 - 1) * BLOCKS, 8 * BLOCKS)  # every block of rounds 6-8
    for _ in range(20):
        scale = rng.choice((0.1, 1.0, 5.0))
        start: WindowMultipliers = (
            {block: [rng.random() * scale for _ in range(kinds)] for block in blocks},
            {block: rng.random() * scale for block in blocks},
            {block: rng.random() * scale for block in blocks},
        )
        bound, _ = window_bound_from(state, start, 1)
        assert optimum <= bound


def test_the_window_relaxation_sees_the_order_of_the_deck(catalog: Catalog) -> None:
    """The same cards in another order get another bound: the relaxation prices where
    each card stands (the first three relaxations ignore the order)."""
    # A small deck at the start of round 6 (what seed 1's width-10 line of solver
    # version 1 left, its first 8 cards): fixed here, since a solver's line changes.
    faces = "CH2:BU QU1:BD CH1:BU LG3:BD TM:BU LG2:FD QU3:BD LG1:FU"
    codes = {"FU": 0, "FD": 1, "BU": 2, "BD": 3}
    cards = tuple(
        pack(catalog.id_of(code), codes[face])
        for code, face in (token.split(":") for token in faces.split())
    )
    tracker = tracker_by_round(catalog)[6]
    state = GameState((*cards, tracker), 6, 80, catalog)
    moved = state._replace(deck=(*cards[1:], cards[0], tracker))  # card 1 to the back
    assert searched_cold(moved) == searched_cold(state)  # blind to the order
    assert window_bound(moved) != window_bound(state)


def searched_cold(state: GameState) -> tuple[int, Multipliers]:
    """The payments relaxation's search from zero, worked out now (not the kept one)."""
    store_model(state.catalog).cold_searches.clear()
    return payment_bound_from(state, None, 300)


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
@pytest.mark.parametrize("feats", [(), FEATS.catalog.feat_ids[:2]], ids=["base", "two feats"])
def test_every_deal_of_a_card_set_gets_the_same_cold_payments_search(
    feats: tuple[int, ...],
) -> None:
    """A search from zero is kept by what the relaxation sees, which leaves out the
    deck's order: so it must give the same bound and multipliers on every deal of the
    same cards (the evaluation's canonical deal and the deal played), searched anew."""
    deals = [new_game(FEATS.catalog, seed=seed, feats=feats) for seed in (1, 2, 3)]
    first = searched_cold(deals[0])
    assert all(searched_cold(deal) == first for deal in deals[1:])
    kept = payment_bound_from(deals[2], None, 300)
    assert payment_bound_from(deals[1], None, 300) is kept  # one search, kept
    assert searched_cold(deals[2]) == kept


def test_the_bound_from_the_deal_is_below_the_payments_relaxations_first_54(
    catalog: Catalog,
) -> None:
    """The three relaxations before gave 54 on every deal; with covers held by distinct
    cards (both in payments and windows) and the windows relaxation, less."""
    state = new_game(catalog, seed=1)
    assert upper_bound(state) < 54


def test_a_cover_never_needs_two_stores_of_one_card(catalog: Catalog) -> None:
    """A stored card is one card (R9): 2+2 stone from two Quarries with 3 wood and 3
    fish from the one Trade House cannot pay a Temple's last upgrade (3 wood, 3 fish,
    4 stone), while the Trade House's 3 stone with three other cards' stores can."""
    model = store_model(catalog)
    index = model.index
    covers = model.covers[(3, 3, 4)]
    two_of_one = tuple(sorted(index[k] for k in ((0, 0, 2), (0, 0, 2), (3, 0, 0), (0, 3, 0))))
    apart = tuple(sorted(index[k] for k in ((0, 0, 3), (1, 2, 0), (1, 1, 1), (1, 0, 0))))
    assert two_of_one not in covers
    assert apart in covers


def test_covers_only_use_kinds_the_deck_can_still_store(catalog: Catalog) -> None:
    """Loggers upgraded to their last face (no store) can never store 2 wood again, and
    no other building stores 2 wood: no cover of that deck uses a 2-wood store, while
    the deal's covers do."""
    model = store_model(catalog)
    two_wood = model.index[(2, 0, 0)]
    deal = new_game(catalog, seed=1)
    loggers = {card.id for card in catalog.cards if card.code.startswith("LG")}
    finished = tuple(
        pack(packed_id(p), Orientation.BACK_UP) if packed_id(p) in loggers else p for p in deal.deck
    )
    uses = [
        any(two_wood in cover for covers in found.covers.values() for cover in covers)
        for found in (covers_of(model, deal.deck), covers_of(model, finished))
    ]
    assert uses == [True, False]
