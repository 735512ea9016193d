"""Provides ``python -m benchmarks --against DIR --solver``: this checkout's solver and
another checkout's, deal by deal, on the same seeds, in one process.

Why pairs: on a shared machine the speed of a process drifts by half from one
minute to the next, so two separate runs compare moments more than code. Here both
solvers search the same deal within seconds of each other, in alternating order,
each timed by the CPU time this process spent on it (waiting for a core is not
counted); the report gives each deal's CPU ratio and their median, beside both
scores (figures to read, never pass/fail).

Each side searches at its own default budget (``solver.DEFAULT_BUDGET`` of its
checkout): the question asked is what one ``solve`` of a deal costs in each version,
and what it scores. ``--width``/``--budget`` set one width for both sides instead
(the same search, to compare speed alone).
"""

from __future__ import annotations

import importlib
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import palm_island

from .against import NoReference, load_reference


@dataclass(frozen=True, slots=True)
class SolverSide:
    """One checkout's solver, through its public modules (typed loosely: the other
    checkout's classes are not ours)."""

    new_game: Any
    solve: Any
    budget: Any
    catalog: Any

    @classmethod
    def of(cls, package: ModuleType, width: int | None = None) -> SolverSide:
        """The solver of an imported ``palm_island`` package at ``width`` (its default
        budget when ``None``)."""
        name = package.__name__
        engine = importlib.import_module(f"{name}.engine")
        solver = importlib.import_module(f"{name}.solver")
        files = importlib.import_module(f"{name}.storage.catalog_files")
        budget = solver.DEFAULT_BUDGET if width is None else solver.Budget(width)
        return cls(engine.new_game, solver.solve, budget, files.standard_catalog())

    def play(self, seed: int) -> tuple[int, float]:
        """Solve the deal ``seed`` from its start: (score, CPU seconds)."""
        state = self.new_game(self.catalog, seed=seed)
        started = time.process_time()
        found = self.solve(state, self.budget)
        return int(found.score), time.process_time() - started


@dataclass(frozen=True, slots=True)
class Pair:
    """One deal solved by both sides."""

    seed: int
    score: int
    cpu: float
    reference_score: int
    reference_cpu: float

    @property
    def ratio(self) -> float:
        return self.cpu / self.reference_cpu if self.reference_cpu > 0 else float("inf")


def run_solver_against(directory: Path, seeds: tuple[int, ...], width: int | None) -> int:
    """Print both solvers' score and CPU per deal, pair by pair, and their summary."""
    theirs = load_reference(directory)
    try:
        sides = (SolverSide.of(palm_island, width), SolverSide.of(theirs, width))
        for side in sides:  # build each side's tables before timing
            side.solve(side.new_game(side.catalog, seed=seeds[0]), type(side.budget)(2))
    except Exception as exc:  # any failure inside the other checkout is reported, not raised
        raise NoReference(f"cannot load the solver of {directory}: {exc}") from exc
    print(
        f"this solver (width {sides[0].budget.width}) against {directory}'s "
        f"(width {sides[1].budget.width}): {len(seeds)} deals, seeds {seeds[0]}-{seeds[-1]}, "
        "alternating which runs first; CPU seconds of this process per deal"
    )
    pairs: list[Pair] = []
    for n, seed in enumerate(seeds):
        first = n % 2
        found = {first: sides[first].play(seed)}
        found[1 - first] = sides[1 - first].play(seed)
        pair = Pair(seed, found[0][0], found[0][1], found[1][0], found[1][1])
        pairs.append(pair)
        print(
            f"  seed {seed}: this {pair.score} in {pair.cpu:.2f} s, reference "
            f"{pair.reference_score} in {pair.reference_cpu:.2f} s, CPU ratio {pair.ratio:.2f}",
            flush=True,
        )
    print(_summary(pairs))
    return 0


def _summary(pairs: list[Pair]) -> str:
    ratios = [p.ratio for p in pairs]
    mine = statistics.mean(p.score for p in pairs)
    other = statistics.mean(p.reference_score for p in pairs)
    cpu = statistics.mean(p.cpu for p in pairs)
    reference_cpu = statistics.mean(p.reference_cpu for p in pairs)
    better = sum(p.score > p.reference_score for p in pairs)
    worse = sum(p.score < p.reference_score for p in pairs)
    return (
        f"  mean score: this {mine:.2f}, reference {other:.2f} (this better on {better} "
        f"deals, worse on {worse})\n"
        f"  mean CPU per deal: this {cpu:.2f} s, reference {reference_cpu:.2f} s\n"
        f"  CPU ratio of pairs: median {statistics.median(ratios):.2f} "
        f"(from {min(ratios):.2f} to {max(ratios):.2f}; ratio of means "
        f"{cpu / reference_cpu:.2f})"
    )
