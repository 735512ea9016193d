"""Provides the one way the program reads a file or looks at a folder it did not write
just now: the campaign file, settings, backups, records, the data folder.

Nothing here can block or blow up: a FIFO, device, socket or folder where a file
should be is refused from ``stat`` / ``fstat`` before any read (opens use
``O_NONBLOCK``, so even a FIFO swapped in between cannot wait for a writer); the
size is bounded; JSON nesting is bounded before the parser recurses. Every
failure is a :class:`LoadError` naming the file in one line, never an
``OSError``, ``RecursionError`` or a hang.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Final

from ..i18n import N_, _
from ..os_reasons import os_reason
from .errors import LoadError

MAX_JSON_DEPTH: Final = 64
"""Deeper nesting is refused before parsing (no file of ours nests more than 5)."""
_KIND_NAMES: Final = (
    (stat.S_ISFIFO, N_("a pipe (FIFO)")),
    (stat.S_ISCHR, N_("a device")),
    (stat.S_ISBLK, N_("a device")),
    (stat.S_ISSOCK, N_("a socket")),
    (stat.S_ISDIR, N_("a folder")),
    (stat.S_ISLNK, N_("a symbolic link")),
    (stat.S_ISREG, N_("a file")),
)


def _what(mode: int) -> str:
    return _(next((name for test, name in _KIND_NAMES if test(mode)), N_("not a regular file")))


def _reason(exc: OSError) -> str:
    return os_reason(exc)


def _size(limit: int) -> str:
    if limit % (1 << 20) == 0:
        return _("{count} MiB").format(count=limit >> 20)
    if limit % 1024 == 0:
        return _("{count} KiB").format(count=limit >> 10)
    return _("{count} bytes").format(count=f"{limit:,}")


def check_regular(path: Path, where: str | None = None) -> bool:
    """Whether ``path`` exists (following links); refuse it if it is not a regular
    file. Looks with ``stat`` only: nothing is opened.

    Raises:
        LoadError: ``wrong_kind`` (a FIFO, device, socket, folder), ``unreadable``.
    """
    name = where or path.name
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise LoadError(
            "unreadable", name, _("cannot look at it: {reason}").format(reason=_reason(exc))
        ) from None
    if not stat.S_ISREG(info.st_mode):
        raise LoadError(
            "wrong_kind",
            name,
            _("is {kind}, not a file; move it away").format(kind=_what(info.st_mode)),
        )
    return True


def read_bytes(path: Path, limit: int, *, where: str | None = None, follow: bool = True) -> bytes:
    """At most ``limit`` bytes of a regular file.

    Raises:
        LoadError: ``unreadable`` (missing, no permission), ``wrong_kind`` (not a
            regular file), ``too_large`` (over ``limit``, from ``fstat`` or as read).
    """
    name = where or path.name or str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise LoadError(
            "unreadable", name, _("cannot read it: {reason}").format(reason=_reason(exc))
        ) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise LoadError(
                "wrong_kind",
                name,
                _("not a regular file ({kind}); it was not read").format(kind=_what(info.st_mode)),
            )
        if info.st_size > limit:
            raise LoadError(
                "too_large",
                name,
                _("file is {size} bytes; the limit is {limit}").format(
                    size=f"{info.st_size:,}", limit=_size(limit)
                ),
            )
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, left)
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise LoadError(
            "unreadable", name, _("cannot read it: {reason}").format(reason=_reason(exc))
        ) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise LoadError("too_large", name, _("file is over {limit}").format(limit=_size(limit)))
    return data


def json_depth_ok(text: str | bytes, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether no array or object in ``text`` nests deeper than ``limit`` (strings
    are skipped), checked in one pass without recursion."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    depth = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > limit:
                return False
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return True


def load_json(data: str | bytes, where: str, limit: int = MAX_JSON_DEPTH) -> object:
    """Parse JSON whose nesting is bounded by ``limit``.

    Raises:
        LoadError: ``not_json`` (too deep, not JSON, not UTF-8).
    """
    if not json_depth_ok(data, limit):
        raise LoadError(
            "not_json",
            where,
            _("not readable JSON: nested deeper than {limit}").format(limit=limit),
        )
    try:
        return json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise LoadError(
            "not_json", where, _("not readable JSON: {error}").format(error=type(exc).__name__)
        ) from None


def check_folder(path: Path, where: str, *, follow: bool = True) -> bool:
    """Whether the folder exists; refuse a file in its place or one that cannot be
    listed (with ``follow=False``, a symbolic link too). Nothing is created.

    Raises:
        LoadError: ``wrong_kind`` (a file or refused link where the folder should be),
            ``unreadable`` (no permission to list or enter it).
    """
    try:
        info = os.stat(path) if follow else os.lstat(path)
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise LoadError(
            "unreadable", where, _("cannot look at it: {reason}").format(reason=_reason(exc))
        ) from None
    if stat.S_ISLNK(info.st_mode):
        raise LoadError("wrong_kind", where, _("is a link to another folder; move the link away"))
    if not stat.S_ISDIR(info.st_mode):
        raise LoadError(
            "wrong_kind",
            where,
            _("is {kind}, not a folder; move it away").format(kind=_what(info.st_mode)),
        )
    if not os.access(path, os.R_OK | os.X_OK):
        raise LoadError("unreadable", where, _("cannot read this folder: permission denied"))
    return True
