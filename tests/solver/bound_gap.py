"""Measure how far the upper bound lies above real lines on the benchmark deals.

Not a test (it prints figures); run it by hand:
``.venv/bin/python tests/solver/bound_gap.py [--width N] [--seeds N] [--first-seed N]``.
For seeds 1-100 (or N from ``--first-seed``): each deal's line at the default width
(its par line; ``--width`` for another), then the bound minus that line's score from
the deal and along the line at turns 32, 64, 96 and 112, and the CPU time per bound
call.
"""

from __future__ import annotations

import argparse
import statistics
import time

from palm_island.engine import apply_move, new_game
from palm_island.solver import DEFAULT_BUDGET, Budget, solve, upper_bound
from palm_island.storage.catalog_files import standard_catalog


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--width", type=int, default=DEFAULT_BUDGET.width)
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=1, help="deals from this seed on")
    options = parser.parse_args()
    catalog = standard_catalog()
    gaps: dict[int, list[int]] = {0: [], 32: [], 64: [], 96: [], 112: []}
    spent: list[float] = []
    scores: list[int] = []
    for seed in range(options.first_seed, options.first_seed + options.seeds):
        state = new_game(catalog, seed=seed)
        found = solve(state, Budget(options.width))
        scores.append(found.score)
        for turn, move in enumerate(found.moves):
            if turn in gaps:
                began = time.process_time()
                bound = upper_bound(state)
                spent.append(time.process_time() - began)
                gaps[turn].append(bound - found.score)
            state = apply_move(state, move).state
    print(f"lines at width {options.width}: mean score {statistics.mean(scores):.2f}")
    for turn, values in gaps.items():
        print(
            f"turn {turn}: mean gap {statistics.mean(values):.2f}, max {max(values)},"
            f" min {min(values)} over {len(values)} deals"
        )
    mean, most = statistics.mean(spent) * 1000, max(spent) * 1000
    print(f"bound CPU per call: mean {mean:.1f} ms, max {most:.1f} ms")


if __name__ == "__main__":
    main()
