"""Provides :class:`SharedState`: what one window's screens share (the game played,
the kept and tutorial games, the campaign file and campaign, the setup of new games,
settings, pars) and holding the saved game played (one writer per game)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ...storage.settings_data import Settings
from ..config import AppConfig
from ..glyphs import Glyphs, glyphs_for
from .outcomes import DEFAULT_CAMPAIGN, Outcome, Tell, ToTitle

if TYPE_CHECKING:
    from ...engine import Catalog
    from ...records import Difficulty
    from ...session import DeckColour, GameSession
    from ...storage.errors import LoadError, SaveError
    from ...storage.service import Store
    from ...tutorial.progress import Progress
    from ..par import ParBook


def store_errors() -> tuple[type[Exception], ...]:
    """What a busy, damaged or changed campaign file raises (imported when needed:
    the title starts without the storage layer)."""
    from ...campaign.service import CampaignError
    from ...storage.errors import LoadError, SaveError

    return (LoadError, SaveError, CampaignError, KeyError)


def is_stored(session: GameSession | None) -> bool:
    from ...stored_session import StoredSession

    return isinstance(session, StoredSession)


class SharedState:
    """The state of one window's games (see :class:`.Controller` for the rules)."""

    def __init__(self, config: AppConfig, catalog: Catalog | None, tell: Tell) -> None:
        self.config = config
        self._catalog = catalog
        self.tell = tell
        self.glyphs: Glyphs = glyphs_for(config.ascii_only)
        self.next_seed = config.seed if config.seed is not None else config.seed_source()
        self.seed_chosen = config.seed is not None
        """Whether the player chose :attr:`next_seed` (``--seed`` or typed on the title);
        otherwise a finished game rolls a new one."""
        self.deck_colour: DeckColour = config.deck_colour
        self.session: GameSession | None = None
        """The game being played, if any (the game screen shares it)."""
        self.kept: GameSession | None = None
        """A quick game left with ``escape`` for the title: Continue picks it up
        (a campaign game needs no keeping: it is saved move by move)."""
        self.tutorial_session: GameSession | None = None
        """The tutorial's game left with ``escape``, resumed exactly in this run."""
        self.daily_done: dict[int, GameSession] = {}
        """Quick games: the daily deals finished in this run, by seed (one attempt)."""
        self.campaign_name: str | None = None
        """The campaign new games are played in."""
        self.difficulty: Difficulty = "easy"
        self.feat_choice: tuple[str, ...] = ()
        """The setup of the last new game (R31), reused by "new deal"."""
        self.settings = Settings()
        """What is remembered between runs (kept in the data directory when games are saved)."""
        self._store: Store | None = None
        self.saving_off: str | None = None
        """Why games are not saved although the campaign file is open (its folder is
        read-only: it is read as it is); ``None`` when they are saved."""
        self.store_pending = config.use_store
        """The campaign file is still to be opened: just after the first frame, or
        sooner if something asks for :attr:`store`."""
        self.on_store_opened: Callable[[LoadError | SaveError | None], None] = lambda _: None
        """Called once the file was opened on demand (the app refreshes the title)."""
        self.make_pars: Callable[[], ParBook] | None = None
        """Builds the par book (it runs Textual workers: the app provides it)."""
        self._pars: ParBook | None = None

    @property
    def catalog(self) -> Catalog:
        """The cards, read on first use: the title screen starts without the engine."""
        if self._catalog is None:
            from ...storage.catalog_files import standard_catalog

            self._catalog = standard_catalog()
        return self._catalog

    def catalog_loaded(self) -> bool:
        return self._catalog is not None

    @property
    def store(self) -> Store | None:
        """The open campaign file when games are saved. Opening it imports the storage
        layer and pydantic, so the app opens it after the first frame; whatever needs
        it sooner opens it then (and :attr:`on_store_opened` is told)."""
        if self.store_pending:
            self.on_store_opened(self.open_store())
        return self._store

    def open_store(self) -> LoadError | SaveError | None:
        """Open the file and choose a campaign; the error if it failed (games are then
        quick games in memory, and the app shows the damaged-file screen)."""
        from ...storage.errors import LoadError, SaveError
        from ...storage.service import Store

        self.store_pending = False
        gone = self._served_folder_problem()
        if gone is not None:  # never a new, empty campaign where the served one was
            self.stop_saving(gone)
            return None
        read_only = self._read_only_folder()
        try:
            self._store = Store.open(self.config.data_dir, read_only=read_only is not None)
            self._store.holds_games = read_only is None  # one writer per game: held at once
        except (LoadError, SaveError) as exc:
            self._store = None
            return exc
        if read_only is not None:
            self.saving_off = f"{read_only} is read-only"
            self.tell(
                f"Saving is off: {read_only} is read-only. Games played now are not "
                "saved; history, replays and analyses read it as it is.",
                "warning",
                12,
            )
        self.choose_default_campaign()
        return None

    def stop_saving(self, problem: str) -> None:
        """The data folder was deleted, moved or replaced under the game: saving stops
        for this run (as in a read-only folder), said once; nothing is written into a
        folder put in its place."""
        if self.saving_off is not None:
            return
        self.saving_off = problem
        self.tell(
            f"Saving is off: {problem}. Games played now are not saved; start the game "
            "again to use the data folder that is there now.",
            "error",
            20,
        )

    def _served_folder_problem(self) -> str | None:
        """For a game a server started: why the data folder is not the one the server
        serves (deleted, moved or replaced since), or None."""
        if self.config.served_folder is None:
            return None
        from ...storage.folder_identity import served_folder_problem
        from ...storage.paths import data_dir

        folder = data_dir(self.config.data_dir, create=False)
        return served_folder_problem(folder, self.config.served_folder)

    def _read_only_folder(self) -> Path | None:
        """The data folder when it exists and cannot be written (a read-only mount, a
        folder shared without write access), else ``None``."""
        from ...storage.paths import data_dir, read_only_folder

        try:
            folder = data_dir(self.config.data_dir, create=False)
        except OSError:
            return None  # opening the store says what is wrong with it
        return folder if folder.is_dir() and read_only_folder(folder) else None

    @property
    def pars(self) -> ParBook:
        """Each deal's par, searched in the background (created on first use)."""
        if self._pars is None:
            if self.make_pars is None:
                raise RuntimeError("no par book: the app provides make_pars")
            self._pars = self.make_pars()
        return self._pars

    def store_if_open(self) -> Store | None:
        """The file if it is open, never opening it (the par book, closing)."""
        return self._store

    def close(self) -> None:
        """Keep a par line found since the UI last asked, then release the file."""
        if self._store is not None:
            if self._pars is not None:
                self._pars.flush()
            self._store.close()

    def choose_default_campaign(self) -> None:
        """The most recently played campaign, creating the first one if there is none
        (one step in the store: windows starting at once all get the same one)."""
        if self._store is None:
            return
        if self.saving_off is not None:
            self.campaign_name = self._latest_campaign()
            return
        self.campaign_name = self._store.default_campaign(DEFAULT_CAMPAIGN)

    def _latest_campaign(self) -> str | None:
        """With saving off nothing is created: the most recently played campaign, if any."""
        if self._store is None:
            return None
        with contextlib.suppress(*store_errors()):
            campaigns = self._store.campaigns()
            return campaigns[0].name if campaigns else None
        return None

    def saves_games(self) -> bool:
        """Whether new games go to a campaign in the file (else quick games: also
        when saving is off)."""
        return self.store is not None and self.campaign_name is not None and not self.saving_off

    def unfinished_count(self) -> int:
        """How many unfinished games the file holds, in every campaign."""
        if self.store is None:
            return 0
        from ...storage.errors import LoadError, SaveError

        try:
            return self.store.unfinished_count()
        except (LoadError, SaveError):
            return 0

    def kept_note(self) -> str | None:
        """What a new deal says when unfinished games exist: they are kept, and where."""
        waiting = self.unfinished_count()
        if not waiting:
            return None
        games = "game is" if waiting == 1 else f"{waiting} games are"
        return f"Your unfinished {games} kept: Saved games (s) on the title."

    def campaign_check(self) -> tuple[bool, Outcome]:
        """Before anything that uses the current campaign: whether it is still in the
        file. If it was renamed or deleted elsewhere, say so, make the most recent one
        current and go to the title (a safe screen showing it)."""
        store, name = self.store, self.campaign_name
        if store is None or name is None:
            return True, None
        try:
            if any(c.name == name for c in store.campaigns()):
                return True, None
            self.choose_default_campaign()
        except store_errors() as exc:
            self.tell(f"Cannot read the campaigns: {exc}", "error", 8)
            return False, None
        self.tell(
            f"The campaign {name!r} is no longer in the campaign file (renamed or deleted "
            f"elsewhere); now in {self.campaign_name!r}.",
            "warning",
            10,
        )
        return False, ToTitle()

    def hold(self) -> None:
        """Hold the saved game being played; if another window got it first, its next
        write is refused and reloads."""
        game_id = getattr(self.session, "game_id", None)
        if self._store is not None and is_stored(self.session) and game_id is not None:
            with contextlib.suppress(*store_errors()):
                self._store.hold_game(game_id)

    def release(self) -> None:
        """Let the game being played go (for the title, or another game). If this fails,
        the process's end or its silent heartbeat frees the hold."""
        game_id = getattr(self.session, "game_id", None)
        if self._store is not None and is_stored(self.session) and game_id is not None:
            with contextlib.suppress(*store_errors()):
                self._store.release_game(game_id)

    def _settings_dir(self) -> Path | None:
        """Where settings are kept: the data directory, when games are saved there."""
        if not self.config.use_store or self.saving_off is not None:
            return None
        from ...storage.paths import data_dir

        return data_dir(self.config.data_dir, create=False)

    def load_settings(self) -> str | None:
        """Read the settings of earlier runs; a problem with the file, as text."""
        directory = self._settings_dir()
        if directory is None:
            return None
        from ...storage.settings import load_settings

        loaded = load_settings(directory)
        self.settings = loaded.settings
        return loaded.problem

    def save_settings(self, settings: Settings) -> None:
        """Remember ``settings`` (in settings.json when games are saved, else this run)."""
        self.settings = settings
        directory = self._settings_dir()
        if directory is None:
            return
        from ...storage.folder_identity import FolderGone
        from ...storage.settings import save_settings

        try:
            if self._store is not None and not self._store.read_only:
                self._store.save_settings(self.settings)  # its folder checked first
            else:
                save_settings(directory, self.settings)
        except FolderGone as exc:
            self.stop_saving(exc.problem)
        except OSError as exc:  # SaveError: a full disk, a file where the folder goes
            self.tell(f"Settings not remembered: {exc}", "warning", 6)

    def save_tutorial(self, progress: Progress) -> None:
        """Remember the tutorial step (once finished, it stays finished)."""
        done = progress.done or (self.settings.tutorial is not None and self.settings.tutorial.done)
        self.save_settings(replace(self.settings, tutorial=progress._replace(done=done)))

    def leave_tutorial(self, session: GameSession, progress: Progress) -> None:
        """The tutorial is left: its step is kept (and its game, for this run)."""
        self.tutorial_session = None if session.state.is_over else session
        self.save_tutorial(progress)
