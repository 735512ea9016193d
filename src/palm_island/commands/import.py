"""``palm-island import FILE``: check a record file and store it for the replay viewer,
or recreate a whole campaign from a campaign file (``export --campaign``).

Every file is size-capped, schema-checked and re-simulated first; an illegal move
is reported with its step. An imported game keeps its own finish time; it belongs
to no campaign and unlocks nothing, unless ``--campaign NAME`` puts it in that
campaign by the campaign's rules. An imported campaign's feats are earned again
from its games, each game keeping its own dates.
"""

from __future__ import annotations

import argparse
from typing import Any

from .. import arguments
from ..i18n import _, ngettext
from . import fail, unreadable


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "import",
        help=_("check and store a game record or a whole campaign (JSON)"),
        description=_("Check and store a game record, or recreate a whole campaign."),
    )
    parser.add_argument(
        "file",
        type=arguments.record_file,
        metavar=_("FILE"),
        help=_(
            "a record written by export or autoplay, or a campaign written by export --campaign"
        ),
    )
    parser.add_argument(
        "--as",
        dest="as_name",
        metavar=_("NAME"),
        help=_("a campaign file: recreate the campaign under this name (its own by default)"),
    )
    parser.add_argument(
        "--campaign",
        metavar=_("NAME"),
        help=_(
            "a game record: put the game in this existing campaign (its feat cards must be "
            "unlocked there; what it earns unlocks)"
        ),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..campaign.service import CampaignError, LockedFeats, NoSuchCampaign
    from ..engine import PalmIslandError
    from ..storage.errors import LoadError
    from ..storage.service import Store
    from ..text import printable

    try:
        with Store.open(args.data_dir) as store:
            if store.is_campaign_file(args.file):
                if args.campaign is not None:
                    return fail(
                        _(
                            "{file} is a whole campaign: --campaign is for one game "
                            "(import the campaign on its own, or with --as NAME)"
                        ).format(file=printable(str(args.file)))
                    )
                name, games, feats = store.import_campaign(args.file, name=args.as_name)
            elif args.as_name is not None:
                return fail(
                    _("{file} is not a campaign file: --as is for those").format(
                        file=printable(str(args.file))
                    )
                )
            elif args.campaign is not None:
                game_id, feats = store.import_into_campaign(args.file, args.campaign)
                print(printable(into_campaign(args.file, game_id, args.campaign, feats)))
                return 0
            else:
                game_id = store.import_game(args.file)
                done = _("{file} imported as game {game}").format(file=args.file, game=game_id)
                print(printable(done))
                return 0
    except LoadError as exc:
        return unreadable(args.file, exc)
    except NoSuchCampaign as exc:
        return fail(
            _(
                "there is no campaign named {name} (`palm-island campaign list` lists them); "
                "nothing was imported"
            ).format(name=printable(repr(exc.name)))
        )
    except LockedFeats as exc:
        locked = ngettext(
            "{file} was played with the feat card {feats}, which is not unlocked in campaign "
            "{name}; nothing was imported (import it without --campaign to keep it apart)",
            "{file} was played with the feat cards {feats}, which are not unlocked in campaign "
            "{name}; nothing was imported (import it without --campaign to keep it apart)",
            len(exc.codes),
        )
        text = locked.format(file=args.file, feats=", ".join(exc.codes), name=repr(exc.name))
        return fail(printable(text), 1)
    except CampaignError as exc:
        return fail(
            _("{error} (import it under another name with --as NAME)").format(
                error=printable(str(exc))
            ),
            1,
        )
    except (PalmIslandError, ValueError) as exc:
        return fail(printable(str(exc)), 1)
    unlocked = ", ".join(feats) if feats else _("none")
    done = ngettext(
        "campaign {name} imported: {count} game, feats unlocked: {feats}",
        "campaign {name} imported: {count} games, feats unlocked: {feats}",
        games,
    )
    print(printable(done.format(name=repr(name), count=games, feats=unlocked)))
    return 0


def into_campaign(file: object, game_id: int, campaign: str, feats: tuple[str, ...]) -> str:
    """The line ``import --campaign`` prints: the game, its campaign and what it unlocked."""
    if not feats:
        return _("{file} imported as game {game} in campaign {name}; no feat unlocked").format(
            file=file, game=game_id, name=repr(campaign)
        )
    done = ngettext(
        "{file} imported as game {game} in campaign {name}; feat unlocked: {feats}",
        "{file} imported as game {game} in campaign {name}; feats unlocked: {feats}",
        len(feats),
    )
    return done.format(file=file, game=game_id, name=repr(campaign), feats=", ".join(feats))
