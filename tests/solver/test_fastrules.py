"""The solver's lean successor function agrees with the public engine everywhere it goes."""

from __future__ import annotations

import random

from palm_island.engine import Catalog, apply_move, legal_moves, new_game
from palm_island.solver.fastrules import FastRules, progress


def test_fast_rules_match_the_engine_on_random_playouts(catalog: Catalog) -> None:
    rules = FastRules(catalog)
    seen_releases = 0
    for seed in range(6):
        rng = random.Random(seed)
        hoard = seed % 2 == 1  # half the games store whenever they can, to reach R20
        state = new_game(catalog, seed=seed)
        while not state.is_over:
            moves = legal_moves(state)
            ops = rules.ops(state.deck, state.round)
            assert tuple(op.move for op in ops) == moves
            before = progress(state.deck, state.round, catalog.tracker_id)
            for op in ops:
                engine_next = apply_move(state, op.move).state
                deck, round_ = rules.apply(state.deck, state.round, op[1:])
                assert (deck, round_) == (engine_next.deck, engine_next.round)
                assert rules.is_over(deck, round_) == engine_next.is_over
                if not engine_next.is_over:
                    assert progress(deck, round_, catalog.tracker_id) > before
            seen_releases += sum(1 for m in moves if m.release)
            stores = [m for m in moves if m.kind == "store"]
            pool = stores if hoard and stores and rng.random() < 0.8 else moves
            state = apply_move(state, pool[int(rng.random() * len(pool))]).state
    assert seen_releases > 0
