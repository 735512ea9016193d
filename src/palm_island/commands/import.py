"""``palm-island import FILE``: check a record file and store it for the replay viewer.

The file is size-capped, schema-checked and re-simulated first; an illegal move
is reported with its step. Imported games belong to no campaign and unlock nothing.
"""

from __future__ import annotations

import argparse
from typing import Any

from .. import arguments
from . import fail, unreadable


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("import", help="check and store a game record (JSON)")
    parser.add_argument(
        "file", type=arguments.record_file, help="a record written by export or autoplay"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..engine import PalmIslandError
    from ..storage.errors import LoadError
    from ..storage.service import Store
    from ..text import printable

    try:
        with Store.open(args.data_dir) as store:
            game_id = store.import_game(args.file)
    except LoadError as exc:
        return unreadable(args.file, exc)
    except (PalmIslandError, ValueError) as exc:
        return fail(printable(str(exc)), 1)
    print(printable(f"{args.file} imported as game {game_id}"))
    return 0
