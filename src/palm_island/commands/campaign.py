"""``palm-island campaign``: list, create, rename and delete campaigns headless."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from . import fail

if TYPE_CHECKING:
    from ..campaign.model import CampaignSummary


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("campaign", help="list, create, rename or delete campaigns")
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.add_parser("list", help="every campaign, most recent first")
    create = actions.add_parser("create", help="start a new campaign")
    create.add_argument("name")
    rename = actions.add_parser("rename", help="rename a campaign")
    rename.add_argument("name")
    rename.add_argument("new_name")
    delete = actions.add_parser("delete", help="delete a campaign, its games and feats")
    delete.add_argument("name")
    delete.add_argument("--yes", action="store_true", help="confirm: this cannot be undone")
    delete.add_argument(
        "--force",
        action="store_true",
        help="delete even while a game of it is open in a window (that game is lost)",
    )
    parser.set_defaults(run=run, action="list")


def run(args: argparse.Namespace) -> int:
    """``list`` opens the file read-only; the others write."""
    from ..campaign.service import CampaignError
    from ..engine import PalmIslandError
    from ..storage.repositories import CampaignInUseError
    from ..storage.service import Store
    from ..text import printable

    name = printable(getattr(args, "name", "") or "")
    try:
        with Store.open(args.data_dir, read_only=args.action == "list") as store:
            if args.action == "create":
                store.create_campaign(args.name)
                print(f"campaign {name!r} created")
            elif args.action == "rename":
                store.rename_campaign(args.name, args.new_name)
                print(f"campaign {name!r} is now {printable(args.new_name)!r}")
            elif args.action == "delete":
                if not args.yes:
                    return fail(f"deleting {name!r} loses its games and feats; add --yes")
                store.delete_campaign(args.name, confirm=True, force=args.force)
                print(f"campaign {name!r} deleted")
            else:
                campaigns = store.campaigns()
                if not campaigns:
                    print("no campaigns yet (palm-island campaign create NAME starts one)")
                for c in campaigns:
                    print(campaign_line(c))
    except CampaignInUseError as exc:
        return fail(f"{printable(str(exc))}; not deleted: close it there, or add --force")
    except CampaignError as exc:
        return fail(printable(str(exc)))
    except (PalmIslandError, ValueError) as exc:
        return fail(printable(str(exc)), 1)
    return 0


def plural(count: int, word: str) -> str:
    """``1 game``, ``2 games``, ``0 feats``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def campaign_line(c: CampaignSummary) -> str:
    """One line of ``campaign list``; the name escaped (it is data)."""
    from ..text import printable

    best = "-" if c.best is None else str(c.best)
    flags = (" (modified)" if c.modified else "") + (" [game in play]" if c.has_unfinished else "")
    games, feats = plural(c.games, "game"), plural(c.feats, "feat")
    return f"{printable(c.name)}: {games}, best {best}, {feats}{flags}"
