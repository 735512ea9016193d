"""Provides backups of the campaign file: taking, rotating, listing and restoring them.

Backups use SQLite's online backup API (consistent even while a game is saved),
written through the one safe-write path. Each backup is labelled *inside* the
copy (table ``backup_info``: a sequence number, when it was taken, its kind, the
newest game's time), so backups are ordered by what they are, never by file
time or name: copying the folder, a clock set back, or a renamed file cannot
put an old or empty backup first. Kinds (all in ``backups/``):

- ``campaign.v{N}.db``: the version-N file, taken just before it is upgraded; kept.
- ``campaign.auto-{SEQ}.db``: after every finished game and when a store that
  changed is closed; the :data:`AUTO_KEEP` with the highest sequence kept.
- ``campaign.daily-{SEQ}.db``: at most one a day, at the first open; the newest
  :data:`DAILY_KEEP` (by sequence) kept.

Restoring is atomic: the copy is written beside the campaign file, the damaged
file is given a second name (a hard link) first, and the copy is renamed over
it, so a kill at any instant leaves the damaged file or the restored one in
place, never neither. A damaged file is never deleted.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import stat
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from ..i18n import _, ngettext
from . import safe_write
from .db import (
    SCHEMA_VERSION,
    connect,
    connect_snapshot,
    quick_check,
    schema_problem,
    sql_write,
)
from .errors import LoadError, SaveError
from .folder_identity import check_folder_of
from .once import find_or_create
from .paths import BACKUP_DIR, backup_dir, db_path
from .safe_read import check_folder, check_regular

DAILY_KEEP: Final = 3
AUTO_KEEP: Final = 8
"""Backups taken after play that are kept: the last eight finished games or sessions."""
INFO_TABLE: Final = "backup_info"
_STAMP: Final = "%Y%m%d-%H%M%S"


@dataclass(frozen=True, slots=True)
class Contents:
    """What a backup holds, so the player can choose the one with their games."""

    campaigns: int
    finished_games: int
    newest_game: str | None
    """When the newest game in it was last played (ISO 8601, UTC), if any."""
    games: int = 0
    """Every game row (finished, in play, abandoned, imported)."""

    def describe(self) -> str:
        """``2 campaigns, 5 finished games, newest 2026-11-30 23:10``."""
        campaigns = ngettext("{count} campaign", "{count} campaigns", self.campaigns)
        games = ngettext("{count} finished game", "{count} finished games", self.finished_games)
        counts = {
            "campaigns": campaigns.format(count=self.campaigns),
            "games": games.format(count=self.finished_games),
        }
        if self.newest_game:
            newest = self.newest_game[:16].replace("T", " ")
            return _("{campaigns}, {games}, newest {newest}").format(newest=newest, **counts)
        return _("{campaigns}, {games}").format(**counts)


@dataclass(frozen=True, slots=True)
class Label:
    """Written inside every backup when it is taken."""

    sequence: int
    """1 + the highest sequence in the folder when it was taken: the order of backups."""
    taken_at: str
    """ISO 8601 UTC, as the clock said (shown; never used to order or rotate)."""
    kind: str
    newest_game: str | None


@dataclass(frozen=True, slots=True)
class Backup:
    """A backup file that passed ``quick_check``."""

    path: Path
    taken_at: datetime | None
    """When it was taken, as written inside it (None: a backup from before labels)."""
    kind: str
    """``auto`` (after play), ``daily`` or ``v{N}`` (taken before upgrading a version-N file)."""
    contents: Contents | None = None
    """What it holds (None: its tables could not be read)."""
    sequence: int = 0
    """Its place in the order of backups (0: a backup from before labels)."""

    def describe(self) -> str:
        """One line for the restore dialog and ``doctor``."""
        held = self.contents.describe() if self.contents else _("contents unreadable")
        when = f"{self.taken_at:%Y-%m-%d %H:%M:%S} UTC" if self.taken_at else _("undated")
        number = f" #{self.sequence}" if self.sequence else ""
        return f"{when} ({self.kind}{number}): {held}"

    @property
    def order(self) -> tuple[int, str]:
        """Newest first by this key, reversed: the sequence, then the newest game."""
        newest = self.contents.newest_game if self.contents and self.contents.newest_game else ""
        return (self.sequence, newest)


def _newest_game(conn: sqlite3.Connection) -> str | None:
    columns = {row[1] for row in conn.execute("PRAGMA table_info(game)")}
    played = "played_at, " if "played_at" in columns else ""
    value = conn.execute(
        f"SELECT max(coalesce({played}finished_at, started_at)) FROM game"
    ).fetchone()[0]
    return None if value is None else str(value)


def _write_label(kind: str, sequence: int, now: datetime) -> safe_write.Finish:
    def finish(copy: sqlite3.Connection) -> None:
        newest = _newest_game(copy)
        sql_write(copy, f"DROP TABLE IF EXISTS {INFO_TABLE}")
        sql_write(
            copy,
            f"CREATE TABLE {INFO_TABLE} (sequence INTEGER NOT NULL, taken_at TEXT NOT NULL, "
            "kind TEXT NOT NULL, newest_game TEXT) STRICT",
        )
        sql_write(
            copy,
            f"INSERT INTO {INFO_TABLE} VALUES (?, ?, ?, ?)",
            (sequence, now.isoformat(timespec="seconds"), kind, newest),
        )

    return finish


def read_label(path: Path) -> Label | None:
    """The label inside a backup, or None (unlabelled, unreadable)."""
    try:
        conn = connect_snapshot(path)
        try:
            row = conn.execute(
                f"SELECT sequence, taken_at, kind, newest_game FROM {INFO_TABLE}"
            ).fetchone()
        finally:
            conn.close()
    except (sqlite3.Error, UnicodeDecodeError):
        return None
    if row is None or not isinstance(row[0], int) or not isinstance(row[1], str):
        return None
    return Label(int(row[0]), str(row[1]), str(row[2]), None if row[3] is None else str(row[3]))


def _candidates(folder: Path) -> list[Path]:
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    return [folder / n for n in names if n.startswith("campaign.") and n.endswith(".db")]


def _labels(folder: Path) -> dict[Path, Label]:
    found = {}
    for path in _candidates(folder):
        try:
            if not check_regular(path):
                continue
        except LoadError:
            continue
        label = read_label(path)
        if label is not None:
            found[path] = label
    return found


def copy_database(
    source: sqlite3.Connection,
    folder: Path,
    kind: str,
    now: datetime | None = None,
    labels: dict[Path, Label] | None = None,
) -> Path:
    """Write a labelled copy of ``source`` into ``folder`` as the next in sequence
    (``labels``: the folder's, if the caller has just read them).

    Raises:
        SaveError: nothing was written.
    """
    check_folder_of(source)  # never into a folder put where the store's was
    now = now or datetime.now(UTC)
    labels = _labels(folder) if labels is None else labels
    sequence = 1 + max((label.sequence for label in labels.values()), default=0)
    for _attempt in range(20):
        target = folder / _name(kind, sequence)
        try:
            safe_write.sqlite_copy(
                source, target, replace=False, finish=_write_label(kind, sequence, now)
            )
        except safe_write.TargetExists:
            sequence += 1  # another process took this number meanwhile
            continue
        labels[target] = Label(sequence, now.isoformat(timespec="seconds"), kind, None)
        return target
    raise SaveError(kind, _("backup failed: no free sequence number"))


def _name(kind: str, sequence: int) -> str:
    if kind.startswith("v"):
        return f"campaign.{kind}.db"
    return f"campaign.{kind}-{sequence:06d}.db"


def before_migration(path: Path, version: int) -> None:
    """Back up a version-``version`` file before it is upgraded (kept for good)."""
    folder = backup_dir(path.parent)
    if (folder / _name(f"v{version}", 0)).exists():
        return  # an earlier attempt at this upgrade already kept it
    source = connect_snapshot(path, immutable=False)
    try:
        copy_database(source, folder, f"v{version}")
    finally:
        source.close()


def take_backup(conn: sqlite3.Connection, directory: Path, now: datetime | None = None) -> Path:
    """Back up the open store now (after a finished game, at a clean close) and keep
    the :data:`AUTO_KEEP` newest by sequence (never the one just written). Raises SaveError
    (``FolderGone``: the store's folder was deleted or replaced; nothing is made)."""
    check_folder_of(conn)
    folder = backup_dir(directory)
    labels = _labels(folder)
    target = copy_database(conn, folder, "auto", now, labels)
    _rotate(folder, "auto", AUTO_KEEP, keep=target, labels=labels)
    return target


def made_by_rotation(path: Path, kind: str) -> bool:
    """Whether ``path`` is a backup of ``kind`` as the game names and makes it: exactly
    ``campaign.KIND-SEQUENCE.db`` and a regular file (a link is never followed or
    removed). Rotation deletes nothing else: a file the player put there, or one named
    almost like ours, is kept."""
    if re.fullmatch(rf"campaign\.{re.escape(kind)}-[0-9]{{6,}}\.db", path.name) is None:
        return False
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _rotate(
    folder: Path, kind: str, keep_count: int, keep: Path, labels: dict[Path, Label]
) -> None:
    """Delete the oldest (by label) of one kind beyond ``keep_count``, never ``keep``,
    and only backups the game made (:func:`made_by_rotation`)."""
    own = [path for path in _candidates(folder) if made_by_rotation(path, kind)]

    def order(path: Path) -> tuple[int, str, str]:
        label = labels.get(path)
        return (label.sequence, label.taken_at, path.name) if label else (0, "", path.name)

    own.sort(key=order, reverse=True)
    for old in own[keep_count:]:
        if old != keep:
            safe_write.remove(old)


def daily_backup(conn: sqlite3.Connection, directory: Path, now: datetime | None = None) -> bool:
    """Take a backup unless the newest daily one (by sequence) was taken less than a
    day before ``now``; keep the last :data:`DAILY_KEEP`. A daily stamped in the
    future (the clock was set back) does not block a new one.

    The look and the copy are one step (once.py) under the file's write lock, held by
    a second connection while ``conn`` copies: windows starting at once take one
    daily, not one each (which rotated out the dailies of the days before).

    Returns True if one was taken.
    """
    now = now or datetime.now(UTC)
    check_folder_of(conn)
    folder = backup_dir(directory)
    if _recent_daily(_labels(folder), now):
        return False  # the usual start: no lock taken
    try:
        lock = connect(db_path(directory))
        try:
            _row, taken = find_or_create(
                lock,
                lambda: True if _recent_daily(_labels(folder), now) else None,
                lambda: _take_daily(conn, folder, now),
            )
        finally:
            lock.close()
    except sqlite3.Error as exc:  # busy past the timeout: the next start takes it
        raise SaveError(
            "backups", _("daily backup not taken: {reason}").format(reason=exc)
        ) from None
    return taken


def _recent_daily(labels: dict[Path, Label], now: datetime) -> bool:
    """Whether the newest daily (by sequence) was taken less than a day before ``now``."""
    dailies = [label for label in labels.values() if label.kind == "daily"]
    if not dailies:
        return False
    newest = max(dailies, key=lambda label: label.sequence)
    try:
        taken = datetime.fromisoformat(newest.taken_at)
    except ValueError:
        return False
    if taken.tzinfo is None:
        return False
    return 0 <= (now - taken).total_seconds() < 86_400


def _take_daily(conn: sqlite3.Connection, folder: Path, now: datetime) -> bool:
    every = _labels(folder)
    target = copy_database(conn, folder, "daily", now, every)
    _rotate(folder, "daily", DAILY_KEEP, keep=target, labels=every)
    return True


def has_backups(directory: Path) -> bool:
    """Whether anything is in ``backups/`` (looked at without opening or creating
    anything). A ``backups`` that is a file or cannot be read counts: something was
    there, so the store has existed."""
    folder = directory / BACKUP_DIR
    try:
        if not folder.is_dir():
            return os.path.lexists(folder)
        return any(n.startswith("campaign.") and n.endswith(".db") for n in os.listdir(folder))
    except OSError:
        return True


def list_backups(directory: Path) -> list[Backup]:
    """Every backup that passes ``quick_check``, newest first by the label inside
    (offer the first one), each with what it holds. Creates nothing.

    Raises:
        LoadError: ``backups`` is a file or cannot be read.
    """
    folder = directory / BACKUP_DIR
    if not check_folder(folder, BACKUP_DIR, follow=False):
        return []
    found: list[Backup] = []
    for path in _candidates(folder):
        try:
            if not check_regular(path) or not _passes(path):
                continue
        except LoadError:
            continue  # a FIFO or device named like a backup: never opened
        label = read_label(path)
        kind = label.kind if label else path.name.split(".")[1].split("-")[0]
        taken = _parse_time(label.taken_at) if label else None
        found.append(Backup(path, taken, kind, contents_of(path), label.sequence if label else 0))
    found.sort(key=lambda backup: backup.order, reverse=True)
    return found


def _parse_time(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


def contents_of(path: Path) -> Contents | None:
    """Count a backup's campaigns and games, read-only; None if unreadable."""
    try:
        conn = connect_snapshot(path)
        try:
            campaigns = conn.execute("SELECT count(*) FROM campaign").fetchone()[0]
            finished = conn.execute(
                "SELECT count(*) FROM game WHERE status IN ('finished', 'imported')"
            ).fetchone()[0]
            games = conn.execute("SELECT count(*) FROM game").fetchone()[0]
            newest = _newest_game(conn)
        finally:
            conn.close()
    except (sqlite3.Error, UnicodeDecodeError):
        return None
    return Contents(int(campaigns), int(finished), newest, int(games))


def _passes(path: Path) -> bool:
    try:
        conn = connect_snapshot(path)
        try:
            if quick_check(conn) != "ok":
                return False
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            return version != SCHEMA_VERSION or schema_problem(conn) is None
        finally:
            conn.close()
    except (sqlite3.Error, ValueError, OSError):  # ValueError: text that is not UTF-8
        return False


def restore_backup(directory: Path, backup: Path, now: datetime | None = None) -> Path | None:
    """Make ``backup`` the campaign file; the current file (if any) is kept under a
    second name ``campaign.damaged-<time>.db`` (returned; None if there was none).

    The steps, each safe to be killed after: (1) the backup is copied into a temp
    file beside the campaign file and fsync-ed; (2) the current file, its ``-wal``
    and ``-shm`` get second names (hard links); (3) its ``-wal``/``-shm`` are
    removed (they must not be replayed into the restored file); (4) the copy is
    renamed over ``campaign.db``. The caller must have closed its connections.

    Raises:
        SaveError: the backup is unreadable or a file could not be written.
    """
    if not check_regular(backup) or not _passes(backup):
        raise SaveError(backup.name, _("this backup does not pass quick_check; choose another"))
    target = db_path(directory)
    safe_write.clean_stale(directory)
    kept: list[Path] = []

    def set_aside() -> None:
        sides = [target.with_name(target.name + s) for s in ("", "-wal", "-shm")]
        present = [side for side in sides if os.path.lexists(side)]
        if present:
            aside = _aside_name(directory, now)
            kept.append(aside)
            for side in present:
                safe_write.link_aside(
                    side, aside.with_name(aside.name + side.name[len(target.name) :])
                )
        for side in sides[1:]:
            safe_write.remove(side)

    source = connect_snapshot(backup)
    try:
        safe_write.sqlite_copy(
            source, target, replace=True, finish=_drop_label, before_publish=set_aside
        )
    finally:
        source.close()
    if kept:
        # The player's old file, owner-only like every file of the folder.
        safe_write.make_owner_only([kept[0].with_name(kept[0].name + s) for s in ("", "-wal")])
        _fold_log_in(kept[0])
    return kept[0] if kept else None


def _fold_log_in(kept: Path) -> None:
    """The damaged file set aside is one file where SQLite can make it so: its ``-wal``
    checkpointed into it (what any open of it would do) and the ``-wal``/``-shm``
    gone. Where it cannot (the damage is in the way), the three stay together,
    named so that SQLite opens them as one."""
    log = kept.with_name(kept.name + "-wal")
    if not os.path.lexists(log):
        with contextlib.suppress(SaveError):
            safe_write.remove(kept.with_name(kept.name + "-shm"))  # an index, rebuilt
        return
    try:
        conn = sqlite3.connect(kept, isolation_level=None)
        try:  # the last connection's close removes the emptied -wal and the -shm
            sql_write(conn, "PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
    except (sqlite3.Error, ValueError, OSError):  # ValueError: text that is not UTF-8
        return


def _drop_label(copy: sqlite3.Connection) -> None:
    sql_write(copy, f"DROP TABLE IF EXISTS {INFO_TABLE}")


def _aside_name(directory: Path, now: datetime | None) -> Path:
    stamp = (now or datetime.now(UTC)).strftime(_STAMP)
    kept = directory / f"campaign.damaged-{stamp}.db"
    counter = 1
    while os.path.lexists(kept):
        counter += 1
        kept = directory / f"campaign.damaged-{stamp}-{counter}.db"
    return kept
