"""Provides ``python -m benchmarks --against DIR``: this engine and another checkout's
timed alternately in one process, on the same seeds, pair by pair, by this very
harness (:mod:`.engine`) calling each checkout's public engine functions, so any
checkout of the project compares, whatever its benchmark code looked like.

On a shared machine the speed of a whole process drifts by half from one minute to
the next, so two separate ``bench`` runs compare moments more than code. Here each
pair runs both engines within a second or two, in alternating order, each timed by
the CPU time this process spent on it (waiting for a core is not counted), and the
report is the median of the per-pair ratios (figures to read, never pass/fail).
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import palm_island

from .engine import Engine, random_playouts, random_records, replays

REFERENCE = "palm_island_reference"
"""The name the other checkout's package is loaded under (beside ours)."""


class NoReference(Exception):
    """The directory holds no checkout whose engine bench can be loaded."""


def load_reference(directory: Path) -> ModuleType:
    """The other checkout's package, loaded as :data:`REFERENCE`.

    Its modules import each other relatively, so they resolve inside that copy.
    """
    package = directory / "src" / "palm_island"
    if not (package / "engine" / "__init__.py").is_file():
        raise NoReference(
            f"{directory} holds no src/palm_island/engine (give a checkout of this project)"
        )
    if REFERENCE not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            REFERENCE, package / "__init__.py", submodule_search_locations=[str(package)]
        )
        if spec is None or spec.loader is None:
            raise NoReference(f"cannot load the package in {package}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[REFERENCE] = module
        try:
            spec.loader.exec_module(module)
        except Exception as exc:  # a failure inside the other checkout is reported
            del sys.modules[REFERENCE]
            raise NoReference(f"cannot load the package in {package}: {exc}") from exc
    return sys.modules[REFERENCE]


def run_against(directory: Path, games: int, runs: int) -> int:
    """Print random-playout and replay throughput of both checkouts, pair by pair."""
    theirs = load_reference(directory)
    try:
        sides = (Engine.of(palm_island), Engine.of(theirs))
    except Exception as exc:  # any failure inside the other checkout is reported, not raised
        raise NoReference(f"cannot load the engine of {directory}: {exc}") from exc
    games = max(1, games)
    records = [random_records(engine, min(games, 500)) for engine in sides]
    moves = sum(len(r.moves) for r in records[0])
    for engine in sides:  # build each engine's tables before timing
        random_playouts(engine, range(10_000, 10_000 + min(games, 50)))

    def playouts(side: int, run: int) -> float:
        start = time.process_time()
        _, turns = random_playouts(sides[side], range(run * games, (run + 1) * games))
        return float(turns / (time.process_time() - start))

    def replay(side: int, run: int) -> float:
        start = time.process_time()
        replays(sides[side], records[side])
        return float(moves / (time.process_time() - start))

    print(f"this checkout against {directory}: {runs} pairs, alternating which runs first")
    print(f"random legal playouts, {games} games per run (turns per CPU second):")
    _pairs(runs, playouts)
    print(f"replay (parse + apply + verify), {len(records[0])} records per run (moves per CPU s):")
    _pairs(runs, replay)
    return 0


def _pairs(runs: int, measure: Callable[[int, int], float]) -> list[float]:
    """Run ``measure(side, run)`` for both sides ``runs`` times, alternating the
    order; print each pair and the medians; return the per-pair ratios."""
    ratios = []
    mine: list[float] = []
    other: list[float] = []
    for r in range(runs):
        first = r % 2
        found = {first: measure(first, r)}
        found[1 - first] = measure(1 - first, r)
        mine.append(found[0])
        other.append(found[1])
        ratios.append(found[0] / found[1])
        print(
            f"  pair {r + 1}: this {found[0]:>10,.0f}  reference {found[1]:>10,.0f}  "
            f"ratio {ratios[-1]:.2f}"
        )
    print(
        f"  median: this {statistics.median(mine):,.0f}  reference "
        f"{statistics.median(other):,.0f}  ratio of pairs {statistics.median(ratios):.2f} "
        f"(from {min(ratios):.2f} to {max(ratios):.2f})"
    )
    return ratios
