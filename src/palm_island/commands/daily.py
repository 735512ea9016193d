"""``palm-island daily [--date YYYY-MM-DD]``: the daily deal's date, seed, deal and par.

The same deal for everyone on a date (the seed is the date as YYYYMMDD, see
``solver/daily.py``); the par is searched at the default budget, as the end screen
of the game does, so the two agree. The line found is kept in the user cache
(storage/par_cache.py), shared with the game: a second call answers at once.
"""

from __future__ import annotations

import argparse
import datetime as dt
from typing import TYPE_CHECKING, Any

from .. import arguments
from ..i18n import _
from ..progress_bar import add_quiet
from . import fail

if TYPE_CHECKING:
    from ..engine import GameState
    from ..solver import Budget
    from ..solver.lines import Line


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "daily",
        help=_("print the daily deal and its par"),
        description=_("Print the daily deal, the same for everyone on a date, and its par."),
    )
    parser.add_argument("--date", metavar=_("DATE"), help=_("the day, YYYY-MM-DD (default: today)"))
    parser.add_argument(
        "--width",
        type=arguments.width,
        metavar="N",
        help=_("the par search's beam width (default: the solver's, as the game's par)"),
    )
    add_quiet(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..engine import new_game, position_notation
    from ..solver import DEFAULT_BUDGET, Budget, daily_seed
    from ..storage.catalog_files import standard_catalog

    try:
        day = dt.date.fromisoformat(args.date) if args.date else dt.date.today()
    except ValueError:
        return fail(
            _("--date must be a date written YYYY-MM-DD, not {date}").format(date=repr(args.date))
        )
    if args.width is not None and args.width < 1:
        return fail(_("--width must be 1 or more, not {width}").format(width=args.width))
    budget = Budget(args.width) if args.width is not None else DEFAULT_BUDGET
    seed = daily_seed(day)
    start = new_game(standard_catalog(), seed=seed)
    print(_("date: {date}").format(date=day.isoformat()))
    print(_("seed: {seed}").format(seed=seed))
    print(_("deal: {deal}").format(deal=position_notation(start)), flush=True)
    try:
        line, how = par_line(start, budget, args.quiet)
    except KeyboardInterrupt:
        return fail(_("interrupted"), 130)
    print(
        _("par: {par} (solver, width {width}, {how})").format(
            par=line.score, width=budget.width, how=how
        )
    )
    return 0


def par_line(start: GameState, budget: Budget, quiet: bool = False) -> tuple[Line, str]:
    """The deal's par line and where it came from: the user cache (the line the game's end
    screen or an earlier ``daily`` found, replayed and rescored), else a search (its
    progress bar on a terminal's stderr), whose line is then kept in the cache."""
    from ..solver.lines import Line, checked_line, deal_key, line_texts, solver_tag
    from ..storage.par_cache import read_par_line, write_par_line
    from .solve import solve_with_progress

    key, tag = deal_key(start), solver_tag(budget.width)
    cached = read_par_line(key, tag)
    line = None if cached is None else checked_line(start, cached)
    if line is not None:
        return line, _("kept")
    found = solve_with_progress(start, budget, quiet)
    write_par_line(key, tag, line_texts(found.moves))
    return Line(found.score, found.moves), _("{seconds} s").format(seconds=f"{found.seconds:.1f}")
