"""Measure how far the upper bound lies above real lines on the benchmark deals.

Not a test (it prints figures); run it by hand: ``.venv/bin/python tests/solver/bound_gap.py``.
For seeds 1-100: the bound from the deal, and along each deal's width-100 line the
bound minus that line's final score at turns 0, 32, 64, 96 and 112, and the CPU
time per bound call.
"""

from __future__ import annotations

import statistics
import time

from palm_island.engine import apply_move, new_game
from palm_island.solver import Budget, solve, upper_bound
from palm_island.storage.catalog_files import standard_catalog


def main() -> None:
    catalog = standard_catalog()
    gaps: dict[int, list[int]] = {0: [], 32: [], 64: [], 96: [], 112: []}
    spent: list[float] = []
    at_deal: list[int] = []
    for seed in range(1, 101):
        state = new_game(catalog, seed=seed)
        found = solve(state, Budget(100))
        at_deal.append(upper_bound(state))
        for turn, move in enumerate(found.moves):
            if turn in gaps:
                began = time.process_time()
                bound = upper_bound(state)
                spent.append(time.process_time() - began)
                gaps[turn].append(bound - found.score)
            state = apply_move(state, move).state
    print(f"bound at the deal: mean {statistics.mean(at_deal):.2f}, min {min(at_deal)}")
    for turn, values in gaps.items():
        print(
            f"turn {turn}: mean gap {statistics.mean(values):.2f}, max {max(values)}"
            f" over {len(values)} deals"
        )
    mean, most = statistics.mean(spent) * 1000, max(spent) * 1000
    print(f"bound CPU per call: mean {mean:.1f} ms, max {most:.1f} ms")


if __name__ == "__main__":
    main()
