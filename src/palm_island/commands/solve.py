"""``palm-island solve``: search a deal for its best line and print it.

``--deal`` takes the 16 building codes top first (``"CH2 HO2 MK ..."``); the round
tracker is always last (R5). ``--budget SECONDS`` is turned into a beam width at a
fixed rate, so the same budget gives the same line on every machine.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import arguments
from ..i18n import _
from ..progress_bar import add_quiet
from . import fail

if TYPE_CHECKING:  # the engine and solver load only when the command runs
    from ..engine import Catalog, GameState, Move
    from ..solver import Budget, Solution

BUILDINGS = 16
"""The deck without the round tracker (R1)."""


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "solve",
        help=_("search a deal for its best line"),
        description=_("Search a deal for its best line and print it, round by round."),
    )
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument(
        "--seed", type=arguments.seed, metavar=_("SEED"), help=_("the deal of this seed (0 up)")
    )
    source.add_argument(
        "--deal",
        metavar=_("CODES"),
        help=_('the 16 building codes top first, e.g. "CH2 HO2 MK ... TE1"'),
    )
    strength = parser.add_mutually_exclusive_group()
    strength.add_argument(
        "--budget",
        type=arguments.seconds,
        metavar=_("SECONDS"),
        help=_(
            "search effort in seconds (default 8), mapped to a fixed beam width, "
            "so the result does not depend on machine speed"
        ),
    )
    strength.add_argument(
        "--width", type=arguments.width, metavar="N", help=_("the beam width, directly")
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help=_('print {"score", "bound", "proven", "moves": [...]} instead of the rounds'),
    )
    parser.add_argument(
        "--out",
        metavar=_("FILE"),
        help=_("also write the line as a game record (verify and replay read it)"),
    )
    add_quiet(parser)
    parser.set_defaults(run=run)


def parse_deal(text: str, catalog: Catalog) -> tuple[int, ...]:
    """Read 16 building codes (any case, blanks or commas between) into card ids."""
    codes = text.replace(",", " ").upper().split()
    if len(codes) != BUILDINGS:
        raise ValueError(
            _("--deal lists the {count} buildings, top first; got {got}").format(
                count=BUILDINGS, got=len(codes)
            )
        )
    unknown = [c for c in codes if not catalog.has_code(c) or c == "RT"]
    if unknown:
        known = " ".join(c.code for c in catalog.cards if not c.is_round_tracker)
        raise ValueError(
            _("unknown building code(s) {unknown}; codes are: {known}").format(
                unknown=" ".join(unknown), known=known
            )
        )
    twice = sorted({c for c in codes if codes.count(c) > 1})
    if twice:
        raise ValueError(
            _("each building appears once; {codes} repeated").format(codes=" ".join(twice))
        )
    return tuple(catalog.id_of(c) for c in codes)


def run(args: argparse.Namespace) -> int:
    from ..engine import new_game, score
    from ..solver import Budget, upper_bound
    from ..storage.catalog_files import standard_catalog

    catalog = standard_catalog()
    try:
        if args.seed is not None:
            start = new_game(catalog, seed=args.seed)
        else:
            start = new_game(catalog, deal=parse_deal(args.deal, catalog))
        budget = Budget.chosen(args.width, args.budget)
    except ValueError as exc:
        return fail(str(exc))
    try:
        solution = solve_with_progress(start, budget, args.quiet)
    except KeyboardInterrupt:
        return fail(_("interrupted"), 130)
    bound = upper_bound(start)
    proven = solution.score == bound  # a real line reaches the bound: nothing does better
    if args.out is not None:
        problem = _write_record(start, solution.moves, Path(args.out), args.seed)
        if problem is not None:
            from . import not_written

            return not_written(args.out, problem)
    if args.json:
        moves = [str(move) for move in solution.moves]
        found = {"score": solution.score, "bound": bound, "proven": proven, "moves": moves}
        print(json.dumps(found))
        return 0
    _print_line(start, solution.moves)
    from ..i18n import ngettext, rank_title

    breakdown = score(_replay(start, solution.moves))
    print(
        ngettext(
            "best score found: {score} ({rank}) in {turns} turn; "
            "width {width}, {positions} positions, {seconds} s",
            "best score found: {score} ({rank}) in {turns} turns; "
            "width {width}, {positions} positions, {seconds} s",
            len(solution.moves),
        ).format(
            score=solution.score,
            rank=rank_title(breakdown.rank),
            turns=len(solution.moves),
            width=budget.width,
            positions=f"{solution.nodes:,}",
            seconds=f"{solution.seconds:.1f}",
        )
    )
    if proven:
        print(
            _("perfect play scores at most {bound}: this line is the best possible").format(
                bound=bound
            )
        )
    else:
        print(_("perfect play scores at most {bound}").format(bound=bound))
    return 0


def _write_record(
    start: GameState, moves: Sequence[Move], path: Path, seed: int | None
) -> OSError | None:
    """Write the line as a game record; why it could not be, else None."""
    from ..records import build_record
    from ..storage.loading import export_record

    record = build_record(start, moves, final=_replay(start, moves), seed=seed)
    try:
        export_record(record, path)
    except OSError as exc:  # SaveError is one
        return exc
    return None


def solve_with_progress(start: GameState, budget: Budget, quiet: bool = False) -> Solution:
    """Run the search with its progress bar on stderr when that is a terminal
    (:mod:`.progress`)."""
    from ..progress_bar import progress
    from ..solver import solve

    with progress(_("searching"), quiet) as tell:
        return solve(start, budget, on_progress=tell)


def _replay(start: GameState, moves: Sequence[Move]) -> GameState:
    from ..engine import apply_move

    state = start
    for move in moves:
        state = apply_move(state, move).state
    return state


def _print_line(start: GameState, moves: Sequence[Move]) -> None:
    """The line, one round per line: ``round 1: D · S2 · R1 pay CH1+LG3 …``."""
    from ..engine import apply_move

    state = start
    current: list[str] = []
    for move in moves:
        round_ = state.round
        current.append(str(move))
        state = apply_move(state, move).state
        if state.round != round_ or state.is_over:
            print(_("round {round}: {moves}").format(round=round_, moves=" · ".join(current)))
            current = []
    if current:
        print(_("round {round}: {moves}").format(round=state.round, moves=" · ".join(current)))
