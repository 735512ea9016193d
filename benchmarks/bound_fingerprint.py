"""``python -m benchmarks.bound_fingerprint``: one md5 of what the solver's bound and
search decide along real games, to show a refactoring changed none of it.

Along the first 60 moves of the solver's own line (width 100) on seeds 1-6 (and seed
1 with two feat cards): each position's payments bound and multipliers warm from the
previous position's; every third position's payments bound and multipliers searched
from zero, windows bound and multipliers, ``upper_bound``; ``upper_bounds_along`` over
the whole line; the hint at every 30th position; the line and its score. Prints the
CPU time per ``upper_bound`` of a position not asked before (every tenth of each
line, the deal's included), then the md5 of all of the above.
"""

from __future__ import annotations

import hashlib
import time

from palm_island.engine import GameState, apply_move, new_game
from palm_island.solver import Budget, best_move, solve, upper_bound
from palm_island.solver.bound import upper_bounds_along
from palm_island.solver.payments import payment_bound_from
from palm_island.solver.windows import window_bound_from
from palm_island.storage.catalog_files import standard_catalog, standard_feats

from .relaxations import window_bound

MOVES = 60
SEEDS = (1, 2, 3, 4, 5, 6)
STRIDE = 3
"""The searches from zero at every third position (a run takes about 1.5 minutes)."""


def _games() -> list[tuple[str, GameState]]:
    catalog = standard_catalog()
    games = [(f"seed {seed}", new_game(catalog, seed=seed)) for seed in SEEDS]
    feats = standard_feats()
    ids = tuple(feat.card_id for feat in feats.feats[:2])
    games.append(("seed 1 + feats", new_game(feats.catalog, seed=1, feats=ids)))
    return games


def _line(start: GameState) -> tuple[list[GameState], str]:
    found = solve(start, Budget(100))
    states = [start]
    for move in found.moves[:MOVES]:
        states.append(apply_move(states[-1], move).state)
    return states, f"{found.score} {[str(m) for m in found.moves]}"


def fingerprint() -> str:
    digest = hashlib.md5()
    for name, start in _games():
        states, line = _line(start)
        digest.update(f"{name}: {line}\n".encode())
        warm = None
        for i, state in enumerate(states):
            if warm is not None:
                again, warm = payment_bound_from(state, warm, 20)
                digest.update(f"{i} warm {again} {sorted(warm[0].items())}\n".encode())
            if i % STRIDE:
                continue
            paid, rounds = payment_bound_from(state, None, 300)
            digest.update(f"{i} paid {paid} {sorted(rounds[0].items())} {rounds[1]}\n".encode())
            warm = warm or rounds
            windowed, blocks = window_bound_from(state, None, 30)
            digest.update(f"{i} windows0 {windowed} {sorted(blocks[0].items())}\n".encode())
            digest.update(f"{i} windows {window_bound(state)} {upper_bound(state)}\n".encode())
            if i % 30 == 0 and not state.is_over:
                hint = best_move(state, Budget(30))
                digest.update(f"{i} hint {hint.move} {hint.expected_score}\n".encode())
        digest.update(f"along {upper_bounds_along(states)}\n".encode())
    return digest.hexdigest()


def time_per_bound() -> tuple[float, int]:
    """CPU seconds per ``upper_bound`` of positions not asked before, and how many."""
    positions = []
    for _, start in _games():
        states, _ = _line(start)
        positions += states[::10]
    began = time.process_time()
    for state in positions:
        upper_bound(state)
    return (time.process_time() - began) / len(positions), len(positions)


if __name__ == "__main__":
    each, count = time_per_bound()
    print(f"upper_bound: {each * 1000:.1f} ms of CPU per position ({count} positions)")
    print(f"fingerprint: {fingerprint()}")
