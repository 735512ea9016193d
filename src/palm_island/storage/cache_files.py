"""Provides reading and writing of files in the user's cache directory.

Everything there can be rebuilt (the validated catalog, the daily deal's par), so a
failure to write is harmless and a file that is not exactly ours is ignored: it
must be a regular file (no link followed) owned by the current user and writable by
no one else, so another local user cannot plant data through a shared directory.
Writes are atomic (a temporary file renamed over the old one): a reader never sees
half a file.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


def read_cache_file(path: Path, max_bytes: int) -> bytes | None:
    """The file's bytes, only if it is a regular file of ours that no one else may
    write and at most ``max_bytes`` long; otherwise ``None``."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        handle = os.open(path, flags)
    except OSError:
        return None
    with os.fdopen(handle, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            return None
        if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
            return None
        try:
            data = file.read(max_bytes + 1)
        except OSError:
            return None
    return data if len(data) <= max_bytes else None


def write_cache_file(path: Path, text: str) -> bool:
    """Write ``text`` atomically (mode 0600); True if written, False if it could not be."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".cache-")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        return False
    return True
