"""A deterministic fault injector for every write the program makes (issue 21).

Every filesystem write of the program passes ``storage/safe_write.py`` and every
SQLite write ``db.sql_write`` / ``db.tx`` (test_fault_injection.py proves it by
scanning the source). The harness, all of it here and none of it in the game,
stands in front of what those seams call: the ``os`` functions that write (an
``open`` for writing, ``write``, ``fsync``, ``link``, ``replace``, ``unlink``,
``mkdir``) and the SQLite connections the program opens (made with a connection
class whose writing statements, ``COMMIT`` and ``backup`` pass the hook first).
Each such call is a write point: the hook counts the points of one operation and,
at the N-th, either raises the error a full or failing disk gives (``OSError``
ENOSPC/EIO on the filesystem, SQLite's "database or disk is full" / "disk I/O
error") or ends the process on the spot (``os._exit``, as a kill -9 would).

Each run happens in a forked child, so a kill is real: the child's open files
and SQLite connections vanish mid-operation. The child reports over a pipe what
it acknowledged (an operation that returned without error) and every point it
passed; the parent then checks the data folder.
"""

from __future__ import annotations

import errno
import inspect
import json
import os
import sqlite3
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal

import pytest

from palm_island.storage.errors import LoadError, SaveError

Hook = Callable[[str, str], None]
"""``hook(kind, site)``: ``kind`` says what is about to be written (``fs:rename``,
``sql:write``...), ``site`` the ``module:function`` of the program that asked."""

SEAM_FUNCTIONS: Final = frozenset(
    {
        ("palm_island.storage.db", "sql_write"),
        ("palm_island.storage.transaction", "tx"),
        ("palm_island.storage.db", "__exit__"),
        ("contextlib", "__exit__"),
        ("contextlib", "__enter__"),
    }
)
"""Frames skipped when naming the site: the seam itself and ``with`` machinery."""
SEAM_MODULES: Final = frozenset({__name__, "palm_island.storage.safe_write", "os", "pathlib"})
"""Modules skipped when naming the site: this harness, the safe-write path, and the
standard library's ``os.makedirs`` and ``pathlib`` in front of the ``os`` calls."""
CONNECTION_PRAGMAS: Final = ("BUSY_TIMEOUT", "FOREIGN_KEYS", "SYNCHRONOUS", "QUERY_ONLY")
"""Pragmas that set up the connection and write nothing to the file."""
SQL_WRITES: Final = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER", "VACUUM")

_REAL_WRITE: Final = os.write
"""The harness's own pipe to the parent is written with the real ``os.write``."""


def site() -> str | None:
    """``module:function`` of the first caller outside the seam and this harness, or
    None when no frame is the program's (a temp folder the test itself removes)."""
    frame = inspect.currentframe()
    found = None
    program = False
    while frame is not None and not (found and program):
        module = str(frame.f_globals.get("__name__", ""))
        name = frame.f_code.co_name
        seam = module in SEAM_MODULES or module.startswith("pathlib")
        if found is None and not seam and (module, name) not in SEAM_FUNCTIONS:
            found = f"{module}:{name}"
        program = program or module.startswith("palm_island.")
        frame = frame.f_back
    return found if program else None


def sql_kind(sql: str) -> str | None:
    """The write point a statement is, or None for one that writes nothing."""
    text = " ".join(sql.split()).upper()
    if text.startswith("COMMIT") or text.startswith("END"):
        return "sql:commit"
    if any(text.startswith(w) for w in SQL_WRITES):
        return "sql:write"
    changes = text.startswith("PRAGMA") and ("=" in text or "CHECKPOINT" in text)
    if changes and not any(text.startswith(f"PRAGMA {p}") for p in CONNECTION_PRAGMAS):
        return "sql:write"
    return None


def _is_directory(fd: int) -> bool:
    try:
        return stat.S_ISDIR(os.fstat(fd).st_mode)
    except OSError:
        return False


def _is_regular(fd: int) -> bool:
    try:
        return stat.S_ISREG(os.fstat(fd).st_mode)
    except OSError:
        return False


