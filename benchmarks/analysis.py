"""Provides ``python -m benchmarks --analysis``: what analysing a game costs against one
``solve`` of its deal, measured in the same run (issue 23 asks for at most twice).

Per deal: the greedy player's game (``policies.greedy_policy``: it leaves the par line
early, so nearly every position is searched); the deal's upper bound, first asked
(cold); one search of the deal at the default width (``solver.solve``); then the
analysis as the game and ``palm-island analyse`` run it (the par line known,
:data:`~palm_island.solver.ANALYSIS_BUDGET`, the bound of every position), with the
deal's bound already known, as in the game, which works it out when the deal begins.
Three ratios follow: the analysis against the search (the game's case); the analysis
plus the deal's bound against the search (``palm-island analyse`` in a new process
against a bare search); and that against the search plus the bound (``palm-island
solve`` prints both). CPU time of this process, so waiting for a core is not counted.
Figures to read, never pass/fail.
"""

from __future__ import annotations

import statistics
import time
from typing import NamedTuple

from palm_island.engine import Catalog, new_game
from palm_island.policies import greedy_policy, play_out
from palm_island.solver import ANALYSIS_BUDGET, DEFAULT_BUDGET, analyse, solve, upper_bound
from palm_island.solver.lines import Line, LineBook


class AnalysisCost(NamedTuple):
    """CPU seconds of one deal's pieces."""

    moves: int
    bound: float
    search: float
    analysis: float


def analysis_cost(catalog: Catalog, seed: int) -> AnalysisCost:
    """The costs for the greedy game of deal ``seed`` (see the module doc)."""
    start = new_game(catalog, seed=seed)
    _, moves = play_out(start, greedy_policy(seed))
    began = time.process_time()
    upper_bound(start)
    bound = time.process_time() - began
    began = time.process_time()
    found = solve(start, DEFAULT_BUDGET)
    search = time.process_time() - began
    book = LineBook()
    book.add(start, Line(found.score, found.moves))
    began = time.process_time()
    analyse(start, moves, ANALYSIS_BUDGET, known=book)
    return AnalysisCost(len(moves), bound, search, time.process_time() - began)


def run_analysis_bench(catalog: Catalog, seeds: tuple[int, ...]) -> int:
    """Print each deal's costs and the three ratios, then their medians."""
    print(
        f"analysis of the greedy game vs one search (width {DEFAULT_BUDGET.width}) of the "
        f"deal, {len(seeds)} deals, CPU seconds of this process"
    )
    ratios: list[tuple[float, float, float]] = []
    for seed in seeds:
        cost = analysis_cost(catalog, seed)
        cold = cost.analysis + cost.bound
        ratios.append(
            (cost.analysis / cost.search, cold / cost.search, cold / (cost.search + cost.bound))
        )
        print(
            f"  seed {seed}: {cost.moves} moves; bound {cost.bound:.2f} s, search "
            f"{cost.search:.2f} s, analysis {cost.analysis:.2f} s; ratios "
            + " / ".join(f"{r:.2f}" for r in ratios[-1]),
            flush=True,
        )
    names = (
        "analysis / search (in the game)",
        "analysis + bound / search (analyse, new process)",
        "analysis + bound / search + bound (analyse vs solve, both commands)",
    )
    for n, name in enumerate(names):
        column = [r[n] for r in ratios]
        print(
            f"  {name}: median {statistics.median(column):.2f} "
            f"(from {min(column):.2f} to {max(column):.2f})"
        )
    return 0
