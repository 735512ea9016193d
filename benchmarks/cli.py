"""The benchmarks' entry: what ``python -m benchmarks`` (and ``make bench``) runs, one
harness per option. Figures to read, never pass/fail. The harnesses measure the game
through its public modules; they are not part of it (the wheel ships none of this)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from pathlib import Path

from palm_island import arguments

MAX_COUNT = 1_000_000
"""Games, runs or deals a benchmark accepts."""
COUNT = arguments.whole(1, MAX_COUNT, "a count")


def build_parser() -> argparse.ArgumentParser:
    """Every option of the benchmarks (``python -m benchmarks --help``)."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Measure engine speed by default; the options below measure other parts.",
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="with --store: where the timed campaign file goes (default: a temp dir)",
    )
    parser.add_argument("--games", type=COUNT, default=1000, help="random games per run")
    parser.add_argument("--runs", type=COUNT, default=5, help="runs; the median is reported")
    parser.add_argument(
        "--against",
        type=Path,
        metavar="DIR",
        help="also time the engine (with --solver: the solver) of another checkout of "
        "this project, pair by pair",
    )
    parser.add_argument(
        "--tui",
        action="store_true",
        help="instead: the terminal game's start-up and key-to-frame times",
    )
    parser.add_argument(
        "--web",
        action="store_true",
        help="instead: the served page in headless Chromium: page load to first frame and "
        "the terminal renderer's cost per frame (needs chromium-headless-shell)",
    )
    parser.add_argument(
        "--solver",
        action="store_true",
        help="instead: solver and greedy scores on a fixed set of 100 deals "
        "(with --against: both checkouts' solvers, deal by deal)",
    )
    parser.add_argument(
        "--analysis",
        action="store_true",
        help="instead: what analysing a game costs against one solve of its deal",
    )
    parser.add_argument(
        "--seeds",
        type=COUNT,
        default=None,
        help="with --solver: N deals (100); with --analysis: N deals (5)",
    )
    parser.add_argument(
        "--first-seed",
        type=COUNT,
        default=1,
        metavar="S",
        help="with --solver or --analysis: start at seed S (1, the fixed bench set; larger for "
        "fresh deals)",
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
        type=COUNT,
        default=20,
        metavar="N",
        help="games for --store (20)",
    )
    parser.add_argument(
        "--feats",
        type=COUNT,
        nargs="?",
        const=1000,
        default=None,
        metavar="GAMES",
        help="instead: how often each feat unlocks for the greedy player (1000 games)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and run the chosen harness; errors are one line and a status, as
    the game's own commands report them."""
    from palm_island.exits import run_mapped

    return run_mapped(lambda: run(build_parser().parse_args(argv)))


def run(args: argparse.Namespace) -> int:
    if args.store or args.feats is not None:
        if args.store:
            from .storage import report

            print("\n".join(report(args.store_games, args.data_dir)))
        if args.feats is not None:
            _feats(args.feats)
        return 0
    if args.tui:
        from .tui import run_tui_bench  # Textual is imported only here.

        return run_tui_bench(runs=args.runs)
    if args.web:
        from .web import run_web_bench  # Playwright is imported only here.

        return run_web_bench(runs=args.runs)
    if args.solver:
        return run_solver_bench(args)
    if args.analysis:
        from palm_island.storage.catalog_files import standard_catalog

        from .analysis import run_analysis_bench

        count = 5 if args.seeds is None else args.seeds
        seeds = tuple(range(args.first_seed, args.first_seed + count))
        return run_analysis_bench(standard_catalog(), seeds)
    if args.against is not None:
        from palm_island.commands import fail

        from .against import NoReference, run_against

        try:
            return run_against(args.against, games=args.games, runs=args.runs)
        except NoReference as exc:
            return fail(f"bench --against: {exc}")
    from .engine import run_engine_bench

    return run_engine_bench(games=args.games, runs=args.runs)


def run_solver_bench(args: argparse.Namespace) -> int:
    """``bench --solver``: the code lives in :mod:`benchmarks.solver`."""
    from palm_island.commands import fail
    from palm_island.solver import Budget
    from palm_island.storage.catalog_files import standard_catalog

    from .solver import BENCH_SEEDS, HEADER, DealResult, bound_results, run_bench

    if args.seeds is None:
        args.seeds = len(BENCH_SEEDS)
    if not 1 <= args.seeds <= len(BENCH_SEEDS):
        return fail(f"--seeds is 1 to {len(BENCH_SEEDS)}, not {args.seeds}")
    try:
        budget = Budget.chosen(args.width, args.budget)
    except ValueError as exc:
        return fail(str(exc))
    seeds = tuple(range(args.first_seed, args.first_seed + args.seeds))
    if args.against is not None:
        from .against import NoReference
        from .solver_against import run_solver_against

        chosen = None if args.width is None and args.budget is None else budget.width
        try:
            return run_solver_against(args.against, seeds, chosen)
        except NoReference as exc:
            return fail(f"bench --against: {exc}")
    print(f"solver bench: {len(seeds)} deals (seeds {seeds[0]}-{seeds[-1]}), width {budget.width}")
    print(f"load average at start: {_load()}")

    def show(name: str, result: DealResult) -> None:
        print(
            f"  {name}: seed {result.seed} score {result.score} {result.seconds:.2f} s"
            f" ({result.cpu_seconds:.2f} s CPU)",
            flush=True,
        )

    catalog = standard_catalog()
    greedy, solver = run_bench(catalog, seeds, budget, on_deal=show if args.verbose else None)
    print(HEADER)
    print(greedy.row())
    print(solver.row())
    print(bound_results(catalog, solver).row())
    print(f"load average at end: {_load()}")
    return 0


def _load() -> str:
    """The 1/5/15-minute load averages, or a word where the system has none."""
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unavailable"


def _feats(games: int) -> None:
    from benchmarks.feat_rates import unlock_rates
    from palm_island.storage.catalog_files import standard_feats

    feats = standard_feats()
    print(
        f"feat unlock rates: greedy player, {games} games (seeds 0-{games - 1}), no feats in play"
    )
    for code, rate in unlock_rates(feats, games).items():
        print(f"  {code} {feats.by_code(code).name:<16} {rate:6.1%}")
