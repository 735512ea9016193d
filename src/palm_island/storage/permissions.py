"""Provides :func:`no_permission`: a store file the player may not use, said as what it
is (a permission, not damage), with who owns it and the command that fixes it.

A mode-000 ``campaign.db`` is not damaged and a backup must never be offered for
it: restoring would set the player's real file aside for an older copy.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from ..i18n import _
from .errors import LoadError


def _user(uid: int) -> str:
    try:
        import pwd

        return pwd.getpwuid(uid).pw_name
    except (ImportError, KeyError):
        return _("user {uid}").format(uid=uid)


def no_permission(path: Path, *, write: bool = False) -> LoadError | None:
    """Why this process may not read (or, with ``write``, also write) ``path``, as an
    ``unreadable`` LoadError naming the owner and the fix; None if it may, or if the
    file is missing (that is another question)."""
    mode = os.R_OK | (os.W_OK if write else 0)  # chmod u+rw gives both
    try:
        info = os.stat(path)
    except OSError:
        return None
    if os.access(path, mode):
        return None
    me, owner = _user(os.geteuid()), _user(info.st_uid)
    quoted = shlex.quote(str(path))
    # Short, so the fix fits the message's 200 characters with a long path.
    if info.st_uid == os.geteuid():
        why = _("permission denied, not damaged: it is yours; `chmod u+rw {path}` fixes it")
    else:
        why = _(
            "permission denied, not damaged: it belongs to {owner}, not {me}; "
            "`sudo chown {me} {path}` fixes it"
        )
    return LoadError("unreadable", str(path), why.format(path=quoted, owner=owner, me=me))
