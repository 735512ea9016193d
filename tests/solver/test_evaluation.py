"""The evaluation the beam prunes by: its batched form gives each deck's own value."""

from __future__ import annotations

from collections import defaultdict

from palm_island.engine import Catalog, CompactRules, Position, new_game
from palm_island.solver.evaluation import VILLAGE_MARKS, Evaluator, Weights


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
        assert [m.real for m in marked] == [evaluator.value(d, round_) for d in decks]
        assert [m.imag for m in marked] == [float(sum(VILLAGE_MARKS[p] for p in d)) for d in decks]
        checked += len(decks)
        shared += len(decks) - len({d[:cut] for d in decks})
    assert checked > 1000 and shared > 500
