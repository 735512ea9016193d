"""Provides the campaign database: opening it safely, its schema and its upgrades.

One SQLite file is the store of record (docs/storage.md): WAL journal,
``synchronous=FULL`` so a committed move survives a power cut, foreign keys on,
and a busy timeout so two windows on one campaign wait instead of failing.
Opening checks, in order: that the file is SQLite at all, that it is ours
(``application_id``), that it is not from a newer release (``user_version``),
upgrades an older one after a backup, and runs ``quick_check``. Every failure is
a :class:`~palm_island.storage.errors.LoadError`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from .errors import LoadError, SaveError

APPLICATION_ID: Final = 0x50616C6D
"""``PRAGMA application_id``: "Palm" in ASCII, marks the file as ours."""
SCHEMA_VERSION: Final = 1
"""``PRAGMA user_version`` of the schema this release writes."""
BUSY_TIMEOUT_MS: Final = 5000

SCHEMA: Final = """
CREATE TABLE campaign (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 64),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    modified INTEGER NOT NULL DEFAULT 0 CHECK (modified IN (0, 1))
) STRICT;
CREATE TABLE game (
    id INTEGER PRIMARY KEY,
    campaign_id INTEGER REFERENCES campaign(id) ON DELETE CASCADE,
    status TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned', 'imported')),
    started_at TEXT NOT NULL,
    finished_at TEXT,
    header TEXT NOT NULL,
    score INTEGER,
    rank TEXT,
    undo_count INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX game_by_campaign ON game (campaign_id, status);
CREATE TABLE move (
    game_id INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
    ply INTEGER NOT NULL CHECK (ply >= 1),
    notation TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
) STRICT, WITHOUT ROWID;
CREATE TABLE feat_unlock (
    campaign_id INTEGER NOT NULL REFERENCES campaign(id) ON DELETE CASCADE,
    feat TEXT NOT NULL,
    game_id INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
    unlocked_at TEXT NOT NULL,
    PRIMARY KEY (campaign_id, feat)
) STRICT;
"""
"""Version 1. ``game.header`` is the game's record without moves (JSON, schema-checked
on every load); the moves are rows so each one is committed as it is made."""

Migration = Callable[[sqlite3.Connection], None]
MIGRATIONS: Final[dict[int, Migration]] = {}
"""``MIGRATIONS[n]`` upgrades a version-n database to n + 1 (inside one transaction)."""


def connect(path: Path, *, wal: bool = True) -> sqlite3.Connection:
    """A connection with our pragmas; autocommit mode, so :func:`tx` owns transactions.

    ``wal=False`` leaves the journal mode alone: switching to WAL writes to the
    file, which must not happen before we know the file is ours.
    """
    conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA synchronous = FULL")
    if wal:
        conn.execute("PRAGMA journal_mode = WAL")
    return conn


@contextmanager
def tx(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction: ``BEGIN IMMEDIATE`` … ``COMMIT``, or ``ROLLBACK`` on any
    exception (even ``KeyboardInterrupt``), so nothing is ever half-written."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def damaged(path: Path, problem: str) -> LoadError:
    return LoadError(
        "db_damaged",
        path.name,
        f"campaign file is damaged ({problem}); restore a backup to go on",
        problem,
    )


def open_database(path: Path, before_migration: Callable[[Path, int], None]) -> sqlite3.Connection:
    """Open (or create) the campaign database at ``path`` and bring it up to date.

    ``before_migration(path, version)`` is called before an older file is
    upgraded, to back it up (see backups.py).

    Raises:
        LoadError: ``db_damaged``, ``wrong_kind`` or ``newer_version``.
    """
    try:
        conn = connect(path, wal=False)
    except sqlite3.OperationalError as exc:
        raise SaveError(path.name, f"cannot open the campaign file: {exc}") from None
    except sqlite3.DatabaseError as exc:
        raise damaged(path, str(exc)) from None
    except UnicodeDecodeError:
        raise damaged(path, "text that is not UTF-8") from None
    try:
        _prepare(conn, path, before_migration)
    except LoadError:
        conn.close()
        raise
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise damaged(path, str(exc)) from None
    except UnicodeDecodeError:
        conn.close()
        raise damaged(path, "text that is not UTF-8") from None
    return conn


def _prepare(
    conn: sqlite3.Connection, path: Path, before_migration: Callable[[Path, int], None]
) -> None:
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if app_id == 0 and version == 0 and tables == 0:
        conn.execute("PRAGMA journal_mode = WAL")
        _create(conn)
        return
    if app_id != APPLICATION_ID:
        raise LoadError(
            "wrong_kind",
            path.name,
            f"{path.name} is not a Palm Island campaign file; it was left untouched",
        )
    if version > SCHEMA_VERSION:
        raise LoadError(
            "newer_version",
            path.name,
            f"campaign file is from a newer palm-island (schema {version}, this one knows "
            f"{SCHEMA_VERSION}); update palm-island to open it",
        )
    check = quick_check(conn)
    if check != "ok":
        raise damaged(path, f"quick_check: {check}")
    conn.execute("PRAGMA journal_mode = WAL")
    if version < SCHEMA_VERSION:
        before_migration(path, version)
        with tx(conn):
            for step in range(version, SCHEMA_VERSION):
                if step not in MIGRATIONS:
                    raise damaged(path, f"unknown schema version {step}")
                MIGRATIONS[step](conn)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _create(conn: sqlite3.Connection) -> None:
    with tx(conn):
        # Another process may have created the file since we looked: BEGIN IMMEDIATE
        # serialises us behind it, so look again.
        if conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            return
        for statement in SCHEMA.split(";"):
            if statement.strip():
                conn.execute(statement)
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def quick_check(conn: sqlite3.Connection) -> str:
    """``ok``, or the first problems SQLite's ``quick_check`` found (milliseconds here)."""
    rows = conn.execute("PRAGMA quick_check(3)").fetchall()
    return "; ".join(str(r[0]) for r in rows) or "no answer"


@contextmanager
def guard(where: str) -> Iterator[None]:
    """Turn SQLite's own errors into ours: a busy or read-only file (or a full disk)
    is a :class:`SaveError`, anything else (a malformed page found while reading)
    means the file is damaged: ``LoadError("db_damaged")``."""
    try:
        yield
    except sqlite3.OperationalError as exc:
        text = str(exc)
        if any(word in text for word in ("locked", "busy", "readonly", "full", "disk I/O")):
            raise SaveError(where, f"could not save: {text}") from None
        raise damaged(Path(where), text) from None
    except sqlite3.DatabaseError as exc:
        raise damaged(Path(where), str(exc)) from None
    except UnicodeDecodeError:
        # SQLite hands back TEXT as UTF-8; bytes that are not can only be damage.
        raise damaged(Path(where), "text that is not UTF-8") from None
