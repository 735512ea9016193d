"""``palm-island autoplay``: play a whole game headless and write its record."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .. import arguments
from ..i18n import _

POLICY_NAMES = ("greedy", "random")
"""The keys of ``palm_island.policies.POLICIES`` (a test keeps them in step)."""


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "autoplay",
        help=_("play a game automatically"),
        description=_("Play a whole game automatically and print its end."),
    )
    parser.add_argument(
        "--seed",
        type=arguments.seed,
        required=True,
        metavar=_("SEED"),
        help=_("deal (and policy) seed"),
    )
    parser.add_argument(
        "--policy",
        choices=POLICY_NAMES,
        default="random",
        help=_("how moves are chosen: greedy or random (default: random)"),
    )
    parser.add_argument(
        "--colour",
        choices=["red", "blue"],
        default="blue",
        help=_("deck colour: red or blue (default: blue)"),
    )
    parser.add_argument(
        "--out", type=Path, metavar=_("FILE"), help=_("write the game record (JSON) here")
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help=_("replace the --out file if it exists (kept otherwise)"),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..engine import new_game, position_notation, score
    from ..i18n import ngettext, rank_title
    from ..policies import POLICIES, play_out
    from ..records import build_record, dump_record
    from ..storage.catalog_files import standard_catalog

    start = new_game(standard_catalog(), seed=args.seed)
    final, moves = play_out(start, POLICIES[args.policy](args.seed))
    record = build_record(start, moves, final=final, seed=args.seed, deck_colour=args.colour)
    breakdown = score(final)
    print(position_notation(final))
    print(
        ngettext(
            "score {score} ({rank}) after {turns} turn",
            "score {score} ({rank}) after {turns} turns",
            final.turn,
        ).format(score=breakdown.total, rank=rank_title(breakdown.rank), turns=final.turn)
    )
    if args.out:
        from ..storage.errors import SaveError
        from ..storage.loading import write_atomically
        from ..text import printable
        from . import not_written

        try:
            write_atomically(args.out, dump_record(record), replace=args.force)
        except SaveError as exc:
            return not_written(args.out, exc)
        print(printable(_("record written to {path}").format(path=args.out)))
    return 0
