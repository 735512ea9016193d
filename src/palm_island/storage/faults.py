"""Provides the one seam every write of the program passes through, for fault injection.

Every filesystem write (``safe_write``) and every SQLite write (``db.sql_write``,
``db.tx``'s commit, checkpoints) calls :func:`point` first. Normally nothing is
installed and it costs one global lookup. The fault-injection suite
(``tests/test_fault_injection.py``) installs a hook that counts the points and,
at the N-th, raises a disk error or ends the process, so every write point of
every kind of save can be proved safe, and a write that does not pass here is
caught by the test that enumerates the write sites.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Final

Hook = Callable[[str, str], None]
"""``hook(kind, site)``: ``kind`` says what is about to be written (``fs:rename``,
``sql:write``...), ``site`` the ``module:function`` of the program that asked."""

_hook: Hook | None = None

SEAM_FUNCTIONS: Final = frozenset(
    {
        ("palm_island.storage.faults", "point"),
        ("palm_island.storage.db", "sql_write"),
        ("palm_island.storage.transaction", "tx"),
        ("palm_island.storage.db", "__exit__"),
        ("contextlib", "__exit__"),
        ("contextlib", "__enter__"),
    }
)
"""Frames skipped when naming the site: the seam itself and ``with`` machinery."""


def point(kind: str) -> None:
    """A write is about to happen: let an installed hook count, fail or stop it."""
    hook = _hook
    if hook is not None:
        hook(kind, _site())


def _site() -> str:
    """``module:function`` of the first caller outside the seam modules."""
    here = inspect.currentframe()
    frame = here.f_back.f_back if here is not None and here.f_back is not None else None
    while frame is not None:
        module = str(frame.f_globals.get("__name__", ""))
        name = frame.f_code.co_name
        seam = module == "palm_island.storage.safe_write" or (module, name) in SEAM_FUNCTIONS
        if not seam:
            return f"{module}:{name}"
        frame = frame.f_back
    return "?"


@contextmanager
def installed(hook: Hook) -> Iterator[None]:
    """Route every write point to ``hook`` for the duration (tests only)."""
    global _hook
    previous, _hook = _hook, hook
    try:
        yield
    finally:
        _hook = previous
