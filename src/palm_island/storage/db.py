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

import functools
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from ..i18n import N_, _
from .errors import LoadError, SaveError
from .folder_identity import StoreConnection
from .permissions import no_permission
from .safe_read import check_regular
from .transaction import tx as tx  # the store's write transaction, for its modules

APPLICATION_ID: Final = 0x50616C6D
"""``PRAGMA application_id``: "Palm" in ASCII, marks the file as ours."""
SCHEMA_VERSION: Final = 5
"""``PRAGMA user_version`` of the schema this release writes.

1: the first layout. 2: ``game.played_at`` (when a move was last saved: the
Saved games list) and ``game.quarantined`` (why doctor set a damaged row aside).
3: ``solver_line`` (par and hint lines of a deal) and ``game_analysis``.
4: ``game_holder`` (which window holds a game in play: storage/holders.py).
5: ``game_play`` (hints asked and the practice mark of a game); games in play
with no move are removed (a game with no move played is not a saved game)."""
BUSY_TIMEOUT_MS: Final = 5000

SOLVER_TABLES: Final = """
CREATE TABLE solver_line (
    deal TEXT NOT NULL,
    solver TEXT NOT NULL,
    prefix TEXT NOT NULL,
    moves TEXT NOT NULL,
    PRIMARY KEY (deal, solver, prefix)
) STRICT, WITHOUT ROWID;
CREATE TABLE game_analysis (
    game_id INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
    solver TEXT NOT NULL,
    report TEXT NOT NULL,
    PRIMARY KEY (game_id, solver)
) STRICT;
"""
"""Added in version 3 (new tables only, so the step up is one migration)."""

HOLDER_TABLE: Final = """
CREATE TABLE game_holder (
    game_id INTEGER PRIMARY KEY REFERENCES game(id) ON DELETE CASCADE,
    token TEXT NOT NULL,
    pid INTEGER NOT NULL,
    host TEXT NOT NULL,
    boot TEXT NOT NULL,
    process_start TEXT NOT NULL,
    since TEXT NOT NULL,
    heartbeat REAL NOT NULL
) STRICT
"""
"""Schema 4: which window holds a game in play (storage/holders.py); a new table so
older files gain it by one CREATE."""

GAME_PLAY: Final = """
CREATE TABLE game_play (
    game_id INTEGER PRIMARY KEY REFERENCES game(id) ON DELETE CASCADE,
    hints INTEGER NOT NULL DEFAULT 0 CHECK (hints >= 0),
    practice INTEGER NOT NULL DEFAULT 0 CHECK (practice IN (0, 1))
) STRICT"""
"""How a game was played beyond its moves: hints asked (the end screen's count, kept
across resumes) and whether it is a practice game (a daily deal played again)."""

SCHEMA: Final = (
    """
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
    undo_count INTEGER NOT NULL DEFAULT 0,
    played_at TEXT,
    quarantined TEXT
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
    + SOLVER_TABLES
    + HOLDER_TABLE
    + ";\n"
    + GAME_PLAY
    + ";\n"
)
"""Version 5. ``game.header`` is the game's record without moves (JSON, schema-checked
on every load); the moves are rows so each one is committed as it is made.
``solver_line`` keeps the solver's lines of a deal (``prefix``: the moves from the
deal to where the line starts, ``""`` for the par line; ``moves``: the line), so a
par is searched once; ``game_analysis`` keeps a finished game's analysis (JSON).
Both are caches of deterministic searches: read back, they are checked, never
trusted (a line is replayed and its score recomputed). ``game_holder``: one writer
per game (storage/holders.py). ``game_play``: hints asked and the practice mark."""

Migration = Callable[[sqlite3.Connection], None]


def _v1_to_v2(conn: sqlite3.Connection) -> None:
    """Add when each game was last played, and the mark doctor sets on a damaged row."""
    sql_write(conn, "ALTER TABLE game ADD COLUMN played_at TEXT")
    sql_write(conn, "ALTER TABLE game ADD COLUMN quarantined TEXT")
    sql_write(conn, "UPDATE game SET played_at = coalesce(finished_at, started_at)")


def _v2_to_v3(conn: sqlite3.Connection) -> None:
    """Add the solver's stored lines and analyses (new tables only)."""
    for statement in SOLVER_TABLES.split(";"):
        if statement.strip():
            sql_write(conn, statement)


