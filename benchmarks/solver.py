"""Provides the solver benchmark: a fixed set of deals, solver and greedy side by side.

The seeds are fixed (``BENCH_SEEDS``) so figures from different days and machines
compare; scores are deterministic. Times depend on the machine and its load: wall
clock (mean and median per deal) and the process's CPU time per deal, which a busy
shared machine inflates much less than wall time.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from palm_island.engine import Catalog, new_game, score
from palm_island.policies import greedy_policy, play_out
from palm_island.solver import Budget, solve, upper_bound

BENCH_SEEDS = tuple(range(1, 101))
"""The 100 deals of ``python -m benchmarks --solver`` (seeds 1-100)."""


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal played by one player."""

    seed: int
    score: int
    seconds: float
    """Wall clock."""
    cpu_seconds: float = 0.0
    """CPU time of this process while the deal was played."""


@dataclass(frozen=True, slots=True)
class Summary:
    """Scores and times of one player over the benchmark's deals."""

    name: str
    results: tuple[DealResult, ...]

    @property
    def mean(self) -> float:
        return statistics.mean(r.score for r in self.results)

    @property
    def low(self) -> int:
        return min(r.score for r in self.results)

    @property
    def high(self) -> int:
        return max(r.score for r in self.results)

    @property
    def mean_seconds(self) -> float:
        return statistics.mean(r.seconds for r in self.results)

    @property
    def median_seconds(self) -> float:
        return statistics.median(r.seconds for r in self.results)

    @property
    def cpu_seconds(self) -> float:
        """Mean CPU seconds per deal."""
        return statistics.mean(r.cpu_seconds for r in self.results)

    def row(self) -> str:
        return (
            f"{self.name:<22} {self.mean:6.2f} {self.low:4d} {self.high:4d} "
            f"{self.mean_seconds:9.3f} {self.median_seconds:9.3f} {self.cpu_seconds:10.3f}"
        )


HEADER = (
    f"{'player':<22} {'mean':>6} {'min':>4} {'max':>4} {'s/deal':>9} {'median s':>9} "
    f"{'CPU s/deal':>10}"
)


def greedy_results(catalog: Catalog, seeds: tuple[int, ...]) -> Iterator[DealResult]:
    """The one-step greedy autoplayer (``policies.greedy_policy``) on each deal."""
    for seed in seeds:
        started, cpu = time.perf_counter(), time.process_time()
        final, _ = play_out(new_game(catalog, seed=seed), greedy_policy(seed))
        yield DealResult(
            seed,
            score(final).total,
            time.perf_counter() - started,
            time.process_time() - cpu,
        )


def solver_results(
    catalog: Catalog, seeds: tuple[int, ...], budget: Budget
) -> Iterator[DealResult]:
    """The solver from the start of each deal."""
    for seed in seeds:
        cpu = time.process_time()
        found = solve(new_game(catalog, seed=seed), budget)
        yield DealResult(seed, found.score, found.seconds, time.process_time() - cpu)


def run_bench(
    catalog: Catalog,
    seeds: tuple[int, ...],
    budget: Budget,
    *,
    on_deal: Callable[[str, DealResult], None] | None = None,
) -> tuple[Summary, Summary]:
    """Play every deal with the greedy policy, then with the solver; return both summaries."""
    summaries = []
    for name, results in (
        ("greedy (one step)", greedy_results(catalog, seeds)),
        (f"solver (width {budget.width})", solver_results(catalog, seeds, budget)),
    ):
        collected = []
        for result in results:
            collected.append(result)
            if on_deal is not None:
                on_deal(name, result)
        summaries.append(Summary(name, tuple(collected)))
    return summaries[0], summaries[1]


@dataclass(frozen=True, slots=True)
class BoundSummary:
    """The upper bound from each deal against the solver's score there (its par)."""

    pars: tuple[int, ...]
    bounds: tuple[int, ...]
    cpu_seconds: tuple[float, ...]
    """CPU time of each deal's bound (the first of a process builds the cover tables)."""
    solve_cpu_seconds: float
    """The solver's mean CPU time per deal, to compare the bound's cost with."""

    @property
    def proven(self) -> int:
        """Deals whose par line reaches the bound: its score is the best possible."""
        return sum(b == p for b, p in zip(self.bounds, self.pars, strict=True))

    def row(self) -> str:
        gaps = [b - p for b, p in zip(self.bounds, self.pars, strict=True)]
        return (
            f"bound from the deal: mean par {statistics.mean(self.pars):.2f}, mean bound"
            f" {statistics.mean(self.bounds):.2f}, mean gap {statistics.mean(gaps):.2f}"
            f" (max {max(gaps)}), proven {self.proven} of {len(gaps)};"
            f" bound {statistics.mean(self.cpu_seconds):.3f} s CPU per deal"
            f" (solve {self.solve_cpu_seconds:.3f} s)"
        )


def bound_results(catalog: Catalog, solver: Summary) -> BoundSummary:
    """``upper_bound`` from each deal the solver played, with its CPU time."""
    bounds, spent = [], []
    for result in solver.results:
        cpu = time.process_time()
        bounds.append(upper_bound(new_game(catalog, seed=result.seed)))
        spent.append(time.process_time() - cpu)
    pars = tuple(r.score for r in solver.results)
    return BoundSummary(pars, tuple(bounds), tuple(spent), solver.cpu_seconds)
