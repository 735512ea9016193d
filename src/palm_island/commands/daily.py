"""``palm-island daily [--date YYYY-MM-DD]``: the daily deal's date, seed, deal and par.

The same deal for everyone on a date (the seed is the date as YYYYMMDD, see
``solver/daily.py``); the par is searched at the default budget, as the end screen
of the game does, so the two agree.
"""

from __future__ import annotations

import argparse
import datetime as dt
from typing import Any

from .. import arguments
from . import fail


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("daily", help="print the daily deal and its par")
    parser.add_argument("--date", help="the day, YYYY-MM-DD (default: today)")
    parser.add_argument(
        "--width",
        type=arguments.width,
        metavar="N",
        help="the par search's beam width (default 1600)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..engine import new_game, position_notation
    from ..solver import DEFAULT_BUDGET, Budget, daily_seed, solve
    from ..storage.catalog_files import standard_catalog

    try:
        day = dt.date.fromisoformat(args.date) if args.date else dt.date.today()
    except ValueError:
        return fail(f"--date must be a date written YYYY-MM-DD, not {args.date!r}")
    if args.width is not None and args.width < 1:
        return fail(f"--width must be 1 or more, not {args.width}")
    budget = Budget(args.width) if args.width is not None else DEFAULT_BUDGET
    seed = daily_seed(day)
    start = new_game(standard_catalog(), seed=seed)
    print(f"date: {day.isoformat()}")
    print(f"seed: {seed}")
    print(f"deal: {position_notation(start)}")
    try:
        found = solve(start, budget)
    except KeyboardInterrupt:
        return fail("interrupted", 130)
    print(f"par: {found.score} (solver, width {budget.width}, {found.seconds:.1f} s)")
    return 0
