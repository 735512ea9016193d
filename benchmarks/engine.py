"""Provides the engine benchmark behind ``python -m benchmarks``: random legal
playouts and record replays, timed (figures to read, never pass/fail).

The timed functions take the engine as an :class:`Engine` (its public functions),
so ``bench --against`` times another checkout's engine with this very code."""

from __future__ import annotations

import importlib
import random
import statistics
import time
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import palm_island


@dataclass(frozen=True)
class Engine:
    """One checkout's engine, through its public modules (typed loosely: the other
    checkout's classes are not ours)."""

    new_game: Any
    legal_moves: Any
    apply_move: Any
    verify: Any
    build_record: Any
    play_out: Any
    random_policy: Any
    catalog: Any

    @classmethod
    def of(cls, package: ModuleType) -> Engine:
        """The engine of an imported ``palm_island`` package (ours or a checkout's)."""
        name = package.__name__
        engine = importlib.import_module(f"{name}.engine")
        records = importlib.import_module(f"{name}.records")
        policies = importlib.import_module(f"{name}.policies")
        files = importlib.import_module(f"{name}.storage.catalog_files")
        return cls(
            engine.new_game,
            engine.legal_moves,
            engine.apply_move,
            records.verify,
            records.build_record,
            policies.play_out,
            policies.random_policy,
            files.standard_catalog(),
        )


def random_playouts(engine: Engine, seeds: range) -> tuple[float, int]:
    """Play one random legal game per seed; return (seconds, turns)."""
    new_game, legal_moves, apply_move = engine.new_game, engine.legal_moves, engine.apply_move
    start = time.perf_counter()
    turns = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(engine.catalog, seed=seed)
        while not state.is_over:
            moves = legal_moves(state)
            state = apply_move(state, moves[int(rng.random() * len(moves))]).state
        turns += state.turn
    return time.perf_counter() - start, turns


def random_records(engine: Engine, count: int) -> list[Any]:
    """Records of ``count`` random games, built by that engine's own code."""
    records = []
    for seed in range(count):
        start = engine.new_game(engine.catalog, seed=seed)
        final, moves = engine.play_out(start, engine.random_policy(seed))
        records.append(engine.build_record(start, moves, final=final, seed=seed))
    return records


def replays(engine: Engine, records: list[Any]) -> float:
    """Seconds to parse, apply and verify every record."""
    start = time.perf_counter()
    for record in records:
        engine.verify(record, engine.catalog)
    return time.perf_counter() - start


def run_engine_bench(games: int, runs: int) -> int:
    """Print random-playout and replay throughput, medians over ``runs`` runs."""
    engine = Engine.of(palm_island)
    games = max(1, games)
    print(f"random legal playouts: {games} games per run, {runs} runs (median)")
    results = [random_playouts(engine, range(r * games, (r + 1) * games)) for r in range(runs)]
    turns_per_s = statistics.median(t / s for s, t in results)
    games_per_s = statistics.median(games / s for s, _ in results)
    turns = statistics.mean(t for _, t in results) / games
    print(f"  {games_per_s:,.0f} games/s  {turns_per_s:,.0f} turns/s  ({turns:.1f} turns/game)")
    records = random_records(engine, min(games, 500))
    moves_total = sum(len(r.moves) for r in records)
    times = [replays(engine, records) for _ in range(runs)]
    seconds = statistics.median(times)
    print(f"replay (parse + apply + verify): {len(records)} records per run")
    print(f"  {len(records) / seconds:,.0f} records/s  {moves_total / seconds:,.0f} moves/s")
    return 0
