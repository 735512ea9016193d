"""Provides :class:`PalmIslandApp` and :func:`make_app`, the terminal game.

The CLI and the tests build the app the same way (:func:`make_app`). The app
owns navigation between screens and app-wide keys (help, quit with confirmation,
the "terminal too small" guard); each screen owns its part of the game. Only the
title screen is imported at start-up: the game, end, help and modal screens are
imported when first shown, so the first frame comes sooner.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.command import CommandInput, CommandPalette, Provider, SearchIcon
from textual.geometry import Size

from ..storage.settings_data import Settings
from . import layout
from .glyphs import Glyphs, glyphs_for
from .plain import notify_plain
from .screens.title import TitleScreen

if TYPE_CHECKING:
    from textual.driver import Driver

    from ..engine import Catalog
    from ..records import Difficulty
    from ..session import DeckColour, GameSession
    from ..solver import Budget
    from ..storage.service import Store
    from ..tutorial.progress import Progress
    from .exit_guard import ExitGuard
    from .par import ParBook
    from .screens.tutorial import TutorialScreen


def _random_seed() -> int:
    import random

    return random.SystemRandom().randrange(1_000_000)


@dataclass
class AppConfig:
    """What the CLI or a test decides before the app starts."""

    seed: int | None = None
    """The seed offered on the title screen; ``None`` draws one."""
    ascii_only: bool = False
    """Plain ASCII glyphs for terminals without good Unicode (``--ascii``)."""
    deck_colour: DeckColour = "blue"
    seed_source: Callable[[], int] = field(default=_random_seed)
    """Where "new deal" seeds come from; tests pass a fixed sequence."""
    exit_guard: ExitGuard | None = None
    """Ends the process once its terminal is gone or on SIGTERM/SIGHUP (real runs
    only, not tests); the app connects its event loop to it at mount."""
    start_in_game: bool = False
    """Skip the title and the deck preview (benchmarks)."""
    deal_seed: bool = False
    """``play --seed N``: deal :attr:`seed` at once, as "New game" on the title would (a
    saved game still asks its difficulty and feats, R31; quick games start at once)."""
    use_store: bool = False
    """Save games in the campaign file (``make play``); off: quick games in memory."""
    replay_file: Path | None = None
    """A record to open in the replay viewer at start (``palm-island replay FILE``)."""
    data_dir: Path | None = None
    """Where the campaign file is (``--data-dir``; None: $PALM_ISLAND_DATA_DIR or
    the user data dir, see storage/paths.py)."""
    hint_budget: Budget | None = None
    """The solver's effort for ``h``; ``None`` is ``solver.HINT_BUDGET`` (tests pass others)."""
    par_budget: Budget | None = None
    """The effort for each deal's par; ``None`` is ``solver.DEFAULT_BUDGET`` (as ``daily``)."""
    analysis_budget: Budget | None = None
    """The effort for the analysis screen; ``None`` is ``solver.ANALYSIS_BUDGET``."""
    compute_par: bool = True
    par_cache: bool = True
    """Keep the daily deal's par in the user cache (as ``daily`` does); tests turn it
    off or point PALM_ISLAND_CACHE_DIR elsewhere."""
    """Search each deal's par in the background (off for benchmarks of the UI)."""
    today: dt.date | None = None
    """The date of the daily deal; ``None`` reads the clock (tests fix it)."""


def _game_commands() -> type[Provider]:
    """The game's command palette entries (:mod:`.commands`, imported when first opened)."""
    from .commands import GameCommands

    return GameCommands


