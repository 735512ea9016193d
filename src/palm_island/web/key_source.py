"""Where a chosen access key comes from, so it never shows in the process list.

Every local user can read every process's command line (``ps -eo args``,
``/proc/PID/cmdline``); only the process's own user can read its environment.
So the key comes from a file (``--token-file``, which only its owner may read or
write) or from ``$PALM_ISLAND_SERVE_TOKEN``. ``--token=KEY`` still works, for an
old habit: the server then starts itself again at once with the key moved into
its environment and out of its command line (:func:`command_without_key`), so the
key is visible only for the moment before that.
"""

from __future__ import annotations

import os
import shlex
import stat
import sys
from pathlib import Path
from typing import Final

from ..i18n import _
from ..os_reasons import os_reason

TOKEN_ENV: Final = "PALM_ISLAND_SERVE_TOKEN"
MAX_FILE_BYTES: Final = 4096


class KeyFileError(ValueError):
    """A key file that cannot be used; the message is one line for the player."""


def read_key_file(path: Path) -> str:
    """The key in ``path``: its first line, trimmed.

    Refused (a :class:`KeyFileError` saying why and how to fix it): a symbolic
    link (give the file itself, so what is read is what was checked), anything
    but a regular file, a file of another user, one that the group or others may
    read or write (mode ``0600`` or stricter, as the game's other private files), an
    empty one, one over 4 KB.
    """
    shown = shlex.quote(str(path))
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        if stat.S_ISLNK(os.lstat(path).st_mode):
            raise KeyFileError(
                _("{file} is a symbolic link; give the key file itself").format(file=shown)
            )
        handle = os.open(path, flags)
    except FileNotFoundError:
        raise KeyFileError(_("{file} does not exist").format(file=shown)) from None
    except OSError as exc:
        raise KeyFileError(
            _("cannot read {file}: {reason}").format(file=shown, reason=os_reason(exc))
        ) from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise KeyFileError(_("{file} is not a regular file").format(file=shown))
        if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
            raise KeyFileError(
                _("{file} belongs to another user; use a key file of your own").format(file=shown)
            )
        if info.st_mode & 0o077:
            raise KeyFileError(
                _(
                    "others may read or write {file} (mode {mode}); `chmod 600 {file}` fixes it"
                ).format(file=shown, mode=f"{stat.S_IMODE(info.st_mode):04o}")
            )
        data = os.read(handle, MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise KeyFileError(
            _("cannot read {file}: {reason}").format(file=shown, reason=os_reason(exc))
        ) from None
    finally:
        os.close(handle)
    if len(data) > MAX_FILE_BYTES:
        raise KeyFileError(
            _("{file} is over {size} bytes; it should hold only the key").format(
                file=shown, size=MAX_FILE_BYTES
            )
        )
    lines = data.decode("utf-8", "replace").strip().splitlines()
    if not lines:
        raise KeyFileError(_("{file} is empty; write the key in it").format(file=shown))
    return lines[0].strip()


def command_without_key(command: list[str], key: str) -> list[str] | None:
    """``command`` (this process's, ``sys.orig_argv``) without ``--token=KEY`` or
    ``--token KEY``; None when the key is not in it (given another way, or by a
    caller in this process) or would still be there once those are taken out."""
    if not any(key in part for part in command):
        return None
    kept: list[str] = []
    skip = False
    for index, part in enumerate(command):
        if skip:
            skip = False
            continue
        if part == f"--token={key}":
            continue
        if part == "--token" and index + 1 < len(command) and command[index + 1] == key:
            skip = True
            continue
        kept.append(part)
    if any(key in part for part in kept):
        return None
    return kept


def restart_without_key(key: str) -> str | None:
    """Starts this program again (same process) with ``key`` in its environment
    instead of its command line, when the command line holds it. Returns only when
    it does not (None), or with why the key cannot be taken out of it."""
    if not any(key in part for part in sys.orig_argv):
        return None
    command = command_without_key(sys.orig_argv, key)
    if command is None:
        return _(
            "the key could not be taken out of the command line, where every user of "
            "this machine can read it; give it with --token-file or ${variable}"
        ).format(variable=TOKEN_ENV)
    os.environ[TOKEN_ENV] = key
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(sys.executable, [sys.executable, *command[1:]])
