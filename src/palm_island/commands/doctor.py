"""``palm-island doctor [--restore]``: check the campaign file; offer or restore a backup.

Without a terminal UI this is the way out of "campaign file is damaged": it
lists the backups that pass ``quick_check`` and, with ``--restore``, makes the
newest one the campaign file while keeping the damaged file beside it.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from . import fail

if TYPE_CHECKING:
    from ..storage.service import Store


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("doctor", help="check the campaign file, restore a backup")
    parser.add_argument(
        "--restore", action="store_true", help="if damaged, restore the newest good backup"
    )
    parser.add_argument(
        "--quarantine",
        action="store_true",
        help="set aside (never delete) game rows that do not load or replay",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Without ``--quarantine`` the file is opened read-only: a check writes nothing."""
    from ..storage.errors import LoadError, SaveError
    from ..storage.service import Store
    from ..text import printable

    try:
        with Store.open(args.data_dir, read_only=not args.quarantine) as store:
            return _check(store, args.quarantine)
    except SaveError as exc:
        return fail(printable(str(exc)), 1)
    except LoadError as exc:
        print(printable(f"palm-island: {exc.describe()}"))
        if exc.kind != "db_damaged":
            return 1
    backups = Store.list_backups(args.data_dir)
    if not backups:
        return fail("no good backup found; the damaged file was left as it is", 1)
    print("good backups, newest first:")
    for backup in backups:
        print(f"  {printable(backup.path.name)}: {backup.describe()}")
    if not args.restore:
        print("run `palm-island doctor --restore` to restore the newest one")
        return 1
    try:
        kept = Store.restore_backup(backups[0], args.data_dir)
    except SaveError as exc:
        return fail(printable(str(exc)), 1)
    print(printable(f"restored {backups[0].path.name}; the damaged file is kept as {kept}"))
    return 0


def _check(store: Store, quarantine: bool) -> int:
    """The file opened: check every game row, report (and maybe set aside) bad ones."""
    from ..text import printable

    campaigns = len(store.campaigns())
    problems = store.check_games()
    path = printable(str(store.directory / "campaign.db"))
    plural = "" if campaigns == 1 else "s"
    for problem in problems:
        print(printable(f"  {problem.describe()}"))
    if quarantine and problems:
        done = store.quarantine_games(problems)
        print(f"set aside {len(done)} damaged game(s): kept in the file, left out of every list")
    for game_id, reason in store.quarantined():
        print(printable(f"  game {game_id} is set aside: {reason}"))
    backups = type(store).list_backups(store.directory)
    newest = f"; newest backup: {backups[0].describe()}" if backups else "; no backup yet"
    if problems and not quarantine:
        print(f"{path}: {len(problems)} damaged game(s) ({campaigns} campaign{plural}){newest}")
        print("run `palm-island doctor --quarantine` to set them aside (nothing is deleted)")
        return 1
    print(f"{path}: ok ({campaigns} campaign{plural}){newest}")
    return 0