class PalmIslandApp(App[None]):
    """Palm Island in the terminal.

    App keys: ``?`` help, ``q`` / ``ctrl+q`` / ``ctrl+c`` quit (asking first while a
    game is in progress). The command palette (``ctrl+p``) has the game's commands
    (:mod:`.commands`) and Textual's (the theme, remembered between runs).
    """

    TITLE = "Palm Island"
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {
        *App.COMMANDS,
        _game_commands,
    }
    CSS_PATH: ClassVar[list[str | PurePath]] = [
        *sorted(Path(__file__).parent.glob("widgets/*.tcss")),  # widgets have no CSS_PATH
        Path(__file__).with_name("palm_island.tcss"),  # absolute: subclasses elsewhere too
    ]
    HORIZONTAL_BREAKPOINTS = layout.HORIZONTAL_BREAKPOINTS
    """``-narrow`` on every screen below the table's width: the compact layout."""
    VERTICAL_BREAKPOINTS = layout.VERTICAL_BREAKPOINTS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("q", "request_quit", "Quit"),
        Binding("ctrl+q", "request_quit", "Quit", show=False, priority=True),
        Binding("ctrl+c", "request_quit", "Quit", show=False, priority=True),
    ]

    def __init__(
        self,
        catalog: Catalog | None,
        config: AppConfig,
        *,
        driver_class: type[Driver] | None = None,
    ) -> None:
        super().__init__(driver_class=driver_class)
        self._catalog = catalog
        self.config = config
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
        self._store: Store | None = None
        self.store_pending = config.use_store
        """The campaign file is still to be opened: just after the first frame, or
        sooner if something asks for :attr:`store` (see :meth:`on_ready`)."""
        self.campaign_name: str | None = None
        """The campaign new games are played in."""
        self.difficulty: Difficulty = "easy"
        self.feat_choice: tuple[str, ...] = ()
        """The setup of the last new game (R31), reused by "new deal"."""
        self._pars: ParBook | None = None
        self.settings = Settings()
        """What is remembered between runs (kept in the data directory when games are saved)."""
        self.tutorial_session: GameSession | None = None
        """The tutorial's game left with ``escape``, resumed exactly in this run."""
        self.daily_done: dict[int, GameSession] = {}
        """Quick games: the daily deals finished in this run, by seed (one attempt)."""

    @property
    def store(self) -> Store | None:
        """The open campaign file when games are saved (see :mod:`.campaigns`).

        Opening it imports the storage layer and pydantic, which would double the
        time to the first frame, so the title is drawn first and the file opened
        right after (:meth:`on_ready`); a key that needs it sooner opens it then.
        """
        if self.store_pending:
            self._open_campaign_file()
        return self._store

    @store.setter
    def store(self, value: Store | None) -> None:
        self._store = value

    def _open_campaign_file(self) -> None:
        """Open the file, then show the title's campaign menu (or the damage notice)."""
        from .campaigns import open_store

        self.store_pending = False
        damaged = open_store(self)
        self.refresh_title()
        if damaged is not None:
            from .screens.damaged import DamagedScreen

            # After whatever the caller is doing, so nothing pops it straight away.
            self.call_later(self.push_screen, DamagedScreen(damaged))
        elif self.config.replay_file is not None:
            self.call_later(self.open_replay_file, self.config.replay_file)
        elif self.config.deal_seed:
            self.call_later(self._deal_chosen_seed)

    def _deal_chosen_seed(self) -> None:
        """``play --seed N``: once, the title's "New game" with that seed."""
        self.config.deal_seed = False
        title = self.screen
        if isinstance(title, TitleScreen):
            title.action_entry("new")

    @property
    def catalog(self) -> Catalog:
        """The cards, read on first use: the title screen starts without the engine."""
        if self._catalog is None:
            from ..storage.catalog_files import standard_catalog

            self._catalog = standard_catalog()
        return self._catalog

    def on_mount(self) -> None:
        self._load_settings()
        if self.config.ascii_only:
            self.add_class("-ascii")
        if self.config.exit_guard is not None:
            # The guard's threads ask for the exit through the loop; every move is
            # already committed, and the status is 128 + signal, as for a program
            # the signal ended, so a script or shell sees the game did not just end.
            loop = asyncio.get_running_loop()
            self.config.exit_guard.connect(
                lambda status: loop.call_soon_threadsafe(self.exit, None, status)
            )
        if self.config.start_in_game:
            self.start_game(self.new_session(self.next_seed, self.deck_colour), preview=False)
        else:
            self.push_screen(TitleScreen())
        if self.config.replay_file is not None and not self.store_pending:
            self.open_replay_file(self.config.replay_file)
        self._check_size()

    def on_unmount(self) -> None:
        """Every move is already committed; closing only releases the file (after
        keeping a par line found since the UI last asked for one). From here the
        process must end soon whatever follows (Textual's driver closing, the
        interpreter's exit): the exit guard's deadline is armed with the app's status."""
        if self._store is not None:  # never open the file just to close it
            if self._pars is not None:
                self._pars.flush()
            self._store.close()
        if self.config.exit_guard is not None:
            self.config.exit_guard.fire(self.return_code or 0, ask=False)

    def on_command_palette_opened(self, message: CommandPalette.Opened) -> None:
        """With ``--ascii``, the palette's search icon is ``>``, not Textual's ``🔎``,
        and its prompt ends in ``...``, not ``…``."""
        if self.config.ascii_only:
            for icon in self.screen.query(SearchIcon):
                icon.icon = ">"
            for prompt in self.screen.query(CommandInput):
                prompt.placeholder = prompt.placeholder.replace("…", "...")

    def on_ready(self) -> None:
        """After the first frame: open the campaign file (if games are saved), then
        load the engine and the cards in the background."""
        if self.store_pending:
            self._open_campaign_file()
        if self.config.use_store:
            from ..storage.holders import HEARTBEAT_EVERY
            from .holding import heartbeat

            self.set_interval(HEARTBEAT_EVERY, lambda: heartbeat(self))
        if self._catalog is None or self.config.use_store:
            self.run_worker(self._preload, thread=True, exit_on_error=False)

    def _preload(self) -> None:
        from ..storage.catalog_files import standard_catalog, standard_feats

        standard_catalog()
        if self.config.use_store:  # campaign games carry feats, validated with pydantic
            standard_feats()

    # Navigation -----------------------------------------------------------------

    def new_session(
        self, seed: int, colour: DeckColour, *, practice: bool = False, official: bool = False
    ) -> GameSession:
        """A new game: saved in the current campaign if there is one (with its first
        move: a deal only looked at is no saved game), else in memory. ``official``:
        the daily deal's one attempt of the day (stored only if no other window
        stored it first)."""
        from ..session import GameSession

        self.deck_colour = colour
        if self.store is not None and self.campaign_name is not None:
            from ..stored_session import StoredSession

            stored = self.store.new_game(
                self.campaign_name,
                difficulty=self.difficulty,
                feats=self.feat_choice,
                seed=seed,
                deck_colour=colour,
                deferred=True,
                practice=practice,
                official=official,
            )
            return StoredSession(stored)
        session = GameSession.from_seed(self.catalog, seed, deck_colour=colour)
        session.practice = practice
        return session

    def start_game(self, session: GameSession, *, preview: bool = True) -> None:
        """Leave whatever is shown (down to the title) and begin ``session``.

        R6: before the first turn the whole deck is shown, unless ``preview`` is off.
        """
        self._pop_to_title()
        from .holding import hold, release

        release(self)  # one writer per game: let the previous one go, hold this one
        self.session = session
        hold(self)
        self.kept = None  # a new game replaces a kept one (the title asked first)
        if self.config.compute_par:
            self.pars.request(session.start, session.seed)
        if preview:
            from .screens.preview import PreviewScreen

            self.push_screen(PreviewScreen(session))
        else:
            from .screens.game import GameScreen

            self.push_screen(GameScreen(session))

    def open_replay_file(self, path: Path) -> None:
        """Show a record file in the replay viewer (``palm-island replay FILE``)."""
        from .screens.replay import ReplayScreen, load_replay

        try:
            replay = load_replay(path, self.catalog)
        except ValueError as exc:
            notify_plain(self, f"Cannot replay {path.name}: {exc}", severity="error", timeout=10)
            return
        self.push_screen(ReplayScreen(replay))

    @property
    def pars(self) -> ParBook:
        """Each deal's par, searched in the background (created on first use)."""
        if self._pars is None:
            from ..solver import DEFAULT_BUDGET
            from .par import ParBook

            self._pars = ParBook(
                self,
                self.config.par_budget or DEFAULT_BUDGET,
                lambda: self._store,
                use_cache=self.config.par_cache,
            )
        return self._pars

    def start_daily(self, colour: DeckColour) -> None:
        """Today's daily deal, the same deal for everyone on this date, one official
        attempt a day: an unfinished one resumes, a finished one shows its result and
        offers a practice game (see :func:`.screens.title_store.open_daily`)."""
        from ..solver import daily_seed, share_line

        day = self.config.today or dt.date.today()
        if self.store is not None and self.campaign_name is not None:
            from .screens.title_store import open_daily

            open_daily(self, day, colour)
            return
        seed = daily_seed(day)  # quick games: the attempts of this run, in memory
        kept = self.kept
        if kept is not None and kept.seed == seed and not kept.practice:
            self.continue_kept()
            return
        done = self.daily_done.get(seed)
        if done is None:
            self.start_game(self.new_session(seed, colour))
            return
        from ..engine import score
        from .screens.title_store import ask_practice

        final = score(done.state)
        par = self.pars.get(done.start)
        line = share_line(day, final.total, final.rank, par, hints=done.hints_used)
        result = f"You played today's daily deal:\n{line}"
        ask_practice(self, result, lambda: self.new_session(seed, colour, practice=True))

    def play_session(self, session: GameSession) -> None:
        """From the deck preview into the game screen."""
        from .screens.game import GameScreen

        self.switch_screen(GameScreen(session))

    def refresh_title(self) -> None:
        """Rebuild the title's menu after the campaign file changed (restore, campaign)."""
        for screen in self.screen_stack:
            if isinstance(screen, TitleScreen):
                screen.refresh_menu()

    def back_to_title(self) -> None:
        from .holding import release

        release(self)
        self.session = None
        self._pop_to_title()
        self.refresh_title()

    def leave_game(self) -> None:
        """``escape`` in a game: to the title with the game kept for Continue."""
        from ..stored_session import StoredSession

        session = self.session
        if session is not None and not isinstance(session, StoredSession):
            self.kept = session if not session.state.is_over else None
        self.back_to_title()

    def continue_kept(self) -> bool:
        """Resume the quick game left for the title; False if there is none."""
        session = self.kept
        if session is None:
            return False
        self.deck_colour = session.deck_colour
        self.start_game(session, preview=False)
        return True

    def game_finished(self, session: GameSession) -> None:
        """A game ended: a new game deals a new seed unless the player chose one."""
        from ..solver.daily import daily_date

        self.kept = None
        if not session.practice and daily_date(session.seed) is not None:
            assert session.seed is not None
            self.daily_done.setdefault(session.seed, session)
        if not self.seed_chosen:
            self.next_seed = self.config.seed_source()
        self.refresh_title()

    def game_in_play(self) -> GameSession | None:
        """The game that is on, shown or kept for Continue, if it is not over."""
        for session in (self.session, self.kept):
            if session is not None and not session.state.is_over and session.moves:
                return session
        return None

    # The tutorial (never part of a campaign) -------------------------------------------

    def start_tutorial(self) -> None:
        """Open the guided game where the player left it (from its start once finished)."""
        from ..storage.catalog_files import standard_tutorial
        from ..tutorial.progress import Progress
        from .screens.tutorial import TutorialScreen, tutorial_session

        tutorial = standard_tutorial()
        progress = self.settings.tutorial or Progress()
        session = self.tutorial_session  # left in this run: exactly as it was
        if session is None:
            bounds = (
                tutorial.moves_before(progress.step),
                tutorial.moves_before(progress.step + 1),
            )
            if progress.done or not bounds[0] <= progress.moves <= bounds[1]:
                progress = Progress(done=progress.done)  # again from the start (or a stale file)
            session = tutorial_session(tutorial, self.catalog, progress.moves)
        self._pop_to_title()
        self.tutorial_session = session
        self.push_screen(TutorialScreen(session, tutorial, progress))

    def leave_tutorial(self, screen: TutorialScreen) -> None:
        """Back to the title; the step is kept (and the game, for this run)."""
        finished = screen.session.state.is_over
        self.tutorial_session = None if finished else screen.session
        self.save_tutorial(screen.progress)
        self.back_to_title()

    def save_tutorial(self, progress: Progress) -> None:
        """Remember the tutorial step (in settings.json when games are saved)."""
        done = progress.done or (self.settings.tutorial is not None and self.settings.tutorial.done)
        self.settings = replace(self.settings, tutorial=progress._replace(done=done))
        self._save_settings()

    def pop_to_title(self) -> None:
        """Close every screen above the title (a game shown is left as it is)."""
        self._pop_to_title()

    def _pop_to_title(self) -> None:
        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()

    # App-wide actions ------------------------------------------------------------

    # Settings remembered between runs ------------------------------------------------

    def _settings_dir(self) -> Path | None:
        """Where settings are kept: the data directory, when games are saved there."""
        if not self.config.use_store:
            return None
        from ..storage.paths import data_dir

        return data_dir(self.config.data_dir, create=False)

    def _load_settings(self) -> None:
        """Apply the theme chosen in an earlier run, then remember later changes."""
        directory = self._settings_dir()
        if directory is None:
            return
        from ..storage.settings import load_settings

        loaded = load_settings(directory)
        if loaded.problem is not None:
            notify_plain(self, loaded.problem, severity="warning", timeout=8)
        self.settings = loaded.settings
        theme = self.settings.theme
        if theme is not None and theme in self.available_themes:
            self.theme = theme
        self.theme_changed_signal.subscribe(self, lambda _theme: self._save_settings())

    def _save_settings(self) -> None:
        directory = self._settings_dir()
        if directory is None:  # quick games: remembered for this run only
            self.settings = replace(self.settings, theme=self.theme)
            return
        from ..storage.settings import save_settings

        self.settings = replace(self.settings, theme=self.theme)
        try:
            save_settings(directory, self.settings)
        except OSError as exc:  # SaveError: a full disk, a file where the folder goes
            notify_plain(self, f"Settings not remembered: {exc}", severity="warning", timeout=6)

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def get_key_display(self, binding: Binding) -> str:
        """How the key bar shows a key; with ``--ascii`` never an arrow or a symbol
        (Textual shows ``enter`` as ``⏎`` and the arrows as ``←`` ``→``)."""
        shown = super().get_key_display(binding)
        if self.config.ascii_only and not shown.isascii():
            return binding.key.replace("_", " ")
        return shown

    def action_request_quit(self) -> None:
        """Quit, asking first while a game is in progress (Ctrl+C too): a quick game
        would be lost, a campaign game is kept (the question says which)."""
        from .screens.confirm import ConfirmQuitScreen

        if isinstance(self.screen, ConfirmQuitScreen):
            self.exit()  # asked twice (e.g. Ctrl+C again): the player means it
            return
        session = self.game_in_play()
        if session is not None:
            saved = not session.in_progress  # a saved game never "would be lost"
            self.push_screen(ConfirmQuitScreen(saved=saved), self._quit_if_confirmed)
        else:
            self.exit()

    async def action_quit(self) -> None:
        """Textual's own quit (the command palette's Quit): the same question as ``q``."""
        self.action_request_quit()

    def _quit_if_confirmed(self, confirmed: bool | None) -> None:
        if confirmed:
            self.exit()

    # The terminal-too-small guard ---------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        """The event carries the new size; the guard reads it from there."""
        self._check_size(event.size)

    def _check_size(self, size: Size | None = None) -> None:
        """Cover the layout with a notice when no layout fits; state is untouched.

        Which layout fits is Textual's breakpoints' business (``-narrow`` on every
        screen below the table's width, see :mod:`.layout`); this only says when
        neither does.
        """
        from .screens.too_small import TooSmallScreen

        size = size or self.size
        small = not layout.fits(size)
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()
        elif small:
            self.screen.refresh()


