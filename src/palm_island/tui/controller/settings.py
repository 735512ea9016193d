"""Provides :class:`SettingsKeeper`: what is remembered between runs (the theme, the
tutorial's step), kept in the data directory when games are saved there."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ...i18n import _
from ...storage.settings_data import Settings
from .outcomes import Tell

if TYPE_CHECKING:
    from ...tutorial.progress import Progress


class SettingsKeeper:
    """The settings of this run, read from and written to ``settings.json``."""

    def __init__(
        self,
        where: Callable[[], Path | None],
        tell: Tell,
        through_file: Callable[[Settings], bool],
    ) -> None:
        self._where = where
        """Where the file is kept now (``None``: nowhere, this run only)."""
        self._through_file = through_file
        """Writes them through the open campaign file (which checks its folder first);
        ``False`` when none is open for writing."""
        self._tell = tell
        self._settings = Settings()

    @property
    def settings(self) -> Settings:
        return self._settings

    def load(self) -> str | None:
        """Read the settings of earlier runs; a problem with the file, as text."""
        directory = self._where()
        if directory is None:
            return None
        from ...storage.settings import load_settings

        loaded = load_settings(directory)
        self._settings = loaded.settings
        return loaded.problem

    def save(self, settings: Settings) -> None:
        """Remember ``settings`` (in settings.json when games are saved, else this run)."""
        self._settings = settings
        directory = self._where()
        if directory is None:
            return
        from ...storage.settings import save_settings

        try:
            if not self._through_file(settings):
                save_settings(directory, settings)
        except OSError as exc:  # SaveError: a full disk, a file where the folder goes
            self._tell(_("Settings not remembered: {reason}").format(reason=exc), "warning", 6)

    def save_tutorial(self, progress: Progress) -> None:
        """Remember the tutorial step (once finished, it stays finished)."""
        kept = self._settings.tutorial
        done = progress.done or (kept is not None and kept.done)
        self.save(replace(self._settings, tutorial=progress._replace(done=done)))
