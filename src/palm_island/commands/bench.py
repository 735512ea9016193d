"""``palm-island bench``: print engine throughput, or with ``--tui`` the game's
start-up and key-to-frame times (figures, never pass/fail)."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("bench", help="measure engine speed")
    parser.add_argument("--games", type=int, default=1000, help="random games per run")
    parser.add_argument("--runs", type=int, default=5, help="runs; the median is reported")
    parser.add_argument(
        "--tui",
        action="store_true",
        help="measure the terminal game instead: start-up and key-to-frame times",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.tui:
        from ..tui.bench import run_tui_bench  # Textual is imported only here.

        return run_tui_bench(runs=args.runs)
    from ..bench import run_engine_bench

    return run_engine_bench(games=args.games, runs=args.runs)