@contextmanager
def installed(hook: Hook) -> Iterator[None]:
    """Route every write point of the program to ``hook`` for the duration: the ``os``
    calls that write, and every SQLite connection opened meanwhile."""

    def point(kind: str) -> None:
        where = site()
        if where is not None:  # the program's write, not the test's own
            hook(kind, where)

    class Watched(sqlite3.Connection):
        """A connection whose writes pass the hook first (mixed in front of the
        program's own connection class, when it asks for one)."""

        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
            kind = sql_kind(sql)
            if kind is not None:
                point(kind)
            return super().execute(sql, *args)

        def executemany(self, sql: str, *args: Any) -> sqlite3.Cursor:
            point("sql:write")
            return super().executemany(sql, *args)

        def executescript(self, script: str) -> sqlite3.Cursor:
            point("sql:write")
            return super().executescript(script)

        def backup(self, *args: Any, **kwargs: Any) -> None:
            point("sql:backup")
            super().backup(*args, **kwargs)

    real_connect = sqlite3.connect

    def connect(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        if "mode=rw" in str(database):  # the last connection removes -wal and -shm
            point("fs:unlink")
        own = kwargs.get("factory", sqlite3.Connection)
        kwargs["factory"] = (
            Watched
            if own is sqlite3.Connection
            else type(f"Watched{own.__name__}", (Watched, own), {})
        )
        conn: sqlite3.Connection = real_connect(database, *args, **kwargs)
        return conn

    writing = os.O_WRONLY | os.O_RDWR | os.O_CREAT

    def wrap(real: Callable[..., Any], kind: Callable[..., str | None]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            found = kind(*args, **kwargs)
            if found is not None:
                point(found)
            return real(*args, **kwargs)

        return call

    patches: dict[str, Callable[..., str | None]] = {
        "open": lambda path, flags, *_, **__: "fs:create" if flags & writing else None,
        "write": lambda fd, *_: "fs:write" if _is_regular(fd) else None,  # not a pipe
        "fsync": lambda fd: "fs:fsync-dir" if _is_directory(fd) else "fs:fsync",
        "link": lambda *_, **__: "fs:link",
        "replace": lambda *_, **__: "fs:rename",
        "rename": lambda *_, **__: "fs:rename",
        "unlink": lambda *_, **__: "fs:unlink",
        "remove": lambda *_, **__: "fs:unlink",
        "mkdir": lambda *_, **__: "fs:mkdir",
        "fchmod": lambda *_, **__: "fs:chmod",
        "chmod": lambda *_, **__: "fs:chmod",
    }
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sqlite3, "connect", connect)
        for name, kind in patches.items():
            patch.setattr(os, name, wrap(getattr(os, name), kind))
        yield


Mode = Literal["count", "fail", "kill"]
KILLED = 137
"""The child's exit status when the harness killed it (128 + SIGKILL, as a shell says)."""


@dataclass(frozen=True)
class Plan:
    mode: Mode
    at: int = 0
    """The 1-based write point to fail or kill at (ignored when counting)."""
    code: int = errno.ENOSPC


class Injector:
    """The hook: counts points, remembers the sites, fails or kills at the planned one."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.count = 0
        self.sites: set[str] = set()
        self.kinds: dict[str, int] = {}

    def __call__(self, kind: str, site: str) -> None:
        self.count += 1
        self.sites.add(site)
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        if self.plan.mode == "count" or self.count != self.plan.at:
            return
        if self.plan.mode == "kill":
            os._exit(KILLED)
        if kind.startswith("sql"):
            full = self.plan.code == errno.ENOSPC
            raise sqlite3.OperationalError("database or disk is full" if full else "disk I/O error")
        raise OSError(self.plan.code, os.strerror(self.plan.code))


Ack = Callable[[str], None]
"""Called by an operation right after the program acknowledged a write."""


@dataclass
class Outcome:
    status: int
    """0: the operation ran to its end; 1: it reported an error; 137: killed."""
    acks: list[str] = field(default_factory=list)
    points: int = 0
    sites: set[str] = field(default_factory=set)
    kinds: dict[str, int] = field(default_factory=dict)
    error: str = ""
    """The error the operation reported (a clean SaveError/LoadError), if any."""
    unexpected: str = ""
    """Anything else that escaped (a raw OSError, a traceback): always a bug."""


def run_in_child(act: Callable[[Path, Ack], None], folder: Path, plan: Plan) -> Outcome:
    """Run ``act(folder, ack)`` in a forked child with the injector installed."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read_end)
        injector = Injector(plan)
        status = 0

        def send(message: dict[str, object]) -> None:
            _REAL_WRITE(write_end, (json.dumps(message) + "\n").encode())

        try:
            with installed(injector):
                act(folder, lambda token: send({"ack": token}))
        except (SaveError, LoadError) as exc:
            status = 1
            send({"error": f"{type(exc).__name__}: {exc}"})
        except BaseException as exc:
            status = 2
            send({"unexpected": f"{type(exc).__name__}: {exc}"})
        send(
            {
                "points": injector.count,
                "sites": sorted(injector.sites),
                "kinds": injector.kinds,
            }
        )
        os._exit(status)
    os.close(write_end)
    chunks = []
    while chunk := os.read(read_end, 65536):
        chunks.append(chunk)
    os.close(read_end)
    _, wait_status = os.waitpid(pid, 0)
    outcome = Outcome(os.waitstatus_to_exitcode(wait_status))
    for line in b"".join(chunks).decode().splitlines():
        message = json.loads(line)
        if "ack" in message:
            outcome.acks.append(message["ack"])
        outcome.error = message.get("error", outcome.error)
        outcome.unexpected = message.get("unexpected", outcome.unexpected)
        if "points" in message:
            outcome.points = message["points"]
            outcome.sites = set(message["sites"])
            outcome.kinds = message["kinds"]
    return outcome


def sample(total: int, count: int) -> list[int]:
    """``count`` points spread evenly over 1..total, first and last included."""
    if total <= count:
        return list(range(1, total + 1))
    step = (total - 1) / (count - 1)
    return sorted({1 + round(i * step) for i in range(count)})
