"""``palm-island deal --seed N``: print the starting position of a seed."""

from __future__ import annotations

import argparse
from typing import Any

from .. import arguments
from ..i18n import _


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "deal",
        help=_("print the deal of a seed in notation"),
        description=_("Print the deal of a seed in notation."),
    )
    parser.add_argument(
        "--seed",
        type=arguments.seed,
        required=True,
        metavar=_("SEED"),
        help=_("a whole number from 0 up"),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..engine import new_game, position_notation
    from ..storage.catalog_files import standard_catalog

    print(position_notation(new_game(standard_catalog(), seed=args.seed)))
    return 0
