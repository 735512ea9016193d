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
    weights = Weights()
    plain = Evaluator(catalog, weights)
    no_icons = Evaluator(catalog, Weights(icons=0.0))
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
            found = plain.value(deck, round_) - no_icons.value(deck, round_)
            assert icons > 0
            assert abs(found - expected) < 1e-9, (len(deck), round_)
