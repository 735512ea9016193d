"""Provides :class:`CampaignFile`: the campaign file this window uses, the campaign
new games go to, and the hold on the saved game played (one writer per game).

Opening the file imports the storage layer and pydantic, so the app opens it just
after the first frame (:meth:`CampaignFile.open`); nothing here opens it on a read."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from ...i18n import _
from .outcomes import DEFAULT_CAMPAIGN, Tell

if TYPE_CHECKING:
    from ...storage.errors import LoadError, SaveError
    from ...storage.service import Store
    from ...storage.settings_data import Settings


def store_errors() -> tuple[type[Exception], ...]:
    """What a busy, damaged or changed campaign file raises (imported when needed:
    the title starts without the storage layer)."""
    from ...campaign.service import CampaignError
    from ...storage.errors import LoadError, SaveError

    return (LoadError, SaveError, CampaignError, KeyError)


class CampaignFile:
    """The open campaign file (if games are saved), its campaign and its holds."""

    def __init__(
        self,
        data_dir: Path | None,
        use_store: bool,
        tell: Tell,
        served_folder: tuple[int, int] | None = None,
    ) -> None:
        self._data_dir = data_dir
        self._served_folder = served_folder
        """The (device, inode) of the folder a server serves, for a game it started."""
        self._tell = tell
        self._store: Store | None = None
        self._pending = use_store
        self._problem: LoadError | SaveError | None = None
        self._saving_off: str | None = None
        self._campaign: str | None = None

    @property
    def store(self) -> Store | None:
        """The open file, never opening it."""
        return self._store

    @property
    def pending(self) -> bool:
        """The file is still to be opened (just after the first frame)."""
        return self._pending

    @property
    def problem(self) -> LoadError | SaveError | None:
        """Why the last opening failed (games are then quick games in memory)."""
        return self._problem

    @property
    def saving_off(self) -> str | None:
        """Why games are not saved although the file is open (its folder is
        read-only: it is read as it is; or it went away under the game); ``None``
        when they are saved."""
        return self._saving_off

    @property
    def campaign(self) -> str | None:
        """The campaign new games are played in."""
        return self._campaign

    def open(self) -> LoadError | SaveError | None:
        """Open the file and choose a campaign; the error if it failed."""
        from ...storage.errors import LoadError, SaveError
        from ...storage.service import Store

        self._pending = False
        gone = self._served_folder_problem()
        if gone is not None:  # never a new, empty campaign where the served one was
            self.stop_saving(gone)
            return None
        read_only = self._read_only_folder()
        try:
            self._store = Store.open(self._data_dir, read_only=read_only is not None)
            self._store.holds_games = read_only is None  # one writer per game: held at once
        except (LoadError, SaveError) as exc:
            self._store = None
            self._problem = exc
            return exc
        self._problem = None
        if read_only is not None:
            self._saving_off = _("{folder} is read-only").format(folder=read_only)
            self._tell(
                _(
                    "Saving is off: {folder} is read-only. Games played now are not "
                    "saved; history, replays and analyses read it as it is."
                ).format(folder=read_only),
                "warning",
                12,
            )
        self.choose_default_campaign()
        return None

    def stop_saving(self, problem: str) -> None:
        """The data folder was deleted, moved or replaced under the game: saving stops
        for this run (as in a read-only folder), said once; nothing is written into a
        folder put in its place."""
        if self._saving_off is not None:
            return
        self._saving_off = problem
        self._tell(
            _(
                "Saving is off: {problem}. Games played now are not saved; start the game "
                "again to use the data folder that is there now."
            ).format(problem=problem),
            "error",
            20,
        )

    def _served_folder_problem(self) -> str | None:
        """For a game a server started: why the data folder is not the one the server
        serves (deleted, moved or replaced since), or None."""
        if self._served_folder is None:
            return None
        from ...storage.folder_identity import served_folder_problem
        from ...storage.paths import data_dir

        folder = data_dir(self._data_dir, create=False)
        return served_folder_problem(folder, self._served_folder)

    def save_settings(self, settings: Settings) -> bool:
        """Write ``settings`` through the open file, which checks its folder first;
        ``False`` when no writable file is open (the caller writes them itself)."""
        if self._store is None or self._store.read_only:
            return False
        from ...storage.folder_identity import FolderGone

        try:
            self._store.save_settings(settings)
        except FolderGone as exc:
            self.stop_saving(exc.problem)
        return True

    def _read_only_folder(self) -> Path | None:
        """The data folder when it exists and cannot be written (a read-only mount, a
        folder shared without write access), else ``None``."""
        from ...storage.paths import data_dir, read_only_folder

        try:
            folder = data_dir(self._data_dir, create=False)
        except OSError:
            return None  # opening the store says what is wrong with it
        return folder if folder.is_dir() and read_only_folder(folder) else None

    def close(self) -> None:
        if self._store is not None:
            self._store.close()

    def saves_games(self) -> bool:
        """Whether new games go to a campaign in the file (else quick games: also
        when saving is off)."""
        return self._store is not None and self._campaign is not None and not self._saving_off

    # The campaign ---------------------------------------------------------------------

    def choose(self, name: str | None) -> None:
        """``name`` is the campaign new games go to."""
        self._campaign = name

    def choose_default_campaign(self) -> None:
        """The most recently played campaign, creating the first one if there is none
        (one step in the store: windows starting at once all get the same one)."""
        if self._store is None:
            return
        if self._saving_off is not None:
            self._campaign = self._latest_campaign()
            return
        self._campaign = self._store.default_campaign(_(DEFAULT_CAMPAIGN))

    def _latest_campaign(self) -> str | None:
        """With saving off nothing is created: the most recently played campaign, if any."""
        if self._store is None:
            return None
        with contextlib.suppress(*store_errors()):
            campaigns = self._store.campaigns()
            return campaigns[0].name if campaigns else None
        return None

    def unfinished_count(self) -> int:
        """How many unfinished games the file holds, in every campaign."""
        if self._store is None:
            return 0
        with contextlib.suppress(*store_errors()):
            return self._store.unfinished_count()
        return 0

    # Holds: one window writes a saved game ---------------------------------------------

    def hold(self, game_id: int | None) -> None:
        """Hold saved game ``game_id``; if another window got it first, its next write
        is refused and reloads. ``None``: not stored yet (held with its first move)."""
        if self._store is not None and game_id is not None:
            with contextlib.suppress(*store_errors()):
                self._store.hold_game(game_id)

    def release(self, game_id: int | None) -> None:
        """Let ``game_id`` go. If this fails, the process's end or its silent
        heartbeat frees the hold."""
        if self._store is not None and game_id is not None:
            with contextlib.suppress(*store_errors()):
                self._store.release_game(game_id)

    def renew(self, game_id: int) -> bool | None:
        """Renew the hold on ``game_id``: whether this window still holds it (``None``:
        the file was busy, the next beat tries again).

        Raises:
            FolderGone: the data folder was deleted, moved or replaced.
        """
        if self._store is None:
            return None
        from ...storage.folder_identity import FolderGone

        try:
            return self._store.renew_hold(game_id)
        except FolderGone:
            raise  # the folder went: the caller stops saving and leaves the game
        except store_errors():
            return None
