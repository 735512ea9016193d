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

from ..i18n import _, ngettext
from ..progress_bar import add_quiet
from . import fail

if TYPE_CHECKING:
    from ..storage.backups import Backup
    from ..storage.service import Store


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "doctor",
        help=_("check the campaign file, restore a backup"),
        description=_("Check the campaign file and every stored game; restore a backup."),
    )
    parser.add_argument(
        "--restore", action="store_true", help=_("if damaged, restore the newest good backup")
    )
    parser.add_argument(
        "--yes", action="store_true", help=_("with --restore: do not ask before restoring")
    )
    parser.add_argument(
        "--quarantine",
        action="store_true",
        help=_("set aside (never delete) game rows that do not load or replay"),
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
            advice = _(RESTORE_ADVICE)
            finding = finding.replace("; " + advice, "")
        print(printable(f"palm-island: {finding}"))
        if exc.kind != "db_damaged":  # a permission, a newer release: no backup is offered
            return 1
    try:
        backups = Store.list_backups(args.data_dir)
    except LoadError as exc:
        return fail(
            printable(_("{problem}; no backup can be offered").format(problem=exc.describe())), 1
        )
    if not backups:
        from ..storage.paths import data_dir

        folder = data_dir(args.data_dir, create=False)
        if not (folder / "campaign.db").exists():
            return fail(
                printable(
                    _(
                        "no good backup found; to start over with an empty store, move "
                        "{folder} away (nothing in it is deleted by the game)"
                    ).format(folder=folder)
                ),
                1,
            )
        return fail(_("no good backup found; the damaged file was left as it is"), 1)
    print(_("good backups, newest first:"))
    for backup in backups:
        print(f"  {printable(backup.path.name)}: {printable(backup.describe())}")
    if not args.restore:
        print(_("run `palm-island doctor --restore` to restore the newest one"))
        return 1
    return _restore(args, backups[0])


def _restore(args: argparse.Namespace, chosen: Backup) -> int:
    """Show what would be restored, ask (unless ``--yes``), then restore atomically."""
    from ..storage.errors import SaveError
    from ..storage.service import Store
    from ..text import printable

    held = chosen.contents
    name = chosen.path.name
    if held is None:
        print(printable(_("would restore {backup}: unreadable").format(backup=name)))
    else:
        print(
            printable(
                ngettext(
                    "would restore {backup}: {campaigns} campaign, {games} game(s), "
                    "{finished} finished",
                    "would restore {backup}: {campaigns} campaigns, {games} game(s), "
                    "{finished} finished",
                    held.campaigns,
                ).format(
                    backup=name,
                    campaigns=held.campaigns,
                    games=held.games,
                    finished=held.finished_games,
                )
            )
        )
    if held and held.newest_game:
        newest = held.newest_game[:16].replace("T", " ")
        beside = _("  newest game: {when} UTC; the damaged file is kept beside it")
        print(printable(beside.format(when=newest)))
    else:
        print(_("  no game in it; the damaged file is kept beside it"))
    if not args.yes:
        if not sys.stdin.isatty():
            return fail(_("not restored: confirm in a terminal, or add --yes"), 1)
        try:
            # Translators: the answers taken are y, yes and the translation of "yes".
            answer = input(_("Restore it? [y/N] "))
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes", _("yes").lower(), _("y").lower()):
            print(_("not restored; nothing was changed"))
            return 1
    try:
        damaged = Store.restore_backup(chosen, args.data_dir)
    except SaveError as exc:
        return fail(printable(str(exc)), 1)
    if damaged:
        done = _("restored {backup}; the damaged file is kept as {kept}").format(
            backup=chosen.path.name, kept=damaged.name
        )
    else:
        done = _("restored {backup}").format(backup=chosen.path.name)
    print(printable(done))
    return 0


def _check(store: Store, quarantine: bool, quiet: bool) -> int:
    """The file opened: check every game row, report (and maybe set aside) bad ones.
    Every game is replayed (about 2 ms each): a bar on a terminal says so."""
    from ..progress_bar import progress
    from ..storage.errors import LoadError
    from ..text import printable

    campaigns = len(store.campaigns())
    with progress(_("replaying every stored game"), quiet) as tell:
        problems = store.check_games(on_progress=tell)
    path = printable(str(store.directory / "campaign.db"))
    held = ngettext("{count} campaign", "{count} campaigns", campaigns).format(count=campaigns)
    for problem in problems:
        print(printable(f"  {problem.describe()}"))
    if quarantine and problems:
        done = store.quarantine_games(problems)
        print(
            ngettext(
                "set aside {count} damaged game: kept in the file, left out of every list",
                "set aside {count} damaged games: kept in the file, left out of every list",
                len(done),
            ).format(count=len(done))
        )
    for game_id, reason in store.quarantined():
        aside = _("  game {game} is set aside: {reason}").format(game=game_id, reason=reason)
        print(printable(aside))
    try:
        backups = type(store).list_backups(store.directory)
    except LoadError as exc:
        but = _("{path}: ok ({campaigns}); but {problem}")
        print(printable(but.format(path=path, campaigns=held, problem=exc.describe())))
        return 1
    if backups:
        newest = _("newest backup: {backup}").format(backup=backups[0].describe())
    else:
        newest = _("no backup yet")
    if problems and not quarantine:
        print(
            ngettext(
                "{path}: {count} damaged game ({campaigns}); {newest}",
                "{path}: {count} damaged games ({campaigns}); {newest}",
                len(problems),
            ).format(path=path, count=len(problems), campaigns=held, newest=newest)
        )
        print(_("run `palm-island doctor --quarantine` to set them aside (nothing is deleted)"))
        return 1
    print(_("{path}: ok ({campaigns}); {newest}").format(path=path, campaigns=held, newest=newest))
    return 0
