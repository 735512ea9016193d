"""Provides :func:`first_look`: what a data folder shows before its campaign file is opened.

A missing or 0-byte ``campaign.db`` is a new store in a fresh folder and damage
in one that has held a store (its marker, backups or settings are there). The
evidence is written only after the file holds its schema, so it must be looked
at **before** the file: looked at after, a process that creates the store
between the two looks (another window starting at the same moment) makes a fresh
folder look damaged. That happened to 1 of 210 processes opening a fresh folder
at once on a loaded machine in CI: the file was seen empty, then the
other process committed, backed up, and its backup was seen. Every open of the
store takes its first look here (``tests/test_first_look.py`` checks that the
evidence is read nowhere else).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..i18n import _
from . import backups
from .db import RESTORE_ADVICE, check_store_files, empty_file
from .errors import LoadError
from .paths import DB_NAME, MARKER_NAME, SETTINGS_NAME


@dataclass(frozen=True, slots=True)
class FirstLook:
    """The folder's evidence, then its campaign file, seen in that order."""

    held_because: str | None
    """Why the folder has held a campaign file, or None (it may start a new store)."""
    has_backups: bool
    """Backups were there: a 0-byte campaign file is then a truncated one."""
    exists: bool
    """The campaign file is there (and it, its ``-wal`` and ``-shm`` are regular files)."""
    empty: bool
    """The campaign file is there with 0 bytes and no log holding its pages."""

    @property
    def empty_is_damage(self) -> bool:
        """A 0-byte file where backups were: damage, reported so they are offered."""
        return self.empty and self.has_backups

    def refuse_if_missing(self) -> None:
        """A missing campaign file where one has been is damage, never a fresh start.

        Raises:
            LoadError: ``db_damaged``, naming the evidence and ``doctor --restore``.
        """
        if not self.exists and self.held_because is not None:
            raise LoadError(
                "db_damaged",
                DB_NAME,
                _(
                    "campaign file is missing (this folder has held one: {because}); {advice}"
                ).format(because=self.held_because, advice=_(RESTORE_ADVICE)),
            )


def store_evidence(folder: Path) -> tuple[str | None, bool]:
    """Why ``folder`` has held a campaign file (its marker, backups, settings) or
    None, and whether backups are there."""
    has_backups = backups.has_backups(folder)
    if os.path.lexists(folder / MARKER_NAME):
        return "its marker file is there", has_backups
    if has_backups:
        return "backups are there", has_backups
    if os.path.lexists(folder / SETTINGS_NAME):
        return "its settings are there", has_backups
    return None, has_backups


def first_look(folder: Path, path: Path) -> FirstLook:
    """The evidence in ``folder``, then the campaign file at ``path`` (that order: see
    the module's docstring).

    Raises:
        LoadError: the campaign file, its ``-wal`` or ``-shm`` is not a regular file
            (``db_damaged``) or cannot be read (``unreadable``): db.check_store_files.
    """
    held_because, has_backups = store_evidence(folder)
    exists = check_store_files(path)
    return FirstLook(held_because, has_backups, exists, exists and empty_file(path))
