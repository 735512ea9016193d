"""The windows relaxation's multipliers solved ahead of time (bound_multipliers.json):
they match the card data, tighten the bound from a deal, and cannot make it wrong."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace

import pytest
from pydantic import ValidationError

from palm_island.engine import Catalog, new_game
from palm_island.solver import Budget, solve, upper_bound
from palm_island.solver.payments import payment_bound_from, store_model
from palm_island.solver.solved_file import load_solved
from palm_island.solver.solved_multipliers import FILE, card_set_key, solved_multipliers
from palm_island.solver.subgradient import GRID
from palm_island.solver.windows import (
    SEARCH_STEPS,
    WindowProblem,
    from_rounds,
    window_bound_at,
    window_bound_from,
)
from palm_island.storage.catalog_files import standard_catalog, standard_feats

CATALOG = standard_feats().catalog


def test_every_shipped_set_matches_the_card_data_and_each_dealable_set_has_one() -> None:
    """After a change of card data this fails: run ``make bound-multipliers`` again.
    Every set a player can deal (the 16 buildings with any feat cards) is there."""
    solved = load_solved(FILE.read_text())
    codes = {card.code: card.id for card in CATALOG.cards}
    keys = set()
    for entry in solved.sets:
        feats = tuple(sorted(codes[code] for code in entry.feats))
        assert entry.cards == card_set_key(CATALOG, feats), entry.feats
        assert solved_multipliers(CATALOG, feats) is not None
        keys.add(feats)
    dealable = {
        feats
        for size in range(len(CATALOG.feat_ids) + 1)
        for feats in itertools.combinations(CATALOG.feat_ids, size)
    }
    assert keys == dealable


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
@pytest.mark.parametrize("feat_cards", [False, True], ids=["game catalog", "feats catalog"])
def test_the_solved_multipliers_take_the_bound_from_a_deal_below_the_search(
    seed: int, feat_cards: bool
) -> None:
    """At the solved multipliers every deal's Lagrangian is at most the value they
    were solved to (the relaxation without the deal's order, which each deal's
    strengthens), and below where the search alone stops (when they were solved: 51
    against 52 from every deal); the bound stays above a line's score. The same for
    the game's catalog and the campaign's (which also knows the feat cards and the
    kinds of store they make)."""
    catalog = CATALOG if feat_cards else standard_catalog()
    deal = new_game(catalog, seed=seed)
    _, rounds = payment_bound_from(deal, None, 300)
    start = from_rounds(rounds, len(store_model(catalog).kinds))
    searched, _ = window_bound_from(deal, start, SEARCH_STEPS)
    solved = solved_multipliers(catalog, ())
    assert solved is not None
    problem = WindowProblem(deal)
    value, _ = problem.evaluate(problem.unpack(solved))
    entry = next(s for s in load_solved(FILE.read_text()).sets if not s.feats)
    assert value <= entry.value / GRID
    at_solved = window_bound_at(deal, solved)
    assert at_solved < searched  # the file tightens the search's bound
    known = solve(deal, Budget(20)).score  # a line's score: no bound is below it
    assert known <= upper_bound(deal) <= at_solved


def test_multipliers_solved_for_other_cards_are_not_used(catalog: Catalog) -> None:
    """A set of cards the file does not know (here: the faces of one building changed)
    gets none, so the bound is the search's alone."""
    card = catalog.cards[0]
    face = card.faces[0]
    changed = replace(card, faces=(replace(face, stars=face.stars + 1), *card.faces[1:]))
    other = Catalog((changed, *catalog.cards[1:]), catalog.ranks, catalog.colours, catalog.edition)
    assert card_set_key(other, ()) != card_set_key(catalog, ())
    assert solved_multipliers(other, ()) is None


def test_a_malformed_file_is_refused_with_what_is_wrong() -> None:
    """A negative multiplier would make the bound wrong (weak duality needs them
    non-negative): the file's check refuses it and names where it is."""
    document = json.loads(FILE.read_text())
    document["sets"][0]["price"][0][2] = -1
    with pytest.raises(ValidationError, match="price"):
        load_solved(json.dumps(document))
    document = json.loads(FILE.read_text())
    del document["sets"][0]["cards"]
    with pytest.raises(ValidationError, match="cards"):
        load_solved(json.dumps(document))
