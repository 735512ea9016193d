"""Provides :func:`os_reason`: an operating-system error in the player's words.

The C library's own text (``strerror``) is English whatever the language, and its
wording varies between systems; the errors a player meets (a full disk, a
permission, a missing file) are said here in words the catalogs translate. One
table for the command line's last line (exits.py) and every storage error.
"""

from __future__ import annotations

import errno
from typing import Final

from .i18n import N_, _

REASONS: Final = {
    errno.ENOSPC: N_("no space left on the device"),
    errno.EDQUOT: N_("disk quota exceeded"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("operation not permitted"),
    errno.EROFS: N_("read-only file system"),
    errno.ENOENT: N_("no such file or directory"),
    errno.ENOTDIR: N_("not a directory"),
    errno.EISDIR: N_("is a directory"),
    errno.EEXIST: N_("already exists"),
    errno.ELOOP: N_("too many symbolic links (or a symbolic link refused)"),
    errno.ENAMETOOLONG: N_("file name too long"),
    errno.EIO: N_("input/output error"),
    errno.EMFILE: N_("too many open files"),
}


def os_reason(exc: OSError) -> str:
    """``exc`` as a few words in the active language; an error the table does not
    know keeps the system's text."""
    known = REASONS.get(exc.errno or 0)
    return _(known) if known else exc.strerror or str(exc) or type(exc).__name__