def _v3_to_v4(conn: sqlite3.Connection) -> None:
    """Add the holder record of games in play (one writer per game: holders.py)."""
    sql_write(conn, HOLDER_TABLE)


def _v4_to_v5(conn: sqlite3.Connection) -> None:
    """Keep hints and the practice mark; remove games in play with no move (older
    releases stored a game as soon as it was dealt; they took over Continue)."""
    sql_write(conn, GAME_PLAY)
    sql_write(
        conn,
        "DELETE FROM game WHERE status = 'playing' "
        "AND NOT EXISTS (SELECT 1 FROM move WHERE move.game_id = game.id)",
    )


MIGRATIONS: Final[dict[int, Migration]] = {
    1: _v1_to_v2,
    2: _v2_to_v3,
    3: _v3_to_v4,
    4: _v4_to_v5,
}
"""``MIGRATIONS[n]`` upgrades a version-n database to n + 1 (inside one transaction)."""


def connect(path: Path, *, durable: bool = True) -> sqlite3.Connection:
    """A connection with our pragmas; autocommit mode, so :func:`tx` owns transactions.

    ``durable`` (always, for a player's file) commits with ``synchronous=FULL``: a
    committed move survives a power cut. Without it SQLite does not wait for the
    disk (``synchronous=OFF``), for a file thrown away after use; a crashed process
    still loses nothing committed, only a power cut could. The journal mode is left
    alone: switching to WAL writes to the file, which must not happen before we know
    the file is ours (see :func:`_use_wal`).
    """
    conn = sqlite3.connect(
        path,
        isolation_level=None,
        timeout=BUSY_TIMEOUT_MS / 1000,
        factory=StoreConnection,  # knows its folder once the store opened it
    )
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(f"PRAGMA synchronous = {'FULL' if durable else 'OFF'}")
    return conn


def sql_write(conn: sqlite3.Connection, sql: str, params: Sequence[object] = ()) -> sqlite3.Cursor:
    """Run one statement that writes (``INSERT``, ``UPDATE``, ``DELETE``, schema,
    pragmas that change the file): every SQLite write of the program passes here (the
    fault-injection suite fails each in turn)."""
    return conn.execute(sql, params)


RESTORE_ADVICE: Final = N_("run `palm-island doctor --restore` to restore a backup")
"""What a damaged or missing campaign file's message ends with (doctor leaves it out)."""


def damaged(path: Path, problem: str) -> LoadError:
    # Translators: {advice} stays last, after "; " (doctor --restore leaves it out).
    message = _("campaign file is damaged ({problem}); {advice}")
    return LoadError(
        "db_damaged", path.name, message.format(problem=problem, advice=_(RESTORE_ADVICE)), problem
    )


