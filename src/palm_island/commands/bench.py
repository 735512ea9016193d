"""``palm-island bench``: print engine throughput; with ``--tui`` the game's
start-up and key-to-frame times; with ``--solver`` the solver's strength.
Figures to read, never pass/fail."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .. import arguments


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("bench", help="measure engine speed (or solver strength)")
    parser.add_argument("--games", type=arguments.count, default=1000, help="random games per run")
    parser.add_argument(
        "--runs", type=arguments.count, default=5, help="runs; the median is reported"
    )
    parser.add_argument(
        "--against",
        type=Path,
        metavar="DIR",
        help="also time the engine of another checkout of this project, pair by pair",
    )
    parser.add_argument(
        "--tui",
        action="store_true",
        help="instead: the terminal game's start-up and key-to-frame times",
    )
    parser.add_argument(
        "--solver",
        action="store_true",
        help="instead: solver and greedy scores on a fixed set of 100 deals",
    )
    parser.add_argument(
        "--seeds", type=arguments.count, default=100, help="with --solver: the first N deals"
    )
    parser.add_argument("--verbose", action="store_true", help="with --solver: print every deal")
    strength = parser.add_mutually_exclusive_group()
    strength.add_argument(
        "--budget", type=arguments.seconds, help="with --solver: seconds per deal"
    )
    strength.add_argument("--width", type=arguments.width, help="with --solver: beam width")
    parser.add_argument(
        "--store",
        action="store_true",
        help="instead: time per-move commits to the campaign file (p50/p99), in a temp dir",
    )
    parser.add_argument(
        "--store-games",
        type=arguments.count,
        default=20,
        metavar="N",
        help="games for --store (20)",
    )
    parser.add_argument(
        "--feats",
        type=arguments.count,
        nargs="?",
        const=1000,
        default=None,
        metavar="GAMES",
        help="instead: how often each feat unlocks for the greedy player (1000 games)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.store or args.feats is not None:
        if args.store:
            from ..storage.bench import report

            print("\n".join(report(args.store_games, args.data_dir)))
        if args.feats is not None:
            _feats(args.feats)
        return 0
    if args.tui:
        from ..tui.bench import run_tui_bench  # Textual is imported only here.

        return run_tui_bench(runs=args.runs)
    if args.solver:
        return run_solver_bench(args)
    if args.against is not None:
        from ..bench_against import NoReference, run_against
        from . import fail

        try:
            return run_against(args.against, games=args.games, runs=args.runs)
        except NoReference as exc:
            return fail(f"bench --against: {exc}")
    from ..bench import run_engine_bench

    return run_engine_bench(games=args.games, runs=args.runs)


def run_solver_bench(args: argparse.Namespace) -> int:
    """``bench --solver``: the code lives in ``palm_island.solver.bench``."""
    from ..solver import Budget
    from ..solver.bench import BENCH_SEEDS, HEADER, DealResult, run_bench
    from ..storage.catalog_files import standard_catalog
    from . import fail

    if not 1 <= args.seeds <= len(BENCH_SEEDS):
        return fail(f"--seeds is 1 to {len(BENCH_SEEDS)}, not {args.seeds}")
    try:
        budget = Budget.chosen(args.width, args.budget)
    except ValueError as exc:
        return fail(str(exc))
    seeds = BENCH_SEEDS[: args.seeds]
    print(f"solver bench: {len(seeds)} deals (seeds {seeds[0]}-{seeds[-1]}), width {budget.width}")
    print(f"load average at start: {_load()}")

    def show(name: str, result: DealResult) -> None:
        print(
            f"  {name}: seed {result.seed} score {result.score} {result.seconds:.2f} s"
            f" ({result.cpu_seconds:.2f} s CPU)",
            flush=True,
        )

    greedy, solver = run_bench(
        standard_catalog(), seeds, budget, on_deal=show if args.verbose else None
    )
    print(HEADER)
    print(greedy.row())
    print(solver.row())
    print(f"load average at end: {_load()}")
    return 0


def _load() -> str:
    """The 1/5/15-minute load averages, or a word where the system has none."""
    import os

    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unavailable"


def _feats(games: int) -> None:
    from ..campaign.balance import unlock_rates
    from ..storage.catalog_files import standard_feats

    feats = standard_feats()
    print(
        f"feat unlock rates: greedy player, {games} games (seeds 0-{games - 1}), no feats in play"
    )
    for code, rate in unlock_rates(feats, games).items():
        print(f"  {code} {feats.by_code(code).name:<16} {rate:6.1%}")
