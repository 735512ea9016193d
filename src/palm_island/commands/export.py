"""``palm-island export GAME_ID FILE``: write a stored game as a record file;
``palm-island export --campaign NAME FILE``: write a whole campaign (its finished
games, each with its own dates) as a campaign file, which ``import`` recreates."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .. import arguments
from ..i18n import _, ngettext
from . import fail


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "export",
        help=_("write a stored game, or a whole campaign, to a JSON file"),
        description=_("Write a stored game, or a whole campaign, to a JSON file."),
    )
    parser.add_argument(
        "game",
        nargs="?",
        type=arguments.game_id,
        metavar=_("GAME"),
        help=_("the game's number (see `palm-island history`); none with --campaign"),
    )
    parser.add_argument(
        "file", type=arguments.record_file, metavar=_("FILE"), help=_("the JSON file to write")
    )
    parser.add_argument(
        "--campaign",
        metavar=_("NAME"),
        help=_(
            "write the whole campaign NAME (its finished games; feats are earned again on import)"
        ),
    )
    parser.add_argument(
        "--force", action="store_true", help=_("replace FILE if it exists (kept otherwise)")
    )
    parser.set_defaults(run=run, parser=parser)


def targets(args: argparse.Namespace) -> tuple[int | None, Path]:
    """The game (None for a campaign) and the file: ``GAME FILE`` or ``--campaign
    NAME FILE``, one or the other."""
    parser: argparse.ArgumentParser = args.parser
    if args.campaign is not None and args.game is not None:
        parser.error(_("export takes GAME FILE or --campaign NAME FILE, not both"))
    if args.campaign is None and args.game is None:
        parser.error(_("export takes GAME FILE (a game's number) or --campaign NAME FILE"))
    file: Path = args.file
    return args.game, file


def run(args: argparse.Namespace) -> int:
    from ..campaign.service import CampaignError
    from ..engine import PalmIslandError
    from ..storage.errors import SaveError
    from ..storage.service import Store
    from ..text import printable
    from . import no_game, not_written

    game, path = targets(args)
    try:
        with Store.open(args.data_dir, read_only=True) as store:
            if game is None:
                games, unfinished = store.export_campaign(args.campaign, path, force=args.force)
            else:
                store.export_game(game, path, force=args.force)
    except SaveError as exc:
        if exc.where != path.name:  # the campaign file's, not the export's
            return fail(printable(str(exc)), 1)
        return not_written(path, exc)
    except KeyError:
        return no_game(game or 0)
    except CampaignError as exc:
        return fail(printable(str(exc)), 2)
    except (PalmIslandError, ValueError) as exc:
        return fail(printable(str(exc)), 1)
    if game is not None:
        print(printable(_("game {game} written to {path}").format(game=game, path=path)))
        return 0
    written = ngettext(
        "campaign {name}: {count} finished game written to {path}",
        "campaign {name}: {count} finished games written to {path}",
        games,
    )
    print(printable(written.format(name=repr(args.campaign), count=games, path=path)))
    if unfinished:
        left = ngettext(
            "{count} unfinished game not written (finish it first, or copy the whole data folder)",
            "{count} unfinished games not written (finish them first, or copy the whole data "
            "folder)",
            unfinished,
        )
        print(left.format(count=unfinished))
    return 0
