"""Provides the holder record (a lease) of a game in play: one window writes a game.

A window that opens a saved game to play it takes the game's row in
``game_holder``: its process id, host, boot id, the process's start time and a
per-process token, and a heartbeat it renews while the game is open. Another
window opening the same game sees who holds it and may only watch; a write from
it is refused inside the write's transaction (repositories._check_base). A holder
never blocks forever: its lease is free once its heartbeat is older than
:data:`STALE_AFTER`, or, on the same machine and boot, once its process is gone
(or its pid now belongs to another process).
"""

from __future__ import annotations

import os
import secrets
import socket
import sqlite3
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from ..i18n import _
from .db import sql_write, tx
from .once import find_or_create

STALE_AFTER: Final = 60.0
"""Seconds without a heartbeat after which a holder is gone (a suspended or
unreachable window); renewed every :data:`HEARTBEAT_EVERY` seconds."""
HEARTBEAT_EVERY: Final = 10.0


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="ascii", errors="replace").strip()
    except OSError:
        return ""


def process_start(pid: int) -> str:
    """When process ``pid`` started (clock ticks since boot, Linux), "" if unknown:
    tells a live holder from a new process that reuses its pid."""
    stat = _read(f"/proc/{pid}/stat")
    fields = stat.rpartition(")")[2].split()
    return fields[19] if len(fields) > 19 else ""


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a game open for play."""

    token: str
    pid: int
    host: str
    boot: str
    process_start: str
    since: str
    heartbeat: float

    def describe(self) -> str:
        """One short line for the player: which window, since when."""
        return _("process {pid} on {host}, since {time} UTC").format(
            pid=self.pid, host=self.host, time=self.since[11:16]
        )


_token = [secrets.token_hex(8)]


def token() -> str:
    """This process's identity in ``game_holder`` (pids are reused; tokens are not)."""
    return _token[0]


def _new_token() -> None:
    _token[0] = secrets.token_hex(8)


# A forked child is another window: it must not take its parent's holds for its own.
os.register_at_fork(after_in_child=_new_token)


def me() -> Holder:
    """This process as a holder, stamped now."""
    return Holder(
        token(),
        os.getpid(),
        socket.gethostname(),
        _read("/proc/sys/kernel/random/boot_id"),
        process_start(os.getpid()),
        datetime.now(UTC).isoformat(timespec="seconds"),
        time.time(),
    )


def is_gone(holder: Holder, now: float | None = None) -> bool:
    """True when ``holder`` cannot be writing any more: its heartbeat is stale (either
    way: a clock set back must not keep a lease forever), or, on this machine and
    boot, its process is dead or its pid belongs to a process started later."""
    now = time.time() if now is None else now
    if abs(now - holder.heartbeat) > STALE_AFTER:
        return True
    here = me()
    if holder.host != here.host or holder.boot != here.boot:
        return False
    try:
        os.kill(holder.pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        pass  # alive, another user's
    return process_start(holder.pid) != holder.process_start


def holder(conn: sqlite3.Connection, game_id: int) -> Holder | None:
    """The recorded holder of ``game_id`` (alive or not), if any."""
    row = conn.execute(
        "SELECT token, pid, host, boot, process_start, since, heartbeat FROM game_holder "
        "WHERE game_id = ?",
        (game_id,),
    ).fetchone()
    if row is None:
        return None
    token, pid, host, boot, start, since, beat = row
    return Holder(str(token), int(pid), str(host), str(boot), str(start), str(since), float(beat))


def other_holder(conn: sqlite3.Connection, game_id: int) -> Holder | None:
    """Another live window holding ``game_id`` (None if free, gone or this process)."""
    found = holder(conn, game_id)
    if found is None or found.token == token() or is_gone(found):
        return None
    return found


def acquire(conn: sqlite3.Connection, game_id: int) -> Holder | None:
    """Hold ``game_id`` for this process; returns None when held, else the live
    holder that keeps it (the caller offers to watch). A gone holder is replaced.
    The look and the write are one step (once.py): two windows never both hold it."""

    def take() -> Holder:
        mine = me()
        sql_write(
            conn,
            "INSERT OR REPLACE INTO game_holder (game_id, token, pid, host, boot, process_start, "
            "since, heartbeat) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                mine.token,
                mine.pid,
                mine.host,
                mine.boot,
                mine.process_start,
                mine.since,
                mine.heartbeat,
            ),
        )
        return mine

    other, taken = find_or_create(conn, lambda: other_holder(conn, game_id), take)
    return None if taken else other


def renew(conn: sqlite3.Connection, game_id: int) -> bool:
    """The heartbeat; False if the game is no longer held by this process (taken over
    after this window stalled past :data:`STALE_AFTER`, or the game is gone)."""
    with tx(conn):
        changed = sql_write(
            conn,
            "UPDATE game_holder SET heartbeat = ? WHERE game_id = ? AND token = ?",
            (time.time(), game_id, token()),
        ).rowcount
    return changed == 1


def release(conn: sqlite3.Connection, game_id: int) -> None:
    """Let the game go (leaving it, quitting): only this process's own hold."""
    with tx(conn):
        sql_write(
            conn, "DELETE FROM game_holder WHERE game_id = ? AND token = ?", (game_id, token())
        )
