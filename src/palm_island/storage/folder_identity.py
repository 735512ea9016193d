"""Provides :class:`FolderIdentity`: the data folder a store was opened in, so that
every write to it first checks the folder is still that one.

An open SQLite file lives on after its folder is deleted (``rm -rf``) or moved and a
new one put in its place: the game went on "saving" into a deleted file, and writes
by name (backups, settings) went into the new folder. The store remembers its
folder's and its campaign file's device and inode when it opens them; every write
transaction (:func:`.transaction.tx`), every backup and the settings check them
first, and one that finds the folder gone or changed raises :class:`FolderGone`
(a SaveError: saving stops, as in a read-only folder; nothing is written anywhere).
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from ..i18n import _
from .errors import SaveError


class FolderGone(SaveError):
    """The data folder, or its campaign file, is not the one the store opened."""

    def __init__(self, problem: str) -> None:
        self.problem = problem
        """What happened, for the player: ``the data folder X was deleted or moved…``."""
        super().__init__(
            "", _("{problem}; nothing more is saved (start the game again)").format(problem=problem)
        )


@dataclass(frozen=True, slots=True)
class FolderIdentity:
    """A data folder and its campaign file as they were when the store opened them."""

    folder: Path
    folder_id: tuple[int, int]
    """Device and inode of the folder."""
    file: Path
    file_id: tuple[int, int]
    """Device and inode of the campaign file."""

    @classmethod
    def of(cls, folder: Path, file: Path) -> FolderIdentity:
        """The folder and file as they are now. Raises OSError if either is missing."""
        folder_stat, file_stat = os.stat(folder), os.stat(file)
        return cls(
            folder,
            (folder_stat.st_dev, folder_stat.st_ino),
            file,
            (file_stat.st_dev, file_stat.st_ino),
        )

    def problem(self) -> str | None:
        """What happened to the folder since it was opened, or None (it is the same)."""
        try:
            info = os.stat(self.folder)
        except (FileNotFoundError, NotADirectoryError):
            return _(
                "the data folder {folder} was deleted or moved while the game was open"
            ).format(folder=self.folder)
        except OSError:
            return None  # cannot tell (a permission): the write itself will say
        if (info.st_dev, info.st_ino) != self.folder_id:
            return _(
                "the data folder {folder} was replaced by another one while the game was open"
            ).format(folder=self.folder)
        try:
            info = os.stat(self.file)
        except FileNotFoundError:
            return _("the campaign file in {folder} was deleted while the game was open").format(
                folder=self.folder
            )
        except OSError:
            return None
        if (info.st_dev, info.st_ino) != self.file_id:
            return _("the campaign file in {folder} was replaced while the game was open").format(
                folder=self.folder
            )
        return None

    def check(self) -> None:
        """Raises :class:`FolderGone` (nothing more is saved) if :meth:`problem` finds one."""
        problem = self.problem()
        if problem is not None:
            raise FolderGone(problem)


class StoreConnection(sqlite3.Connection):
    """A connection to a campaign file that knows the folder it was opened in
    (``db.connect`` makes every connection to one this way)."""

    folder: FolderIdentity | None = None
    """Set by the store once it has opened the file; None: not checked (a lock, a
    connection still being opened)."""


def bind_folder(conn: sqlite3.Connection, folder: Path, file: Path) -> None:
    """Remember on ``conn`` the folder and file it was opened in (as they are now).

    Raises:
        FolderGone: either is already gone (deleted while it was being opened).
    """
    if not isinstance(conn, StoreConnection):
        return
    try:
        conn.folder = FolderIdentity.of(folder, file)
    except OSError:
        raise FolderGone(
            _("the data folder {folder} was deleted while it was opened").format(folder=folder)
        ) from None


def folder_of(conn: sqlite3.Connection) -> FolderIdentity | None:
    """The folder ``conn``'s store opened, if it is bound to one."""
    return conn.folder if isinstance(conn, StoreConnection) else None


def check_folder_of(conn: sqlite3.Connection) -> None:
    """Before a write through ``conn``: its store's folder is still the one opened.

    Raises:
        FolderGone: it was deleted or replaced; nothing was written.
    """
    if isinstance(conn, StoreConnection) and conn.folder is not None:
        conn.folder.check()


def folder_id(folder: Path) -> tuple[int, int] | None:
    """The folder's device and inode, or None when there is no folder there."""
    try:
        info = os.stat(folder)
    except OSError:
        return None
    return (info.st_dev, info.st_ino) if os.path.isdir(folder) else None


_held: list[int] = []
"""Descriptors of folders held open for the process's life (:func:`hold_folder`)."""


def hold_folder(folder: Path) -> tuple[int, int] | None:
    """The folder's device and inode, and the folder held open until this process ends:
    a deleted folder's inode number is free for the next folder made (``rm -rf``
    then ``mkdir`` got the same number), but not while a process holds it open. For
    a server, whose folder must be told from one put in its place. None: no folder."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | os.O_CLOEXEC)
    except OSError:
        return None
    _held.append(fd)
    info = os.fstat(fd)
    return (info.st_dev, info.st_ino)


def served_folder_problem(folder: Path, expected: tuple[int, int]) -> str | None:
    """Why ``folder`` is not the folder a server was started on (``expected``: its
    device and inode then), or None. A game a server starts must never create a
    folder in place of the one it serves, nor start an empty campaign in a new one."""
    found = folder_id(folder)
    if found is None:
        return _("the data folder {folder} was deleted or moved after the server started").format(
            folder=folder
        )
    if found != expected:
        return _(
            "the data folder {folder} was replaced by another one after the server started"
        ).format(folder=folder)
    return None


def parse_folder_id(text: str) -> tuple[int, int]:
    """``DEVICE:INODE`` as written by :func:`format_folder_id`. Raises ValueError."""
    device, _colon, inode = text.partition(":")
    return int(device), int(inode)


def format_folder_id(found: tuple[int, int]) -> str:
    return f"{found[0]}:{found[1]}"
