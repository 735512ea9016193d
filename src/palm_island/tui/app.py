"""Provides :class:`PalmIslandApp` and :func:`make_app`, the terminal game.

The CLI and the tests build the app the same way (:func:`make_app`). The app
owns navigation between screens and app-wide keys (help, quit with confirmation,
the "terminal too small" guard); the state the screens share and the rules
between games are the :class:`.controller.Controller`'s, which the screens reach
without this module: they post intents (:mod:`.intents`) that the app maps to
screens. Only the title screen is imported at start-up: the game, end, help and
modal screens are imported when first shown, so the first frame comes sooner.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.command import CommandInput, CommandPalette, Provider, SearchIcon
from textual.geometry import Size
from textual.theme import BUILTIN_THEMES

from . import layout
from .app_keys import APP_BINDINGS
from .config import AppConfig
from .controller import AskHeld, AskPractice, Controller, Outcome, Play, Severity, ToTitle, Watch
from .intents import (
    BackToTitle,
    GameFinished,
    Intent,
    LeaveGame,
    LeaveTutorial,
    PreviewSeen,
    RefreshTitle,
    RequestQuit,
    Show,
    ShowHelp,
    StartGame,
    StartTutorial,
    TitleEntry,
)
from .plain import notify_plain
from .screens.title import TitleScreen

if TYPE_CHECKING:
    from textual.driver import Driver

    from ..engine import Catalog
    from ..session import GameSession
    from ..storage.errors import LoadError, SaveError
    from .par import ParBook

__all__ = ["AppConfig", "PalmIslandApp", "make_app"]


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
        # Every screen's own CSS_PATH, read once here: Textual reparses the whole
        # stylesheet and restyles every widget the first time a screen brings a file
        # it has not read (about 40 ms of CPU each, three times from the title to the
        # first move). Their rules name their screen, so reading them early changes
        # no style; game.tcss before tutorial.tcss, as TutorialScreen lists them.
        # tests/tui/test_styles.py checks every screen's files are here, in order.
        *sorted(Path(__file__).parent.glob("screens/*.tcss")),
        Path(__file__).with_name("holding.tcss"),
    ]
    HORIZONTAL_BREAKPOINTS = layout.HORIZONTAL_BREAKPOINTS
    """``-narrow`` on every screen below the table's width: the compact layout."""
    VERTICAL_BREAKPOINTS = layout.VERTICAL_BREAKPOINTS
    BINDINGS: ClassVar[list[BindingType]] = APP_BINDINGS

    def __init__(
        self,
        catalog: Catalog | None,
        config: AppConfig,
        *,
        driver_class: type[Driver] | None = None,
    ) -> None:
        controller = Controller(config, catalog, self._tell)
        self._settings_problem = self._theme_from_settings(controller)
        super().__init__(driver_class=driver_class)
        self.config = config
        self.controller = controller
        """The state the screens share and the rules between games (no Textual)."""
        self.controller.on_store_opened = self._store_opened
        self.controller.make_pars = self._make_pars

    def _tell(self, text: str, severity: Severity, timeout: float) -> None:
        notify_plain(self, text, severity=severity, timeout=timeout)

    def _make_pars(self) -> ParBook:
        from ..solver import DEFAULT_BUDGET
        from .par import ParBook

        return ParBook(
            self,
            self.config.par_budget or DEFAULT_BUDGET,
            self.controller.store_if_open,
            use_cache=self.config.par_cache,
        )

    def _store_opened(self, damaged: LoadError | SaveError | None) -> None:
        """The campaign file was opened: show the title's campaign menu (or the damage
        notice), then what the command line asked for."""
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
            control = self.controller
            self.start_game(
                control.new_session(control.next_seed, control.deck_colour), preview=False
            )
        else:
            self.push_screen(TitleScreen())
        if self.config.replay_file is not None and not self.controller.store_pending:
            self.open_replay_file(self.config.replay_file)
        self._check_size()

    def on_unmount(self) -> None:
        """Every move is already committed; closing only releases the file (after
        keeping a par line found since the UI last asked for one). From here the
        process must end soon whatever follows (Textual's driver closing, the
        interpreter's exit): the exit guard's deadline is armed with the app's status."""
        self.controller.close()
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
        if self.controller.store_pending:
            self._store_opened(self.controller.open_store())
        if self.config.use_store:
            from ..storage.holders import HEARTBEAT_EVERY

            self.set_interval(HEARTBEAT_EVERY, lambda: self.show(self.controller.heartbeat()))
        if not self.controller.catalog_loaded() or self.config.use_store:
            self.run_worker(self._preload, thread=True, exit_on_error=False)

    def _preload(self) -> None:
        from ..storage.catalog_files import standard_catalog, standard_feats

        standard_catalog()
        if self.config.use_store:  # campaign games carry feats, validated with pydantic
            standard_feats()

    # Navigation: the controller's outcomes and the screens' intents -------------------

    def show(self, outcome: Outcome) -> None:
        """Show what the controller decided."""
        if isinstance(outcome, Play):
            self.start_game(outcome.session, preview=outcome.preview)
            if outcome.note is not None:
                notify_plain(self, outcome.note, timeout=6)
        elif isinstance(outcome, Watch):
            from .holding import WatchScreen

            self._pop_to_title()
            self.push_screen(WatchScreen(outcome.session, outcome.game_id))
        elif isinstance(outcome, AskHeld):
            from .holding import HeldElsewhereScreen

            def answered(answer: str | None, asked: AskHeld = outcome) -> None:
                if answer == "watch":
                    self.show(self.controller.watch(asked.stored))
                elif answer == "take":
                    self.show(self.controller.open_saved(asked.game_id, ask=False))

            self.push_screen(HeldElsewhereScreen(outcome.game_id, outcome.holder), answered)
        elif isinstance(outcome, AskPractice):
            self._ask_practice(outcome)
        elif isinstance(outcome, ToTitle):
            self.back_to_title()

    def _ask_practice(self, asked: AskPractice) -> None:
        """Show today's result; yes plays the deal again as practice (never counted)."""
        from .screens.ask import AskScreen

        def answer(yes: bool | None) -> None:
            if yes:
                self.show(self.controller.practice(asked.seed, asked.colour))

        question = (
            f"{asked.result}\n\nThe daily deal counts once a day. Play it again as practice?\n"
            "A practice game is marked as such and never counts as today's result."
        )
        self.push_screen(AskScreen(question, "Practice"), answer)

    def start_game(self, session: GameSession, *, preview: bool = True) -> None:
        """Leave whatever is shown (down to the title) and begin ``session``.

        R6: before the first turn the whole deck is shown, unless ``preview`` is off
        (a game resumed; one already over shows its end).
        """
        self._pop_to_title()
        self.controller.begin(session)
        if preview:
            from .screens.preview import PreviewScreen

            self.push_screen(PreviewScreen(session))
        else:
            from .screens.game import GameScreen

            screen = GameScreen(session)
            self.push_screen(screen)
            if session.state.is_over:
                screen.show_end()

    def open_replay_file(self, path: Path) -> None:
        """Show a record file in the replay viewer (``palm-island replay FILE``)."""
        from .screens.replay import ReplayScreen, load_replay

        try:
            replay = load_replay(path, self.controller.catalog)
        except ValueError as exc:
            notify_plain(self, f"Cannot replay {path.name}: {exc}", severity="error", timeout=10)
            return
        self.push_screen(ReplayScreen(replay))

    def refresh_title(self) -> None:
        """Rebuild the title's menu after the campaign file changed (restore, campaign)."""
        for screen in self.screen_stack:
            if isinstance(screen, TitleScreen):
                screen.refresh_menu()

    def back_to_title(self) -> None:
        self.controller.end_session()
        self._pop_to_title()
        self.refresh_title()

    def handle_intent(self, intent: Intent) -> None:
        """An intent a screen sent (:func:`.intents.send`): its ``on_`` handler, now."""
        getattr(self, intent.handler_name)(intent)

    def on_show(self, intent: Show) -> None:
        self.show(intent.outcome)

    def on_start_game(self, intent: StartGame) -> None:
        self.show(Play(intent.session, intent.preview, intent.note))

    def on_preview_seen(self, intent: PreviewSeen) -> None:
        from .screens.game import GameScreen

        self.switch_screen(GameScreen(intent.session))

    def on_game_finished(self, intent: GameFinished) -> None:
        self.controller.game_finished(intent.session)
        self.refresh_title()

    def on_leave_game(self, _intent: LeaveGame) -> None:
        self.controller.leave_game()
        self.back_to_title()

    def on_back_to_title(self, _intent: BackToTitle) -> None:
        self.back_to_title()

    def on_refresh_title(self, _intent: RefreshTitle) -> None:
        self.refresh_title()

    def on_title_entry(self, intent: TitleEntry) -> None:
        """A title entry from the command palette: to the title, then the entry."""
        self._pop_to_title()
        if isinstance(self.screen, TitleScreen):
            self.screen.action_entry(intent.entry)

    def on_show_help(self, _intent: ShowHelp) -> None:
        self.action_help()

    def on_request_quit(self, _intent: RequestQuit) -> None:
        self.action_request_quit()

    # The tutorial (never part of a campaign) -------------------------------------------

    def on_start_tutorial(self, _intent: StartTutorial) -> None:
        """Open the guided game where the player left it (from its start once finished)."""
        from ..storage.catalog_files import standard_tutorial
        from ..tutorial.progress import Progress
        from .screens.tutorial import TutorialScreen, tutorial_session

        control = self.controller
        tutorial = standard_tutorial()
        progress = control.settings.tutorial or Progress()
        session = control.tutorial_session  # left in this run: exactly as it was
        if session is None:
            bounds = (
                tutorial.moves_before(progress.step),
                tutorial.moves_before(progress.step + 1),
            )
            if progress.done or not bounds[0] <= progress.moves <= bounds[1]:
                progress = Progress(done=progress.done)  # again from the start (or a stale file)
            session = tutorial_session(tutorial, control.catalog, progress.moves)
        self._pop_to_title()
        control.tutorial_session = session
        self.push_screen(TutorialScreen(session, tutorial, progress))

    def on_leave_tutorial(self, intent: LeaveTutorial) -> None:
        self.controller.leave_tutorial(intent.session, intent.progress)
        self.back_to_title()

    def pop_to_title(self) -> None:
        """Close every screen above the title (a game shown is left as it is)."""
        self._pop_to_title()

    def _pop_to_title(self) -> None:
        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()

    # Settings remembered between runs ------------------------------------------------

    def _theme_from_settings(self, controller: Controller) -> str | None:
        """Read the settings of earlier runs and start in the theme chosen there;
        a problem with the file, as text.

        Called before Textual's ``App.__init__``, which builds the stylesheet's
        variables and colour filters from the theme: set there (with the public
        ``set_reactive``, as Textual's own docstring shows for ``App.theme``), the
        first frame is drawn in it. Set later, it restyled the title before the
        first frame, a reparse of every style sheet: start-up 1.76x the empty app
        against 1.48x without a chosen theme (``/tmp`` script, 12 runs each).
        """
        if not controller.config.use_store:
            return None
        problem = controller.load_settings()
        theme = controller.settings.theme
        if theme is not None and theme in BUILTIN_THEMES:
            self.set_reactive(App.theme, theme)
        return problem

    def _load_settings(self) -> None:
        """Tell what was wrong with the settings file, then remember theme changes."""
        if not self.config.use_store:
            return
        if self._settings_problem is not None:
            notify_plain(self, self._settings_problem, severity="warning", timeout=8)
        self.theme_changed_signal.subscribe(self, lambda _theme: self._save_theme())

    def _save_theme(self) -> None:
        """Keep a theme the player chose. The signal also comes (a moment later)
        for the theme the settings just applied: that one is already kept."""
        control = self.controller
        if control.settings.theme != self.theme:
            control.save_settings(replace(control.settings, theme=self.theme))

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
        session = self.controller.game_in_play()
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
    served_folder: tuple[int, int] | None = None,
    touch: bool = False,
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
        config.served_folder = served_folder  # AppConfig.served_folder
        config.touch = touch
        config.exit_guard = guard
        app = make_app(config)
        app.run()
    # Gone terminal or signal: that is why the app ended, whatever it returned
    # (its input thread may have failed on the dead terminal first).
    return guard.status or app.return_code or 0
