"""``palm-island import FILE``: check a record file and store it for the replay viewer,
or recreate a whole campaign from a campaign file (``export --campaign``).

Every file is size-capped, schema-checked and re-simulated first; an illegal move
is reported with its step. An imported game belongs to no campaign and unlocks
nothing; an imported campaign's feats are earned again from its games, each game
keeping its own dates.
"""

from __future__ import annotations

import argparse
from typing import Any

from .. import arguments
from . import fail, unreadable


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "import", help="check and store a game record or a whole campaign (JSON)"
    )
    parser.add_argument(
        "file",
        type=arguments.record_file,
        help="a record written by export or autoplay, or a campaign written by export --campaign",
    )
    parser.add_argument(
        "--as",
        dest="as_name",
        metavar="NAME",
        help="a campaign file: recreate the campaign under this name (its own by default)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..campaign.service import CampaignError
    from ..engine import PalmIslandError
    from ..storage.errors import LoadError
    from ..storage.service import Store
    from ..text import printable

    try:
        with Store.open(args.data_dir) as store:
            if store.is_campaign_file(args.file):
                name, games, feats = store.import_campaign(args.file, name=args.as_name)
            elif args.as_name is not None:
                return fail(
                    f"{printable(str(args.file))} is not a campaign file: --as is for those"
                )
            else:
                game_id = store.import_game(args.file)
                print(printable(f"{args.file} imported as game {game_id}"))
                return 0
    except LoadError as exc:
        return unreadable(args.file, exc)
    except CampaignError as exc:
        return fail(f"{printable(str(exc))} (import it under another name with --as NAME)", 1)
    except (PalmIslandError, ValueError) as exc:
        return fail(printable(str(exc)), 1)
    unlocked = ", ".join(feats) if feats else "none"
    plural = "" if games == 1 else "s"
    print(
        printable(f"campaign {name!r} imported: {games} game{plural}, feats unlocked: {unlocked}")
    )
    return 0
