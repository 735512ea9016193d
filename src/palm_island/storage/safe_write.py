"""Provides the one way the program writes a file: exports, settings, backups, caches.

Every file is written the same way, so a crash, a kill or a full disk at any
instant leaves the old file or the new one, never a mix, and never anything
but the file asked for:

1. a temp file beside the target, created exclusively (``O_CREAT|O_EXCL|O_NOFOLLOW``,
   mode 0600 unless the caller says otherwise): a planted file or symlink under
   its name is never followed or truncated;
2. the data written and ``fsync``-ed;
3. published atomically: ``rename`` over the target when replacing is allowed, else
   ``link`` (which fails if the target appeared meanwhile, so an existing file is
   never replaced without ``--force``);
4. the directory ``fsync``-ed, so the new name survives a power cut.

Where the system offers it (Linux: ``O_TMPFILE``), :func:`write_file`'s temp file
has no name until it is complete, so a writer killed at any instant (even by
SIGKILL) leaves nothing in the folder. Elsewhere, temp names hold the writer's pid:
:func:`clean_stale` removes those whose process is gone. Every filesystem write of
the program passes here (the fault-injection suite fails each step in turn). Every
failure is a :class:`SaveError`, with nothing left behind.
"""

from __future__ import annotations

import contextlib
import errno
import os as os  # re-exported: the power-loss tests replace it with a fake disk
import secrets
import sqlite3
import stat
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from ..i18n import N_, _
from .errors import SaveError

_CREATE: Final = (
    os.O_WRONLY
    | os.O_CREAT
    | os.O_EXCL
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
)
Finish = Callable[[sqlite3.Connection], None]
"""Adds to a fresh database copy before it is published (a backup's label)."""
TEMP_SUFFIXES: Final = (".tmp", ".tmp-journal", ".tmp-wal", ".tmp-shm")


class TargetExists(SaveError):
    """The target exists and replacing it was not asked for (``--force``)."""


def reason(exc: OSError) -> str:
    """An OS error as a few words: ``no space left on the device``."""
    from ..os_reasons import os_reason

    return os_reason(exc)


