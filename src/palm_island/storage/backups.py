"""Provides backups of the campaign file: before migrations, after play, and restoring one.

Backups use SQLite's online backup API, so they are consistent even while a
game is being saved. Kinds (all in ``backups/``):

- ``campaign.v{N}.db``: the version-N file, taken just before it is upgraded; kept.
- ``campaign.auto-YYYYMMDD-HHMMSS-ffffff.db``: after every finished game and when
  a store that changed is closed, so a backup always holds recent play; the
  newest :data:`AUTO_KEEP` kept.
- ``campaign.daily-YYYYMMDD-HHMMSS.db``: at most one a day, at the first open;
  the newest three kept.

A damaged campaign file is never deleted: restoring renames it (and its WAL
files) to ``campaign.damaged-<time>.db`` beside it.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Final

from .db import connect_read_only, quick_check
from .errors import SaveError
from .paths import BACKUP_DIR, backup_dir, db_path

DAILY_KEEP: Final = 3
AUTO_KEEP: Final = 8
"""Backups taken after play that are kept: the last eight finished games or sessions."""
_STAMP: Final = "%Y%m%d-%H%M%S"


@dataclass(frozen=True, slots=True)
class Contents:
    """What a backup holds, so the player can choose the one with their games."""

    campaigns: int
    finished_games: int
    newest_game: str | None
    """When the newest game in it was last played (ISO 8601, UTC), if any."""

    def describe(self) -> str:
        """``2 campaigns, 5 finished games, newest 2026-11-30 23:10``."""
        plural = "" if self.campaigns == 1 else "s"
        games = "" if self.finished_games == 1 else "s"
        newest = f", newest {self.newest_game[:16].replace('T', ' ')}" if self.newest_game else ""
        return (
            f"{self.campaigns} campaign{plural}, {self.finished_games} finished game{games}{newest}"
        )


@dataclass(frozen=True, slots=True)
class Backup:
    """A backup file that passed ``quick_check``."""

    path: Path
    taken_at: datetime
    """When it was written (the file's modification time, UTC)."""
    kind: str
    """``auto`` (after play), ``daily`` or ``v{N}`` (taken before upgrading a version-N file)."""
    contents: Contents | None = None
    """What it holds (None: its tables could not be read)."""

    def describe(self) -> str:
        """One line for the restore dialog and ``doctor``."""
        held = self.contents.describe() if self.contents else "contents unreadable"
        return f"{self.taken_at:%Y-%m-%d %H:%M:%S} UTC ({self.kind}): {held}"


def copy_database(source: sqlite3.Connection, target: Path) -> None:
    """Write a consistent copy of ``source`` to ``target`` (via a temp file + rename)."""
    temp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    temp.unlink(missing_ok=True)
    try:
        dest = sqlite3.connect(temp)
        try:
            source.backup(dest)
        finally:
            dest.close()
        _fsync(temp)
        os.replace(temp, target)
        _fsync(target.parent)
    except (OSError, sqlite3.Error) as exc:
        temp.unlink(missing_ok=True)
        raise SaveError(target.name, f"backup failed: {exc}") from None


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def before_migration(path: Path, version: int) -> None:
    """Back up a version-``version`` file before it is upgraded (kept for good)."""
    source = sqlite3.connect(path)
    try:
        copy_database(source, backup_dir(path.parent) / f"campaign.v{version}.db")
    finally:
        source.close()


def take_backup(conn: sqlite3.Connection, directory: Path, now: datetime | None = None) -> Path:
    """Back up the open store now (after a finished game, at a clean close) and keep
    the newest :data:`AUTO_KEEP` of these. Raises SaveError."""
    stamp = (now or datetime.now(UTC)).strftime(_STAMP + "-%f")
    folder = backup_dir(directory)
    _remove_orphans(folder)
    target = folder / f"campaign.auto-{stamp}.db"
    copy_database(conn, target)
    for old in sorted(folder.glob("campaign.auto-*.db"))[:-AUTO_KEEP]:
        old.unlink(missing_ok=True)
    return target


def _remove_orphans(folder: Path) -> None:
    """Delete temp files of backups whose process is gone (killed mid-copy)."""
    for temp in folder.glob("campaign.*.db.*.tmp"):
        try:
            pid = int(temp.suffixes[-2].lstrip("."))
        except (ValueError, IndexError):
            continue
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            temp.unlink(missing_ok=True)
        except OSError:
            continue


def daily_backup(conn: sqlite3.Connection, directory: Path, now: datetime | None = None) -> bool:
    """Take a backup if the newest daily one is a day old or missing; keep the last 3.

    Returns True if one was taken.
    """
    now = now or datetime.now(UTC)
    folder = backup_dir(directory)
    dailies = sorted(folder.glob("campaign.daily-*.db"))
    if dailies:
        stamp = dailies[-1].name.removeprefix("campaign.daily-").removesuffix(".db")
        try:
            last = datetime.strptime(stamp, _STAMP).replace(tzinfo=UTC)
        except ValueError:
            last = now - timedelta(days=2)
        if now - last < timedelta(days=1):
            return False
    copy_database(conn, folder / f"campaign.daily-{now.strftime(_STAMP)}.db")
    for old in sorted(folder.glob("campaign.daily-*.db"))[:-DAILY_KEEP]:
        old.unlink(missing_ok=True)
    return True


def has_backups(directory: Path) -> bool:
    """Whether any backup file exists (looked at without opening or creating anything)."""
    folder = directory / BACKUP_DIR
    return folder.is_dir() and any(folder.glob("campaign.*.db"))


def list_backups(directory: Path) -> list[Backup]:
    """Every backup that passes ``quick_check``, newest first (offer the first one),
    each with what it holds. Creates nothing (the directory may be read-only)."""
    folder = directory / BACKUP_DIR
    if not folder.is_dir():
        return []
    found: list[tuple[int, Backup]] = []
    for path in folder.glob("campaign.*.db"):
        if _passes(path):
            kind = path.name.split(".")[1].split("-")[0]
            stat = path.stat()
            taken = datetime.fromtimestamp(stat.st_mtime, UTC)
            found.append((stat.st_mtime_ns, Backup(path, taken, kind, contents_of(path))))
    found.sort(key=lambda pair: (pair[0], pair[1].path.name), reverse=True)
    return [backup for _, backup in found]


def contents_of(path: Path) -> Contents | None:
    """Count a backup's campaigns and finished games, read-only; None if unreadable."""
    try:
        conn = connect_read_only(path)
        try:
            campaigns = conn.execute("SELECT count(*) FROM campaign").fetchone()[0]
            finished = conn.execute(
                "SELECT count(*) FROM game WHERE status IN ('finished', 'imported')"
            ).fetchone()[0]
            newest = conn.execute(
                "SELECT max(coalesce(finished_at, started_at)) FROM game"
            ).fetchone()[0]
        finally:
            conn.close()
    except (sqlite3.Error, UnicodeDecodeError):
        return None
    return Contents(int(campaigns), int(finished), None if newest is None else str(newest))


def _passes(path: Path) -> bool:
    try:
        conn = connect_read_only(path)
        try:
            return quick_check(conn) == "ok"
        finally:
            conn.close()
    except sqlite3.Error:
        return False


def restore_backup(directory: Path, backup: Path, now: datetime | None = None) -> Path | None:
    """Make ``backup`` the campaign file; the current file (if any) is kept renamed.

    Returns the damaged file's new path, or None if there was no file. The
    caller must have closed its connections to the campaign file.

    Raises:
        SaveError: the backup is unreadable or a file could not be moved.
    """
    if not _passes(backup):
        raise SaveError(backup.name, "this backup does not pass quick_check; choose another")
    target = db_path(directory)
    kept = quarantine(directory, now) if target.exists() else None
    source = connect_read_only(backup)
    try:
        copy_database(source, target)
    finally:
        source.close()
    return kept


def quarantine(directory: Path, now: datetime | None = None) -> Path:
    """Rename the campaign file (and its -wal/-shm) to ``campaign.damaged-<time>.db``."""
    stamp = (now or datetime.now(UTC)).strftime(_STAMP)
    target = db_path(directory)
    kept = directory / f"campaign.damaged-{stamp}.db"
    counter = 1
    while kept.exists():
        counter += 1
        kept = directory / f"campaign.damaged-{stamp}-{counter}.db"
    try:
        for suffix in ("-wal", "-shm"):
            side = target.with_name(target.name + suffix)
            if side.exists():
                os.replace(side, kept.with_name(kept.name + suffix))
        os.replace(target, kept)
    except OSError as exc:
        raise SaveError(target.name, f"cannot set the damaged file aside: {exc.strerror}") from None
    return kept