def open_database(
    path: Path,
    before_migration: Callable[[Path, int], None],
    *,
    empty_is_damage: bool = False,
    durable: bool = True,
) -> sqlite3.Connection:
    """Open (or create) the campaign database at ``path`` and bring it up to date.

    ``before_migration(path, version)`` is called before an older file is
    upgraded, to back it up (see backups.py). An empty (0-byte) file is a new
    store only when there is nothing to lose: ``empty_is_damage`` (the caller's
    first look at the folder found backups, then the file empty: first_look.py)
    reports it as damage (a truncated file), so the backups are offered.
    ``durable``: see :func:`connect`.

    Raises:
        LoadError: ``db_damaged``, ``wrong_kind`` or ``newer_version``.
        SaveError: the file cannot be opened or stayed busy past the timeout.
    """
    check_store_files(path)
    if empty_is_damage:
        raise damaged(path, "the file is empty")
    owner_only(path)
    try:
        conn = connect(path, durable=durable)
    except sqlite3.OperationalError as exc:
        raise SaveError(
            path.name, _("cannot open the campaign file: {reason}").format(reason=exc)
        ) from None
    except sqlite3.DatabaseError as exc:
        raise damaged(path, str(exc)) from None
    except UnicodeDecodeError:
        raise damaged(path, "text that is not UTF-8") from None
    try:
        _prepare(conn, path, before_migration)
    except (LoadError, SaveError):
        conn.close()
        raise
    except sqlite3.OperationalError as exc:
        conn.close()
        if _is_busy(exc) or "readonly" in str(exc):
            raise SaveError(
                path.name, _("cannot open the campaign file: {reason}").format(reason=exc)
            ) from None
        raise damaged(path, str(exc)) from None
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise damaged(path, str(exc)) from None
    except UnicodeDecodeError:
        conn.close()
        raise damaged(path, "text that is not UTF-8") from None
    return conn


def open_read_only(path: Path) -> sqlite3.Connection | None:
    """Open an up-to-date campaign file without any write (``mode=ro``), for commands
    that only read; None if it needs creating or upgrading (open it for writing).

    Raises:
        LoadError: ``db_damaged``, ``wrong_kind`` or ``newer_version``.
        SaveError: it cannot be opened.
    """
    if not check_store_files(path):
        return None
    try:
        conn = connect_read_only(path)
    except sqlite3.OperationalError as exc:
        raise SaveError(
            path.name, _("cannot open the campaign file: {reason}").format(reason=exc)
        ) from None
    except sqlite3.DatabaseError as exc:
        raise damaged(path, str(exc)) from None
    try:
        conn.execute("BEGIN")
        try:
            app_id, version, tables = _identity(conn)
        finally:
            conn.execute("COMMIT")
        if app_id == 0 and version == 0 and tables == 0:
            conn.close()
            return None
        _check_identity(path, app_id, version)
        if version < SCHEMA_VERSION:
            conn.close()
            return None
        check = quick_check(conn)
        if check != "ok":
            raise damaged(path, f"quick_check: {check}")
        problem = schema_problem(conn)
        if problem is not None:
            raise damaged(path, problem)
    except LoadError:
        conn.close()
        raise
    except sqlite3.OperationalError as exc:
        conn.close()
        if "not a database" in str(exc) or "malformed" in str(exc):
            raise damaged(path, str(exc)) from None
        raise SaveError(
            path.name, _("cannot read the campaign file: {reason}").format(reason=exc)
        ) from None
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise damaged(path, str(exc)) from None
    return conn


def check_store_files(path: Path) -> bool:
    """Whether the campaign file exists. It, its ``-wal`` and ``-shm`` must be regular
    files that can be read: anything else (a FIFO that would block SQLite's open, a
    folder) is damage, found with ``stat`` before any open; one the player may not
    read is a permission to fix, not damage.

    Raises:
        LoadError: ``db_damaged``, naming the problem and ``doctor --restore``;
            ``unreadable``, naming the owner and the ``chmod`` (permissions.py).
    """
    files = [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "")]
    try:
        found = [file for file in files if check_regular(file)]
    except LoadError as exc:
        raise damaged(path, f"{exc.where} {exc.message}") from None
    for file in found:
        denied = no_permission(file)
        if denied is not None:  # not damage: never offer a backup for it
            raise denied
    return path in found


def owner_only(path: Path) -> None:
    """The campaign file, its ``-wal`` and ``-shm`` are the player's alone (0600, as
    backups, settings and exports are): a missing file is created so before SQLite
    opens it (SQLite gives the other two its mode); one an older release made 0644
    is tightened (safe_write.make_owner_only).

    Raises:
        SaveError: the file could not be created.
    """
    from . import safe_write

    safe_write.create_owner_only(path)
    safe_write.make_owner_only([path.with_name(path.name + s) for s in ("", "-wal", "-shm")])


