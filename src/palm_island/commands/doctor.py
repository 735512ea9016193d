"""``palm-island doctor [--restore]``: check the campaign file; offer or restore a backup.

Without a terminal UI this is the way out of "campaign file is damaged": it
lists the backups that pass ``quick_check`` and, with ``--restore``, makes the
newest one the campaign file while keeping the damaged file beside it.
"""

from __future__ import annotations

import argparse
from typing import Any

from . import fail


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("doctor", help="check the campaign file, restore a backup")
    parser.add_argument(
        "--restore", action="store_true", help="if damaged, restore the newest good backup"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..storage.errors import LoadError, SaveError
    from ..storage.service import Store

    try:
        with Store.open(args.data_dir) as store:
            print(f"{store.directory / 'campaign.db'}: ok ({len(store.campaigns())} campaigns)")
            return 0
    except SaveError as exc:
        return fail(str(exc), 1)
    except LoadError as exc:
        print(f"palm-island: {exc.describe()}")
        if exc.kind != "db_damaged":
            return 1
    backups = Store.list_backups(args.data_dir)
    if not backups:
        return fail("no good backup found; the damaged file was left as it is", 1)
    for backup in backups:
        print(f"  backup {backup.path.name} ({backup.kind}, {backup.taken_at:%Y-%m-%d %H:%M} UTC)")
    if not args.restore:
        print("run `palm-island doctor --restore` to restore the newest one")
        return 1
    try:
        kept = Store.restore_backup(backups[0], args.data_dir)
    except SaveError as exc:
        return fail(str(exc), 1)
    print(f"restored {backups[0].path.name}; the damaged file is kept as {kept}")
    return 0
