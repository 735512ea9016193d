"""Provides the save-latency benchmark behind ``python -m benchmarks --store``.

Plays random games through a :class:`Store` in a temporary directory and times
each per-move commit (autosave) and each end-of-game transaction. Figures, not
pass/fail; the target is p99 under 20 ms.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from palm_island.policies import random_policy
from palm_island.storage.safe_write import make_dir
from palm_island.storage.service import Store


@dataclass(frozen=True, slots=True)
class StoreTimings:
    moves: tuple[float, ...]
    """Seconds per move played and committed."""
    finishes: tuple[float, ...]
    """Seconds per game-ending move (its commit plus the end-of-game transaction)."""


def percentile(values: tuple[float, ...], share: float) -> float:
    """The ``share`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def time_store(games: int, directory: Path | None = None) -> StoreTimings:
    moves: list[float] = []
    finishes: list[float] = []
    if directory is not None:  # `--data-dir` names where to measure; it may not exist yet
        make_dir(Path(directory), parents=True)
    with tempfile.TemporaryDirectory(dir=directory) as folder, Store.open(folder) as store:
        store.create_campaign("bench")
        for seed in range(games):
            session = store.new_game("bench", seed=seed)
            policy = random_policy(seed)
            while not session.is_over:
                move = policy(session.state)
                start = time.perf_counter()
                session.play(move)
                elapsed = time.perf_counter() - start
                (finishes if session.is_over else moves).append(elapsed)
    return StoreTimings(tuple(moves), tuple(finishes))


def report(games: int, directory: Path | None = None) -> list[str]:
    timings = time_store(max(1, games), directory)
    ms = 1000.0
    lines = [f"store: {games} games, {len(timings.moves)} per-move commits (synchronous=FULL)"]
    for label, values in (("per-move commit", timings.moves), ("end of game", timings.finishes)):
        lines.append(
            f"  {label}: p50 {percentile(values, 0.5) * ms:.2f} ms  "
            f"p99 {percentile(values, 0.99) * ms:.2f} ms  "
            f"mean {statistics.mean(values) * ms:.2f} ms  max {max(values) * ms:.2f} ms"
        )
    return lines