def temp_name(target: Path) -> Path:
    """``.NAME.PID-RANDOM.tmp`` beside ``target``: unique, and tells whose it is."""
    return target.with_name(f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")


def _create_temp(target: Path, mode: int) -> tuple[int, Path]:
    """The exclusive temp file for ``target``; first, temps of the same target left by
    a writer that was killed (in a player's folder, where no store start cleans)."""
    clean_stale(target.parent, prefix=f".{target.name}.")
    temp = temp_name(target)
    return os.open(temp, _CREATE, mode), temp


def _create_anonymous(target: Path, mode: int) -> int | None:
    """A temp file with no name in ``target``'s folder (``O_TMPFILE``), or None where
    the system or the file system has none: a kill before it is published leaves
    nothing behind. Not ``O_EXCL``: that would forbid giving it a name."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag or not hasattr(os, "path") or not os.path.isdir("/proc/self/fd"):
        return None
    clean_stale(target.parent, prefix=f".{target.name}.")  # a release before this one's
    try:
        return os.open(target.parent, os.O_WRONLY | flag | getattr(os, "O_CLOEXEC", 0), mode)
    except OSError as exc:
        if exc.errno in (errno.EOPNOTSUPP, errno.ENOTSUP, errno.EISDIR, errno.EINVAL):
            return None  # a file system without unnamed files
        raise


def _publish_anonymous(fd: int, target: Path, replace: bool) -> None:
    """Give the complete unnamed file ``target``'s name: directly when the target must
    not be replaced (the link fails if it exists), else a temp name renamed over it
    (the name lives for the rename only)."""
    if not replace:
        try:
            _link_fd(fd, target)
        except FileExistsError:
            raise TargetExists(target.name, _("already exists; it was kept")) from None
        return
    temp = temp_name(target)
    _link_fd(fd, temp)
    try:
        os.replace(temp, target)
    except BaseException:
        _discard(temp)
        raise


def _link_fd(fd: int, name: Path) -> None:
    """``linkat`` of the open file ``fd`` to ``name``, following ``/proc/self/fd``'s link
    (``AT_SYMLINK_FOLLOW``: Python passes it only with a directory fd given)."""
    folder = os.open(name.parent, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.link(f"/proc/self/fd/{fd}", name.name, dst_dir_fd=folder, follow_symlinks=True)
    finally:
        os.close(folder)


def not_written(target: Path, exc: OSError) -> SaveError:
    """Why ``target`` was not written, naming its folder when the folder is the problem
    (missing, not a folder, not writable): ``g.json: not written: there is no folder
    /nonexistent/dir``."""
    folder = target.parent
    if exc.errno in (errno.ENOENT, errno.ENOTDIR) and not os.path.isdir(folder):
        if os.path.lexists(folder):
            return SaveError(
                target.name, _("not written: {folder} is not a folder").format(folder=folder)
            )
        return SaveError(
            target.name, _("not written: there is no folder {folder}").format(folder=folder)
        )
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS) and not os.access(folder, os.W_OK):
        return SaveError(
            target.name,
            _("not written: the folder {folder}: {reason}").format(
                folder=folder, reason=reason(exc)
            ),
        )
    return SaveError(target.name, _("not written: {reason}").format(reason=reason(exc)))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _fsync_fd(fd: int) -> None:
    os.fsync(fd)


def fsync_dir(folder: Path) -> None:
    """Make a rename or a new name in ``folder`` durable."""
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _publish(temp: Path, target: Path, replace: bool) -> None:
    if replace:
        os.replace(temp, target)
        return
    try:
        os.link(temp, target, follow_symlinks=False)
    except FileExistsError:
        raise TargetExists(target.name, _("already exists; it was kept")) from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
            raise
        # No hard links here (some network or FAT file systems): check, then rename.
        if os.path.lexists(target):
            raise TargetExists(target.name, _("already exists; it was kept")) from None
        os.replace(temp, target)
        return
    remove(temp)


def _discard(temp: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(temp)


def refuse_existing(target: Path, replace: bool) -> None:
    if not replace and os.path.lexists(target):
        raise TargetExists(target.name, _("already exists; it was kept"))


def write_file(
    target: Path,
    data: bytes,
    *,
    replace: bool,
    mode: int = 0o600,
    protected: Sequence[Path] = (),
) -> None:
    """Write ``data`` as ``target``, atomically (see the module's docstring).

    ``replace=False`` keeps an existing target (:class:`TargetExists`);
    ``protected`` names files that may never be the target (the store's own),
    compared by resolved path and by device and inode, so a symlink, a hard link or
    a relative path to one is refused too.

    Raises:
        SaveError: nothing was written and no temp file is left.
    """
    refuse_protected(target, protected)
    refuse_existing(target, replace)
    try:
        anonymous = _create_anonymous(target, mode)
    except OSError as exc:
        raise not_written(target, exc) from None
    if anonymous is not None:
        _write_anonymous(anonymous, target, data, replace)
        return
    try:
        fd, temp = _create_temp(target, mode)
    except OSError as exc:
        raise not_written(target, exc) from None
    try:
        try:
            _write_all(fd, data)
            _fsync_fd(fd)
        finally:
            os.close(fd)
        _publish(temp, target, replace)
        fsync_dir(target.parent)
    except TargetExists:
        _discard(temp)
        raise
    except OSError as exc:
        _discard(temp)
        raise not_written(target, exc) from None
    except BaseException:
        _discard(temp)
        raise


def _write_anonymous(fd: int, target: Path, data: bytes, replace: bool) -> None:
    """:func:`write_file` through an unnamed temp file: on any failure it is closed
    and so gone, with nothing to clean."""
    try:
        try:
            _write_all(fd, data)
            _fsync_fd(fd)
            _publish_anonymous(fd, target, replace)
        finally:
            os.close(fd)
        fsync_dir(target.parent)
    except TargetExists:
        raise
    except OSError as exc:
        raise not_written(target, exc) from None


def sqlite_copy(
    source: sqlite3.Connection,
    target: Path,
    *,
    replace: bool,
    finish: Finish | None = None,
    before_publish: Callable[[], None] | None = None,
) -> None:
    """Write a consistent copy of the database ``source`` as ``target``, atomically.

    SQLite's online backup API fills an exclusively created temp file; the copy is
    switched to a rollback journal (a copy never needs a ``-wal`` beside it), then
    ``finish(copy)`` may add to it (the backup's label); then fsync,
    ``before_publish()`` (a restore sets the damaged file aside there), and publish.

    Raises:
        SaveError: nothing was written and no temp file is left.
    """
    refuse_existing(target, replace)
    try:
        fd, temp = _create_temp(target, 0o600)
        os.close(fd)
    except OSError as exc:
        raise not_written(target, exc) from None
    try:
        dest = sqlite3.connect(temp, isolation_level=None)
        # No fsync per statement: the whole file is fsync-ed below, before it is published.
        dest.execute("PRAGMA synchronous = OFF")
        try:
            source.backup(dest)
            dest.execute("PRAGMA journal_mode = DELETE")
            if finish is not None:
                finish(dest)
        finally:
            dest.close()
        fd = os.open(temp, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        try:
            _fsync_fd(fd)
        finally:
            os.close(fd)
        if before_publish is not None:
            before_publish()
        _publish(temp, target, replace)
        fsync_dir(target.parent)
    except TargetExists:
        _discard_all(temp)
        raise
    except (OSError, sqlite3.Error) as exc:
        _discard_all(temp)
        text = reason(exc) if isinstance(exc, OSError) else str(exc)
        raise SaveError(target.name, _("not written: {reason}").format(reason=text)) from None
    except BaseException:
        _discard_all(temp)
        raise


def _discard_all(temp: Path) -> None:
    _discard(temp)
    for suffix in ("-journal", "-wal", "-shm"):
        _discard(temp.with_name(temp.name + suffix))


def link_aside(source: Path, target: Path) -> None:
    """Give ``source`` a second name ``target`` (never replacing one), so it is kept
    whatever happens to ``source`` next; a copy where hard links are impossible.

    Raises:
        SaveError: nothing was linked or copied.
    """
    try:
        try:
            os.link(source, target, follow_symlinks=False)
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
                raise
            fd = os.open(source, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
            try:
                data = b"".join(iter(lambda: os.read(fd, 1 << 20), b""))
            finally:
                os.close(fd)
            write_file(target, data, replace=False)
            return
        fsync_dir(target.parent)
    except SaveError:
        raise
    except OSError as exc:
        raise SaveError(target.name, _("not kept: {reason}").format(reason=reason(exc))) from None


def remove(path: Path) -> None:
    """Delete one file of ours (a rotated backup, a used temp); a missing one is fine.

    Raises:
        SaveError: it could not be deleted.
    """
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SaveError(path.name, _("not removed: {reason}").format(reason=reason(exc))) from None


OWNER_ONLY: Final = 0o600
"""The mode of every file the game makes in its data and cache folders (folders: 0700)."""


def create_owner_only(path: Path) -> None:
    """Create ``path`` empty with mode 0600 (whatever the umask) if it is missing, never
    through a link (a dangling one is refused): for a file another program then fills
    in place. SQLite
    gives a database's ``-wal`` and ``-shm`` the mode of the database file, so the
    campaign file made this way before SQLite opens it keeps all three owner-only
    (a umask set around the open would be process-wide, not thread-safe).

    Raises:
        SaveError: it could not be created.
    """
    try:
        fd = os.open(path, _CREATE, OWNER_ONLY)
    except FileExistsError:
        if os.path.islink(path) and not os.path.exists(path):  # it would create its target
            raise SaveError(path.name, _("is a link to nothing; move it away")) from None
        return
    except OSError as exc:
        raise not_written(path, exc) from None
    try:
        os.fchmod(fd, OWNER_ONLY)
    except OSError as exc:
        raise not_written(path, exc) from None
    finally:
        os.close(fd)


def make_owner_only(paths: Sequence[Path]) -> None:
    """Take group's and others' access away from these files of the player's (a
    campaign file an older release made 0644, and its ``-wal``/``-shm``). A link, a
    file of another user, a read-only mount or a missing file is left as it is; never
    raises: the file works either way."""
    for path in paths:
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            fd = os.open(path, flags)
        except OSError:
            continue
        try:
            info = os.fstat(fd)
            mode = stat.S_IMODE(info.st_mode)
            if stat.S_ISREG(info.st_mode) and info.st_uid == os.geteuid() and mode & 0o077:
                os.fchmod(fd, mode & 0o700)
        except OSError:
            pass
        finally:
            os.close(fd)


LINKED_FOLDER: Final = N_(
    "is a link to another folder; the game writes only in a folder of its own here: "
    "move the link away"
)
"""Why a folder of the game's own (``backups``) that is a symbolic link is refused."""


def make_dir(path: Path, *, parents: bool = False, follow: bool = True) -> None:
    """Create a folder of ours (mode 0700: campaigns are the player's own).

    ``follow=False`` (a folder the game makes inside its data folder, ``backups``):
    a symbolic link there is refused, never written through, as ``settings.json``
    is never written through one; the data folder itself may be a link the player made.

    Raises:
        SaveError: a file or link is in the way, or it cannot be created; said plainly.
    """
    try:
        info = os.stat(path) if follow else os.lstat(path)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SaveError(
            str(path), _("cannot use this folder: {reason}").format(reason=reason(exc))
        ) from None
    else:
        if stat.S_ISLNK(info.st_mode):
            raise SaveError(path.name, _(LINKED_FOLDER))
        if not stat.S_ISDIR(info.st_mode):
            raise SaveError(str(path), _("is a file, not a folder; move it away"))
        return
    try:
        if parents:
            os.makedirs(path, mode=0o700, exist_ok=True)
        else:
            os.mkdir(path, mode=0o700)
    except FileExistsError:
        if not os.path.isdir(path):
            raise SaveError(str(path), _("is a file, not a folder; move it away")) from None
    except OSError as exc:
        raise SaveError(
            str(path), _("cannot create this folder: {reason}").format(reason=reason(exc))
        ) from None


def refuse_protected(target: Path, protected: Sequence[Path]) -> None:
    """Refuse ``target`` if it is, or names through any link, one of ``protected``.

    Raises:
        SaveError: naming the file; nothing is written.
    """
    if not protected:
        return
    resolved = target.resolve(strict=False)
    try:
        info: os.stat_result | None = os.stat(target)
    except OSError:
        info = None
    for own in protected:
        same_name = own.resolve(strict=False) == resolved
        same_file = False
        if info is not None:
            with contextlib.suppress(OSError):
                mine = os.stat(own)
                same_file = (mine.st_dev, mine.st_ino) == (info.st_dev, info.st_ino)
        if same_name or same_file:
            raise SaveError(
                target.name,
                _("is one of the game's own files (the campaign store); not written"),
            )


def clean_stale(folder: Path, prefix: str = "") -> list[Path]:
    """Remove temp files (``.NAME.PID-X.tmp``, and SQLite's journals of one) left by a
    process that is gone (killed mid-write); with ``prefix``, only the names starting
    with it (one target's). Returns what was removed."""
    removed: list[Path] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        if not name.startswith(prefix):
            continue
        # ".NAME.PID-X.tmp" now; "campaign.KIND.db.PID.tmp" from releases before 0.2.
        if not name.startswith((".", "campaign.")) or not name.endswith(TEMP_SUFFIXES):
            continue
        pid = _pid_of(name)
        if pid is None or _alive(pid):
            continue
        path = folder / name
        with contextlib.suppress(OSError):
            remove(path)
            removed.append(path)
    return removed


def _pid_of(name: str) -> int | None:
    stem = name.split(".tmp")[0]
    tag = stem.rsplit(".", 1)[-1]
    digits = tag.split("-", 1)[0]
    return int(digits) if digits.isdigit() else None


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True