def make_app(
    config: AppConfig | None = None,
    catalog: Catalog | None = None,
    *,
    driver_class: type[Driver] | None = None,
) -> PalmIslandApp:
    """Build the app as the CLI does; tests pass a fixed seed and seed source.

    Without ``catalog`` the standard cards are read when a game first needs them.
    ``driver_class`` replaces the terminal driver (the benchmark counts frames).
    """
    return PalmIslandApp(catalog, config or AppConfig(), driver_class=driver_class)


def cli_config(
    seed: int | None, ascii_only: bool, data_dir: Path | None, replay_file: Path | None
) -> AppConfig:
    """The app's configuration for ``palm-island [play]`` and ``replay``: games saved,
    and a ``--seed`` dealt at once (:attr:`AppConfig.deal_seed`)."""
    return AppConfig(
        seed=seed,
        deal_seed=seed is not None and replay_file is None,
        ascii_only=ascii_only,
        use_store=True,
        data_dir=data_dir,
        replay_file=replay_file,
    )


def run_app(
    seed: int | None = None,
    ascii_only: bool = False,
    data_dir: Path | None = None,
    replay_file: Path | None = None,
) -> int:
    """Run the game in this terminal, saving to the campaign file; returns the exit code.

    With ``seed`` that deal is started (the new game's setup first); with
    ``replay_file`` the replay viewer opens on that record first. The run is
    guarded (:mod:`.exit_guard`): once the terminal is gone or SIGHUP/SIGTERM
    arrives, the process ends within 2 s with 128 + signal, even if Textual's
    shutdown blocks.
    """
    from .exit_guard import ExitGuard

    with ExitGuard() as guard:  # before the app starts any thread
        config = cli_config(seed, ascii_only, data_dir, replay_file)
        config.exit_guard = guard
        app = make_app(config)
        app.run()
    # Gone terminal or signal: that is why the app ended, whatever it returned
    # (its input thread may have failed on the dead terminal first).
    return guard.status or app.return_code or 0
