"""Provides the engine benchmark behind ``palm-island bench``: random legal
playouts and record replays, timed (figures to read, never pass/fail)."""

from __future__ import annotations

import statistics
import time

from .engine import Catalog, apply_move, legal_moves, new_game
from .policies import play_out, random_policy
from .records import GameRecord, build_record, verify
from .storage.catalog_files import standard_catalog


def random_playouts(catalog: Catalog, seeds: range) -> tuple[float, int]:
    """Play one random legal game per seed; return (seconds, turns)."""
    import random

    start = time.perf_counter()
    turns = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(catalog, seed=seed)
        while not state.is_over:
            moves = legal_moves(state)
            state = apply_move(state, moves[int(rng.random() * len(moves))]).state
        turns += state.turn
    return time.perf_counter() - start, turns


def replays(catalog: Catalog, records: list[GameRecord]) -> float:
    start = time.perf_counter()
    for record in records:
        verify(record, catalog)
    return time.perf_counter() - start


def run_engine_bench(games: int, runs: int) -> int:
    """Print random-playout and replay throughput, medians over ``runs`` runs."""
    catalog = standard_catalog()
    games = max(1, games)
    print(f"random legal playouts: {games} games per run, {runs} runs (median)")
    results = [random_playouts(catalog, range(r * games, (r + 1) * games)) for r in range(runs)]
    turns_per_s = statistics.median(t / s for s, t in results)
    games_per_s = statistics.median(games / s for s, _ in results)
    turns = statistics.mean(t for _, t in results) / games
    print(f"  {games_per_s:,.0f} games/s  {turns_per_s:,.0f} turns/s  ({turns:.1f} turns/game)")
    records = []
    for seed in range(min(games, 500)):
        start = new_game(catalog, seed=seed)
        final, moves = play_out(start, random_policy(seed))
        records.append(build_record(start, moves, final=final, seed=seed))
    moves_total = sum(len(r.moves) for r in records)
    times = [replays(catalog, records) for _ in range(runs)]
    seconds = statistics.median(times)
    print(f"replay (parse + apply + verify): {len(records)} records per run")
    print(f"  {len(records) / seconds:,.0f} records/s  {moves_total / seconds:,.0f} moves/s")
    return 0
