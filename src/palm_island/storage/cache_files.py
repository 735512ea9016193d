"""Provides reading and writing of files in the user's cache directory.

Everything there can be rebuilt (the validated catalog, the daily deal's par), so a
failure to write is harmless and a file that is not exactly ours is ignored: it
must be a regular file (no link followed) owned by the current user and writable by
no one else, so another local user cannot plant data through a shared directory.
Writes go through the safe-write path (storage/safe_write.py): a reader never sees
half a file.
"""

from __future__ import annotations

import os
import stat
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
    """Write ``text`` atomically (mode 0600) through the one safe-write path; True if
    written, False if it could not be."""
    from . import safe_write

    try:
        safe_write.make_dir(path.parent, parents=True)
        safe_write.write_file(path, text.encode("utf-8"), replace=True)
    except OSError:  # SaveError is an OSError too: a cache that cannot be written is harmless
        return False
    return True