def connect_snapshot(path: Path, *, immutable: bool = True) -> sqlite3.Connection:
    """A read-only connection to a file no one writes in place (a backup): with
    ``immutable`` SQLite takes no lock and creates no ``-wal``/``-shm`` beside it."""
    query = "mode=ro&immutable=1" if immutable else "mode=ro"
    conn = sqlite3.connect(f"{path.absolute().as_uri()}?{query}", uri=True, isolation_level=None)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return conn


def connect_read_only(path: Path) -> sqlite3.Connection:
    """``mode=ro``; in a directory that cannot be written, a WAL file without its
    ``-shm`` cannot be opened that way, so when no log exists (nothing can be
    missed) it is opened ``immutable``: read as it is, with no lock files."""
    uri = path.absolute().as_uri()
    try:
        conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA schema_version").fetchone()
        return conn
    except sqlite3.OperationalError:
        wal = path.with_name(path.name + "-wal")
        if wal.exists() and wal.stat().st_size > 0:
            raise
    return sqlite3.connect(f"{uri}?mode=ro&immutable=1", uri=True, isolation_level=None)


def side_files_exist(path: Path) -> bool:
    """Whether the campaign file's ``-wal`` or ``-shm`` is there (a connection has it
    open, or one was killed)."""
    return any(os.path.lexists(f"{path}{suffix}") for suffix in ("-wal", "-shm"))


def remove_side_files(path: Path) -> None:
    """After a read-only command: SQLite's read-only connections leave the ``-wal`` and
    ``-shm`` they made. The last connection to close removes them (an empty log: the
    file itself is unchanged), so one is opened and closed; while another process
    has the file open it is not the last and they stay, as they must. Never raises."""
    if not side_files_exist(path):
        return
    try:
        conn = sqlite3.connect(f"{path.absolute().as_uri()}?mode=rw", uri=True)
        try:
            conn.execute("PRAGMA busy_timeout = 100")
            conn.execute("PRAGMA schema_version").fetchone()
        finally:
            conn.close()
    except (sqlite3.Error, OSError, ValueError):
        pass


def empty_file(path: Path) -> bool:
    """True when the file exists with 0 bytes and no write-ahead log holds its pages."""
    try:
        if path.stat().st_size != 0:
            return False
    except OSError:
        return False
    wal = path.with_name(path.name + "-wal")
    return not wal.exists() or wal.stat().st_size == 0


