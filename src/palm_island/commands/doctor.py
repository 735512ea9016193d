"""``palm-island doctor [--restore [--yes]] [--quarantine]``: check the campaign file;
offer or restore a backup.

Without a terminal UI this is the way out of "campaign file is damaged" or
"missing": it lists the backups that pass ``quick_check``, ordered by the
sequence written inside each, and with ``--restore`` shows the one it would
restore (campaigns, games, newest game) and asks before making it the campaign
file; the damaged file is kept beside it. A check creates nothing.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from ..progress_bar import add_quiet
from . import fail

if TYPE_CHECKING:
    from ..storage.backups import Backup
    from ..storage.service import Store


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("doctor", help="check the campaign file, restore a backup")
    parser.add_argument(
        "--restore", action="store_true", help="if damaged, restore the newest good backup"
    )
    parser.add_argument(
        "--yes", action="store_true", help="with --restore: do not ask before restoring"
    )
    parser.add_argument(
        "--quarantine",
        action="store_true",
        help="set aside (never delete) game rows that do not load or replay",
    )
    add_quiet(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Without ``--quarantine`` the file is opened read-only: a check writes nothing."""
    from ..storage.db import RESTORE_ADVICE
    from ..storage.errors import LoadError, SaveError
    from ..storage.service import Store
    from ..text import printable

    try:
        with Store.open(args.data_dir, read_only=not args.quarantine) as store:
            return _check(store, args.quarantine, args.quiet)
    except SaveError as exc:
        return fail(printable(str(exc)), 1)
    except LoadError as exc:
        finding = exc.describe()
        if args.restore:  # not the advice to run what is running
            finding = finding.replace(f"; {RESTORE_ADVICE}", "")
        print(printable(f"palm-island: {finding}"))
        if exc.kind != "db_damaged":  # a permission, a newer release: no backup is offered
            return 1
    try:
        backups = Store.list_backups(args.data_dir)
    except LoadError as exc:
        return fail(printable(f"{exc.describe()}; no backup can be offered"), 1)
    if not backups:
        from ..storage.paths import data_dir

        folder = data_dir(args.data_dir, create=False)
        if not (folder / "campaign.db").exists():
            return fail(
                printable(
                    f"no good backup found; to start over with an empty store, move {folder} "
                    "away (nothing in it is deleted by the game)"
                ),
                1,
            )
        return fail("no good backup found; the damaged file was left as it is", 1)
    print("good backups, newest first:")
    for backup in backups:
        print(f"  {printable(backup.path.name)}: {printable(backup.describe())}")
    if not args.restore:
        print("run `palm-island doctor --restore` to restore the newest one")
        return 1
    return _restore(args, backups[0])


def _restore(args: argparse.Namespace, chosen: Backup) -> int:
    """Show what would be restored, ask (unless ``--yes``), then restore atomically."""
    from ..storage.errors import SaveError
    from ..storage.service import Store
    from ..text import printable

    held = chosen.contents
    games = f"{held.games} game(s), {held.finished_games} finished" if held else "unreadable"
    newest = held.newest_game[:16].replace("T", " ") if held and held.newest_game else "none"
    campaigns = held.campaigns if held else "?"
    print(printable(f"would restore {chosen.path.name}: {campaigns} campaign(s), {games}"))
    print(printable(f"  newest game: {newest} UTC; the damaged file is kept beside it"))
    if not args.yes:
        if not sys.stdin.isatty():
            return fail("not restored: confirm in a terminal, or add --yes", 1)
        try:
            answer = input("Restore it? [y/N] ")
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes"):
            print("not restored; nothing was changed")
            return 1
    try:
        kept = Store.restore_backup(chosen, args.data_dir)
    except SaveError as exc:
        return fail(printable(str(exc)), 1)
    where = f"; the damaged file is kept as {kept.name}" if kept else ""
    print(printable(f"restored {chosen.path.name}{where}"))
    return 0


def _check(store: Store, quarantine: bool, quiet: bool) -> int:
    """The file opened: check every game row, report (and maybe set aside) bad ones.
    Every game is replayed (about 2 ms each): a bar on a terminal says so."""
    from ..progress_bar import progress
    from ..storage.errors import LoadError
    from ..text import printable

    campaigns = len(store.campaigns())
    with progress("replaying every stored game", quiet) as tell:
        problems = store.check_games(on_progress=tell)
    path = printable(str(store.directory / "campaign.db"))
    plural = "" if campaigns == 1 else "s"
    for problem in problems:
        print(printable(f"  {problem.describe()}"))
    if quarantine and problems:
        done = store.quarantine_games(problems)
        print(f"set aside {len(done)} damaged game(s): kept in the file, left out of every list")
    for game_id, reason in store.quarantined():
        print(printable(f"  game {game_id} is set aside: {reason}"))
    try:
        backups = type(store).list_backups(store.directory)
    except LoadError as exc:
        print(printable(f"{path}: ok ({campaigns} campaign{plural}); but {exc.describe()}"))
        return 1
    newest = f"; newest backup: {backups[0].describe()}" if backups else "; no backup yet"
    if problems and not quarantine:
        print(f"{path}: {len(problems)} damaged game(s) ({campaigns} campaign{plural}){newest}")
        print("run `palm-island doctor --quarantine` to set them aside (nothing is deleted)")
        return 1
    print(f"{path}: ok ({campaigns} campaign{plural}){newest}")
    return 0
