"""``palm-island bench``: print engine throughput (figures, never pass/fail)."""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from ..engine import Catalog, apply_move, legal_moves, new_game
from ..policies import play_out, random_policy
from ..records import GameRecord, build_record, verify
from ..storage.catalog_files import standard_catalog


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("bench", help="measure engine speed (or solver strength)")
    parser.add_argument("--games", type=int, default=1000, help="random games per run")
    parser.add_argument("--runs", type=int, default=5, help="runs; the median is reported")
    parser.add_argument(
        "--solver",
        action="store_true",
        help="instead: solver and greedy scores on a fixed set of 100 deals",
    )
    parser.add_argument("--seeds", type=int, default=100, help="with --solver: the first N deals")
    parser.add_argument("--verbose", action="store_true", help="with --solver: print every deal")
    strength = parser.add_mutually_exclusive_group()
    strength.add_argument("--budget", type=float, help="with --solver: seconds per deal")
    strength.add_argument("--width", type=int, help="with --solver: beam width")
    parser.set_defaults(run=run)


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


def run(args: argparse.Namespace) -> int:
    catalog = standard_catalog()
    if args.solver:
        return run_solver_bench(catalog, args)
    games = max(1, args.games)
    print(f"random legal playouts: {games} games per run, {args.runs} runs (median)")
    results = [
        random_playouts(catalog, range(r * games, (r + 1) * games)) for r in range(args.runs)
    ]
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
    times = [replays(catalog, records) for _ in range(args.runs)]
    seconds = statistics.median(times)
    print(f"replay (parse + apply + verify): {len(records)} records per run")
    print(f"  {len(records) / seconds:,.0f} records/s  {moves_total / seconds:,.0f} moves/s")
    return 0


def run_solver_bench(catalog: Catalog, args: argparse.Namespace) -> int:
    """``bench --solver``: the code lives in ``palm_island.solver.bench``."""
    from ..solver import DEFAULT_BUDGET, Budget
    from ..solver.bench import BENCH_SEEDS, HEADER, DealResult, run_bench
    from . import fail

    if not 1 <= args.seeds <= len(BENCH_SEEDS):
        return fail(f"--seeds is 1 to {len(BENCH_SEEDS)}, not {args.seeds}")
    try:
        if args.width is not None:
            budget = Budget(args.width)
        elif args.budget is not None:
            budget = Budget.from_seconds(args.budget)
        else:
            budget = DEFAULT_BUDGET
    except ValueError as exc:
        return fail(str(exc))
    seeds = BENCH_SEEDS[: args.seeds]
    print(f"solver bench: {len(seeds)} deals (seeds {seeds[0]}-{seeds[-1]}), width {budget.width}")

    def show(name: str, result: DealResult) -> None:
        print(
            f"  {name}: seed {result.seed} score {result.score} {result.seconds:.2f} s", flush=True
        )

    greedy, solver = run_bench(catalog, seeds, budget, on_deal=show if args.verbose else None)
    print(HEADER)
    print(greedy.row())
    print(solver.row())
    return 0
