"""``palm-island campaign``: list, create, rename and delete campaigns headless."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..i18n import _, ngettext
from . import fail

if TYPE_CHECKING:
    from ..campaign.model import CampaignSummary


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "campaign",
        help=_("list, create, rename or delete campaigns"),
        description=_("List, create, rename or delete campaigns (list by default)."),
    )
    actions = parser.add_subparsers(dest="action", metavar=_("ACTION"))
    actions.add_parser("list", help=_("every campaign, most recent first"))
    create = actions.add_parser("create", help=_("start a new campaign"))
    create.add_argument("name", metavar=_("NAME"), help=_("the new campaign's name"))
    rename = actions.add_parser("rename", help=_("rename a campaign"))
    rename.add_argument("name", metavar=_("NAME"), help=_("the campaign's name now"))
    rename.add_argument("new_name", metavar=_("NEW_NAME"), help=_("its new name"))
    delete = actions.add_parser("delete", help=_("delete a campaign, its games and feats"))
    delete.add_argument("name", metavar=_("NAME"), help=_("the campaign to delete"))
    delete.add_argument("--yes", action="store_true", help=_("confirm: this cannot be undone"))
    delete.add_argument(
        "--force",
        action="store_true",
        help=_("delete even while a game of it is open in a window (that game is lost)"),
    )
    parser.set_defaults(run=run, action="list")


def run(args: argparse.Namespace) -> int:
    """``list`` opens the file read-only; the others write."""
    from ..campaign.service import CampaignError
    from ..engine import PalmIslandError
    from ..storage.repositories import CampaignInUseError
    from ..storage.service import Store
    from ..text import printable

    name = repr(printable(getattr(args, "name", "") or ""))
    try:
        with Store.open(args.data_dir, read_only=args.action == "list") as store:
            if args.action == "create":
                store.create_campaign(args.name)
                print(_("campaign {name} created").format(name=name))
            elif args.action == "rename":
                store.rename_campaign(args.name, args.new_name)
                new = repr(printable(args.new_name))
                print(_("campaign {name} is now {new_name}").format(name=name, new_name=new))
            elif args.action == "delete":
                if not args.yes:
                    return fail(
                        _("deleting {name} loses its games and feats; add --yes").format(name=name)
                    )
                store.delete_campaign(args.name, confirm=True, force=args.force)
                print(_("campaign {name} deleted").format(name=name))
            else:
                campaigns = store.campaigns()
                if not campaigns:
                    print(_("no campaigns yet (`palm-island campaign create NAME` starts one)"))
                for c in campaigns:
                    print(campaign_line(c))
    except CampaignInUseError as exc:
        return fail(
            _("{error}; not deleted: close it there, or add --force").format(
                error=printable(str(exc))
            )
        )
    except CampaignError as exc:
        return fail(printable(str(exc)))
    except (PalmIslandError, ValueError) as exc:
        return fail(printable(str(exc)), 1)
    return 0


def campaign_line(c: CampaignSummary) -> str:
    """One line of ``campaign list``; the name escaped (it is data)."""
    from ..text import printable

    best = "-" if c.best is None else str(c.best)
    flags = (_(" (modified)") if c.modified else "") + (
        _(" [game in play]") if c.has_unfinished else ""
    )
    games = ngettext("{count} game", "{count} games", c.games).format(count=c.games)
    feats = ngettext("{count} feat", "{count} feats", c.feats).format(count=c.feats)
    return _("{name}: {games}, best {best}, {feats}{flags}").format(
        name=printable(c.name), games=games, best=best, feats=feats, flags=flags
    )