def empty_database() -> sqlite3.Connection:
    """An in-memory store with the schema: what a read-only command sees when there
    is no campaign file yet (nothing is created on disk)."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    _create(conn)  # in memory: nothing to make atomic
    return conn


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    return any(word in str(exc) for word in ("locked", "busy"))


def _identity(conn: sqlite3.Connection) -> tuple[int, int, int]:
    """``application_id``, ``user_version`` and the number of schema entries."""
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    return int(app_id), int(version), int(tables)


def _check_identity(path: Path, app_id: int, version: int) -> None:
    if app_id != APPLICATION_ID:
        raise LoadError(
            "wrong_kind",
            path.name,
            _("{file} is not a Palm Island campaign file; it was left untouched").format(
                file=path.name
            ),
        )
    if version > SCHEMA_VERSION:
        raise LoadError(
            "newer_version",
            path.name,
            _(
                "campaign file is from a newer palm-island (schema {version}, this one knows "
                "{known}); update palm-island to open it"
            ).format(version=version, known=SCHEMA_VERSION),
        )


def _prepare(
    conn: sqlite3.Connection, path: Path, before_migration: Callable[[Path, int], None]
) -> None:
    # The identity checks and the creation of a new file are one write transaction:
    # another process creating the same file is waited for (busy timeout), and the
    # three values are read from one snapshot, so a half-seen creation cannot look
    # like a foreign file. BEGIN IMMEDIATE only takes a lock: a foreign file is not
    # written to. (once.py: every create-if-missing of the store is this one step.)
    from .once import find_or_create

    def existing() -> int | None:
        app_id, version, tables = _identity(conn)
        if app_id == 0 and version == 0 and tables == 0:
            return None
        _check_identity(path, app_id, version)
        return version

    def create() -> int:
        _create(conn)
        return SCHEMA_VERSION

    version = find_or_create(conn, existing, create)[0]
    check = quick_check(conn)
    if check != "ok":
        raise damaged(path, f"quick_check: {check}")
    _use_wal(conn)
    if version < SCHEMA_VERSION:
        before_migration(path, version)
        with tx(conn):
            # Another process may have upgraded it while we waited for the lock.
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            for step in range(version, SCHEMA_VERSION):
                if step not in MIGRATIONS:
                    raise damaged(path, f"unknown schema version {step}")
                MIGRATIONS[step](conn)
            sql_write(conn, f"PRAGMA user_version = {SCHEMA_VERSION}")
    problem = schema_problem(conn)
    if problem is not None:
        raise damaged(path, problem)


def _use_wal(conn: sqlite3.Connection) -> None:
    """Switch to WAL (a no-op once the file is WAL). The switch needs the file to
    itself: while another process holds it, wait as the busy timeout would."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            sql_write(conn, "PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if not _is_busy(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def _create(conn: sqlite3.Connection) -> None:
    """The schema of a new file, inside the caller's transaction."""
    for statement in SCHEMA.split(";"):
        if statement.strip():
            sql_write(conn, statement)
    sql_write(conn, f"PRAGMA application_id = {APPLICATION_ID}")
    sql_write(conn, f"PRAGMA user_version = {SCHEMA_VERSION}")


def checkpoint(conn: sqlite3.Connection) -> bool:
    """Copy the write-ahead log into the main file and empty it (``TRUNCATE``), so a
    lost ``-wal`` file costs at most what was written after. True if complete (a
    reader in another window can hold part of it back; the next one catches up)."""
    try:
        busy = sql_write(conn, "PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
    except sqlite3.OperationalError:
        return False
    return bool(busy == 0)


def quick_check(conn: sqlite3.Connection) -> str:
    """``ok``, or the first problems SQLite's ``quick_check`` found (milliseconds here)."""
    rows = conn.execute("PRAGMA quick_check(3)").fetchall()
    return "; ".join(str(r[0]) for r in rows) or "no answer"


@functools.cache
def _expected_tables() -> dict[str, dict[str, str]]:
    """Every table of the current schema and its columns (name -> declared type)."""
    conn = empty_database()
    try:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        return _tables_of(conn, [str(r[0]) for r in rows])
    finally:
        conn.close()


def _tables_of(conn: sqlite3.Connection, names: list[str]) -> dict[str, dict[str, str]]:
    return {
        name: {
            str(row[1]): str(row[2]).upper()
            for row in conn.execute("SELECT * FROM pragma_table_xinfo(?)", (name,))
        }
        for name in names
    }


def schema_problem(conn: sqlite3.Connection) -> str | None:
    """Why the file's tables are not exactly this release's (a missing table or a
    column whose name or type differs), or None. ``quick_check`` passes a file whose
    schema text was damaged into other valid SQL (a flipped bit in a column name);
    such a file is damage, never written or backed up. Call it on a file at
    :data:`SCHEMA_VERSION` (older files are migrated first)."""
    expected = _expected_tables()
    found = _tables_of(conn, list(expected))
    for name, columns in expected.items():
        if found[name] != columns:
            if not found[name]:
                return _("table {name} is missing").format(name=name)
            return _("table {name} does not have this release's columns").format(name=name)
    return None


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
            raise SaveError(where, _("could not save: {reason}").format(reason=text)) from None
        raise damaged(Path(where), text) from None
    except sqlite3.DatabaseError as exc:
        raise damaged(Path(where), str(exc)) from None
    except UnicodeDecodeError:
        # SQLite hands back TEXT as UTF-8; bytes that are not can only be damage.
        raise damaged(Path(where), "text that is not UTF-8") from None
