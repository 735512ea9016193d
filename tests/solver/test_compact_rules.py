"""The search's compact rules agree with the public engine, position by position, on every
deck a player can build: the base deck, each feat card alone (medium, R31), all six
(the easy maximum) and a few mixed sets in different orders (R30: the player chooses
which feats, the deck keeps their order).

For every position of random playouts (half of them hoarding, so that payments with
several cards and releases, R20, come up), each child the search would visit is
compared with ``apply_move`` of the move it belongs to, and the merged children
(copies named by their first one) with the merged engine successors, as multisets.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from palm_island.engine import (
    Catalog,
    CompactRules,
    GameState,
    Move,
    apply_move,
    legal_moves,
    new_game,
)
from palm_island.engine.movegen import rules_of
from palm_island.storage.catalog_files import standard_feats

FEATS = standard_feats()
FEAT_IDS = FEATS.catalog.feat_ids


def feat_sets() -> list[tuple[str, tuple[int, ...]]]:
    """Every feat set the campaign allows a deck to be built with, by kind."""
    sets: list[tuple[str, tuple[int, ...]]] = [("base deck", ())]
    sets += [(f"{FEATS.catalog.cards[f].code} alone", (f,)) for f in FEAT_IDS]
    sets.append(("all six (easy maximum)", FEAT_IDS))
    sets.append(("all six reversed", FEAT_IDS[::-1]))
    sets.append(("FT6 FT1 FT4", (FEAT_IDS[5], FEAT_IDS[0], FEAT_IDS[3])))
    return sets


def playout(catalog: Catalog, seed: int, feats: tuple[int, ...]) -> list[GameState]:
    """Every position of a random game; odd seeds store whenever they can."""
    rng = random.Random(seed)
    hoard = seed % 2 == 1
    state = new_game(catalog, seed=seed, feats=feats)
    seen = [state]
    while not state.is_over:
        moves = legal_moves(state)
        stores = [m for m in moves if m.kind == "store"]
        pool = stores if hoard and stores and rng.random() < 0.8 else moves
        state = apply_move(state, pool[int(rng.random() * len(pool))]).state
        seen.append(state)
    return seen


def check_position(rules: CompactRules, state: GameState) -> tuple[Move, ...]:
    """Assert both agreements for one position; return its moves."""
    moves = legal_moves(state)
    engine = [apply_move(state, m).state for m in moves]
    # Unmerged: child i is exactly the engine's position after move i.
    children = rules.children(bytes(state.deck), state.round)
    assert [(tuple(d), r) for d, r in children] == [(s.deck, s.round) for s in engine]
    # Merged: the same positions up to which copy lies where, with the same multiplicity.
    deck, round_ = rules.encode(state)
    merged = Counter(rules.children(deck, round_))
    assert merged == Counter(rules.encode(s) for s in engine)
    for child, after in zip(children, engine, strict=True):
        assert rules.is_over(child[0]) == after.is_over
        if not after.is_over:
            assert rules.progress(*child) > rules.progress(bytes(state.deck), state.round)
    return moves


def check_games(seeds: range, feats: tuple[int, ...]) -> Counter[str]:
    catalog = FEATS.catalog
    rules = CompactRules(catalog)
    feat_codes = {catalog.cards[f].code for f in feats}
    seen: Counter[str] = Counter()
    for seed in seeds:
        for state in playout(catalog, seed, feats):
            for move in check_position(rules, state):
                acting = state.card_at(move.card).code if move.kind != "discard" else None
                seen["moves"] += 1
                seen["releases"] += move.release is not None
                seen["multi-card payments"] += len(move.pay) > 1
                seen["feat card acts or pays"] += bool(
                    feat_codes & {acting, *move.pay, move.release}
                )
    return seen


@pytest.mark.parametrize(("name", "feats"), feat_sets())
def test_compact_children_are_the_engine_successors(name: str, feats: tuple[int, ...]) -> None:
    seen = check_games(range(2), feats)
    assert seen["releases"] > 0 and seen["multi-card payments"] > 0
    if feats:
        assert seen["feat card acts or pays"] > 0, name


@pytest.mark.slow
@pytest.mark.parametrize(("name", "feats"), feat_sets())
def test_compact_children_are_the_engine_successors_on_many_games(
    name: str, feats: tuple[int, ...]
) -> None:
    seen = check_games(range(2, 12), feats)
    assert seen["releases"] > 0 and seen["multi-card payments"] > 0, name


@pytest.mark.parametrize(("name", "feats"), feat_sets())
def test_play_lists_the_moves_search_lists_and_finds_the_same_step_for_each(
    name: str, feats: tuple[int, ...]
) -> None:
    """Play lists a position's moves without their steps and finds the chosen move's
    step from the move (``step_of``); search builds every step. They must agree."""
    catalog = FEATS.catalog
    rules = rules_of(catalog)
    paid = 0
    for seed in range(2):
        for state in playout(catalog, seed, feats):
            deck = bytes(state.deck)
            moves, steps = rules.entry(deck)
            _, _, listed, known, _ = rules.listed(state.deck)
            assert listed == moves, name
            assert known is None or known == steps
            for move, step in zip(moves, steps, strict=True):
                taken, after, clears = rules.tables.step_of(deck, move)
                assert (taken, after) == step[:2]
                # The same cards un-stored; the order of un-storing changes nothing
                # in a real deck (each card once).
                pairs = sorted(clears[i : i + 2] for i in range(0, len(clears), 2))
                assert pairs == sorted(step[2][i : i + 2] for i in range(0, len(step[2]), 2))
                turn = rules.tables.turn
                assert turn(deck, (taken, after, clears)) == turn(deck, step)
                paid += bool(clears)
    assert paid > 0


def test_moves_along_pairs_each_position_with_the_move_that_reaches_it() -> None:
    catalog = FEATS.catalog
    rules = CompactRules(catalog)
    states = playout(catalog, 3, FEAT_IDS)
    path = [rules.encode(s) for s in states[1:]]
    moves = rules.moves_along(states[0], path)
    state = states[0]
    for move, expected in zip(moves, states[1:], strict=True):
        state = apply_move(state, move).state
        assert rules.encode(state) == rules.encode(expected)
    with pytest.raises(ValueError, match="no legal move reaches"):
        rules.moves_along(states[0], [rules.encode(states[5])])


@pytest.mark.parametrize(("name", "feats"), feat_sets())
def test_successors_are_play_of_each_step_on_real_and_merged_decks(
    name: str, feats: tuple[int, ...]
) -> None:
    """The search's batched :meth:`~MoveMemo.successors` (and :meth:`~MoveMemo.children`,
    which finds the steps itself, and :attr:`CompactRules.expand`) gives exactly what
    ``play`` gives for each step, split in two, each part in step order: the decks one
    turn on (same round, progress + 1), then the positions an automatic step moved
    (progress + 2 or more, or the game's end: a search relies on the two parts never
    sharing a progress step), also where merged copies share a value."""
    catalog = FEATS.catalog
    rules = rules_of(catalog)
    compact = CompactRules(catalog)
    remembering = CompactRules(catalog, remember=1000)
    later_copies = 0
    for seed in range(2):
        for state in playout(catalog, seed, feats):
            for deck, round_ in ((bytes(state.deck), state.round), compact.encode(state)):
                steps = rules.steps(deck)
                expected = [rules.tables.play(deck, round_, step) for step in steps]
                here = compact.progress(deck, round_)
                on = [
                    d
                    for d, r in expected
                    if r == round_ and not compact.is_over(d) and compact.progress(d, r) == here + 1
                ]
                split = (on, [(d, r) for d, r in expected if d not in on or r != round_])
                # Never both parts in one progress step: the game's end (R25) is the only
                # automatic step to progress + 1, and then no child is one turn on.
                reached = {compact.progress(d, r) for d, r in split[1]}
                assert min(reached, default=here + 2) >= here + 2 or not on
                assert rules.successors(deck, round_, steps) == split, name
                assert rules.children(deck, round_) == split, name  # the fused call
                assert compact.expand(deck, round_) == split, name
                assert remembering.expand(deck, round_) == split, name
                assert compact.children(deck, round_) == expected, name
                later_copies += any(any(step[2][1::2]) for step in steps)
    assert later_copies > 0
