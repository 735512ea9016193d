"""The evaluation the beam prunes by: its batched form gives each deck's own value."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Literal

import pytest

from palm_island.engine import ROUNDS, Catalog, CompactRules, GameState, Position, new_game
from palm_island.solver import Budget, solve
from palm_island.solver.evaluation import VILLAGE_MARKS, Evaluator, Weights


def value_of(evaluator: Evaluator, deck: Sequence[int], round_: int) -> float:
    """The evaluation of one position, through the value function the search uses."""
    cut = deck.index(evaluator.tracker_packed[round_]) if round_ <= ROUNDS else 0
    return evaluator.value_function(round_, cut, len(deck))(deck)


def steps_of_positions(catalog: Catalog, seed: int, turns: int) -> dict[int, list[Position]]:
    """Every position (copies merged) within ``turns`` turns of a deal's start, per progress
    step: many decks that share their cards above or below the tracker."""
    rules = CompactRules(catalog)
    layer = {rules.encode(new_game(catalog, seed=seed))}
    found: dict[int, set[Position]] = defaultdict(set)
    for _ in range(turns):
        layer = {child for deck, round_ in layer for child in rules.children(deck, round_)}
        for deck, round_ in layer:
            if not rules.is_over(deck):
                found[rules.progress(deck, round_)].add((deck, round_))
    return {step: sorted(positions) for step, positions in found.items()}


def test_marked_values_are_each_decks_value_and_village_mark(catalog: Catalog) -> None:
    """The batch keeps the sums of parts it has met; the answer must be what each deck's
    own evaluation and mark give, bit for bit (the beam's ties depend on it)."""
    evaluator = Evaluator(catalog, Weights())
    rules = CompactRules(catalog)
    checked = shared = 0
    for positions in steps_of_positions(catalog, 5, 8).values():
        round_ = positions[0][1]
        decks = [deck for deck, _ in positions]
        cut = decks[0].index(rules.tracker_at[round_])
        marked = evaluator.marked_values(decks, round_, cut)
        assert [m.real for m in marked] == [value_of(evaluator, d, round_) for d in decks]
        assert [m.imag for m in marked] == [float(sum(VILLAGE_MARKS[p] for p in d)) for d in decks]
        checked += len(decks)
        shared += len(decks) - len({d[:cut] for d in decks})
    assert checked > 1000 and shared > 500


def test_the_share_of_the_game_left_counts_every_card_of_a_feat_deck() -> None:
    """A round has one turn per card but the tracker: 16 in the base game, 16 + n with
    n feat cards (R30). At the start of round r, (9 - r) / 8 of the game is left
    whatever the deck's size, and the upgrade icons' weight follows that share."""
    from palm_island.engine import ROUNDS
    from palm_island.engine.layout import pack, packed_face, packed_id, tracker_by_round
    from palm_island.storage.catalog_files import standard_feats

    feats = standard_feats()
    catalog = feats.catalog
    every = tuple(feat.card_id for feat in feats.feats)
    weights = Weights(pricing="fixed")
    plain = Evaluator(catalog, weights)
    no_icons = Evaluator(catalog, Weights(icons=0.0, pricing="fixed"))
    for chosen in ((), every[:1], every):
        start = new_game(catalog, seed=3, feats=chosen)
        for round_ in range(1, ROUNDS + 1):
            # the start of the round: the tracker, turned to the round, is last (R22)
            # every building on its face with the most upgrade icons
            cards = [catalog.cards[packed_id(p)] for p in start.deck]
            deck = [
                pack(card.id, max(range(4), key=[f.upgrades for f in card.faces].__getitem__))
                for card in cards
                if card.id != catalog.tracker_id
            ]
            deck.append(tracker_by_round(catalog)[round_])
            icons = sum(packed_face(catalog, p).upgrades for p in deck[:-1])
            share = (ROUNDS - round_ + 1) / ROUNDS
            expected = weights.icons * icons * share**weights.icon_power
            found = value_of(plain, deck, round_) - value_of(no_icons, deck, round_)
            assert icons > 0
            assert abs(found - expected) < 1e-9, (len(deck), round_)


def _known_score(start: GameState) -> int:
    """A score some line from ``start`` reaches (a narrow search's): no bound is below it."""
    return solve(start, Budget(20)).score


def _best_faces(catalog: Catalog) -> int:
    """The stars of every card's best face: the plainest bound, which the tighter
    relaxations must not exceed."""
    return sum(max(f.stars for f in c.faces) for c in catalog.cards if not c.is_round_tracker)


def test_round_prices_value_a_deal_at_the_bounds_dual_value(catalog: Catalog) -> None:
    """The round prices' evaluation is the payment relaxation's Lagrangian at the
    multipliers its search found from the deal: a deal's value plus what the
    four-limit's multipliers add is the relaxation's dual value, whose floor is the
    bound."""
    from palm_island.engine import STORE_LIMIT
    from palm_island.solver.payments import SEARCH_STEPS, payment_bound_from

    for seed in (3, 8):
        start = new_game(catalog, seed=seed)
        bound, (_, carried) = payment_bound_from(start, None, SEARCH_STEPS)
        evaluator = Evaluator(catalog, Weights(pricing="rounds"))
        dual = value_of(evaluator, start.deck, 1) + STORE_LIMIT * sum(carried.values())
        assert int(dual) == bound, seed
        assert _known_score(start) <= bound <= _best_faces(catalog), seed
        assert value_of(evaluator, start.deck, 1) != value_of(
            Evaluator(catalog, Weights(pricing="fixed")), start.deck, 1
        )


@pytest.mark.slow  # over 0.3 s of CPU: make test, not make check (60 s budget)
def test_windows_prices_value_their_deal_at_the_windows_dual_value(catalog: Catalog) -> None:
    """The default evaluation is the windows relaxation's Lagrangian at the multipliers
    searched from the card set's deal (its cards in catalog order): that deal's value
    plus what the four-limit's and the places' multipliers add is the relaxation's dual
    value there, so each card is valued by the block it stands in, as the bound does."""
    from palm_island.engine import ROUNDS, STORE_LIMIT
    from palm_island.solver.payments import SEARCH_STEPS, payment_bound_from, store_model
    from palm_island.solver.window_values import EVALUATION_STEPS
    from palm_island.solver.windows import BLOCKS, from_rounds, window_bound_from

    buildings = [c.id for c in catalog.cards if not c.is_round_tracker]
    start = new_game(catalog, deal=buildings)
    _, rounds = payment_bound_from(start, None, SEARCH_STEPS)
    kinds = len(store_model(catalog).kinds)
    bound, (_, sigma, pi) = window_bound_from(start, from_rounds(rounds, kinds), EVALUATION_STEPS)
    size = len(start.deck) - 1
    places = [0] * (ROUNDS * BLOCKS)
    for round_ in range(ROUNDS):
        for place in range(size):
            places[round_ * BLOCKS + place * BLOCKS // size] += 1
    evaluator = Evaluator(catalog, Weights())
    value = value_of(evaluator, start.deck, 1)
    dual = value + STORE_LIMIT * sum(sigma.values())
    dual += sum(weight * places[block] for block, weight in pi.items())
    assert int(dual) == bound
    assert _known_score(start) <= bound <= _best_faces(catalog)
    # a card about to leave is valued by its block: two orders of one deal differ
    other = new_game(catalog, deal=buildings[::-1])
    assert value_of(evaluator, other.deck, 1) != value
    assert value != value_of(Evaluator(catalog, Weights(pricing="rounds")), start.deck, 1)


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
def test_a_feat_deck_is_valued_at_the_prices_of_its_own_cards() -> None:
    """The prices depend on the deck's cards (more cards that store make stores
    cheaper), so a game with feat cards gets its own tables, found from its deck."""
    from palm_island.solver.evaluation import evaluator_for, feats_of
    from palm_island.solver.window_values import window_tables
    from palm_island.storage.catalog_files import standard_feats

    feats = standard_feats()
    catalog = feats.catalog
    every = tuple(sorted(feat.card_id for feat in feats.feats))
    start = new_game(catalog, seed=3, feats=every[:2])
    size = len(start.deck)
    assert feats_of(catalog, start.deck) == every[:2]
    assert feats_of(catalog, new_game(catalog, seed=3).deck) == ()
    plain, with_two = window_tables(catalog, ()), window_tables(catalog, every[:2])
    assert plain.segments(2, 5, size) != with_two.segments(2, 5, size)
    evaluator = evaluator_for(catalog, Weights(), every[:2])
    assert evaluator.tables(2, 5, size) == with_two.segments(2, 5, size)


@pytest.mark.slow
@pytest.mark.sweep  # 60 searches of 20 deals at width 400, ~40 s: make sweep (CI)
def test_each_pricing_searches_stronger_than_the_one_before(catalog: Catalog) -> None:
    """Why the windows prices are the default: at one width they find better lines than
    the round prices, which find better ones than the fixed prices. On seeds 101-120 at
    width 400: means 44.55, 43.80 and 43.05 (docs/solver.md has 100-deal figures)."""
    from palm_island.solver import Budget, solve

    seeds = range(101, 121)

    def scores(pricing: Literal["windows", "rounds", "fixed"]) -> int:
        weights = Weights(pricing=pricing)
        return sum(
            solve(new_game(catalog, seed=s), Budget(400), weights=weights).score for s in seeds
        )

    windows, rounds, fixed = scores("windows"), scores("rounds"), scores("fixed")
    assert windows >= rounds + 0.25 * len(seeds)
    assert rounds >= fixed + 0.5 * len(seeds)


def test_prepare_works_out_the_prices_a_search_then_reuses(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    from palm_island.solver import Budget, prepare, solve, window_values
    from palm_island.solver.per_catalog import PerCardSet

    built: list[tuple[int, ...]] = []
    real = window_values._search

    def counted(catalog: Catalog, feats: tuple[int, ...]) -> window_values.WindowTables:
        built.append(feats)
        return real(catalog, feats)

    monkeypatch.setattr(window_values, "_kept", PerCardSet(counted))
    start = new_game(catalog, seed=4)
    prepare(start)
    assert built == [()]
    solve(start, Budget(5))
    assert built == [()]  # the search found them worked out
