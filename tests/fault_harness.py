"""A deterministic fault injector for every write the program makes (issue 21).

Every filesystem write passes ``storage/safe_write.py`` and every SQLite write
``db.sql_write`` / ``db.tx``; each calls ``faults.point(kind)`` first. The
harness installs a hook there that counts the points of one operation and, at
the N-th, either raises the error a full or failing disk gives (``OSError``
ENOSPC/EIO on the filesystem, SQLite's "database or disk is full" / "disk I/O
error") or ends the process on the spot (``os._exit``, as a kill -9 would).

Each run happens in a forked child, so a kill is real: the child's open files
and SQLite connections vanish mid-operation. The child reports over a pipe what
it acknowledged (an operation that returned without error) and every point it
passed; the parent then checks the data folder.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from palm_island.storage import faults
from palm_island.storage.errors import LoadError, SaveError

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
            os.write(write_end, (json.dumps(message) + "\n").encode())

        try:
            with faults.installed(injector):
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
