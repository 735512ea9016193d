"""``palm-island bench``: print engine throughput; with ``--tui`` the game's
start-up and key-to-frame times; with ``--web`` the served page's load to first
frame; with ``--solver`` the solver's strength.
Figures to read, never pass/fail.

The harnesses are not part of the game: they live in the checkout's
``benchmarks/`` (``make bench``). This command only finds them there, and says so
when the game runs from an installed copy."""

from __future__ import annotations

import argparse
import importlib
import sys
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
        type=arguments.count,
        default=None,
        help="with --solver: N deals (100); with --analysis: N deals (5)",
    )
    parser.add_argument(
        "--first-seed",
        type=arguments.count,
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


CHECKOUT = Path(__file__).resolve().parents[3]
"""The checkout this copy of the game runs from, if it does (src/palm_island/commands)."""


def run(args: argparse.Namespace) -> int:
    """Run the benchmarks of the checkout the game runs from."""
    from . import fail

    if not (CHECKOUT / "benchmarks" / "cli.py").is_file():
        return fail(
            "bench: the benchmarks live in a checkout of the project (benchmarks/, "
            "`make bench`); this installed copy has none"
        )
    if str(CHECKOUT) not in sys.path:
        sys.path.insert(0, str(CHECKOUT))
    harness = importlib.import_module("benchmarks.cli")
    return int(harness.run(args))
