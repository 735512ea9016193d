"""``palm-island export GAME_ID FILE``: write a stored game as a record file."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .. import arguments
from . import fail


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("export", help="write a stored game to a JSON file")
    parser.add_argument(
        "game", type=arguments.game_id, help="the game's number (see `palm-island history`)"
    )
    parser.add_argument("file", type=Path, help="the JSON file to write")
    parser.add_argument(
        "--force", action="store_true", help="replace FILE if it exists (kept otherwise)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..engine import PalmIslandError
    from ..storage.errors import SaveError
    from ..storage.service import Store
    from ..text import printable
    from . import no_game, not_written

    try:
        with Store.open(args.data_dir, read_only=True) as store:
            store.export_game(args.game, args.file, force=args.force)
    except SaveError as exc:
        if exc.where != args.file.name:  # the campaign file's, not the export's
            return fail(printable(str(exc)), 1)
        return not_written(args.file, exc)
    except KeyError:
        return no_game(args.game)
    except (PalmIslandError, ValueError) as exc:
        return fail(printable(str(exc)), 1)
    print(printable(f"game {args.game} written to {args.file}"))
    return 0
