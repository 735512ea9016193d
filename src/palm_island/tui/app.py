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
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar, assert_never

from textual import constants, events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandInput, CommandPalette, Provider, SearchIcon
from textual.geometry import Size
from textual.theme import BUILTIN_THEMES

from ..i18n import _
from . import layout, palette, textual_words
from .app_keys import APP_BINDINGS
from .config import AppConfig
from .controller import (
    AskHeld,
    AskPractice,
    Controller,
    Learn,
    Learning,
    Outcome,
    Play,
    Playing,
    Replay,
    Reviewing,
    Severity,
    ToTitle,
    Watch,
    Watching,
)
from .intents import (
    Again,
    BackToTitle,
    CampaignChosen,
    CampaignDeleted,
    CampaignRenamed,
    ColourChosen,
    Follow,
    GameFinished,
    Intent,
    LeaveGame,
    LeaveReplay,
    LeaveTutorial,
    OpenReplay,
    PreviewSeen,
    ReopenFile,
    RequestQuit,
    Resume,
    RunEntry,
    SeedTyped,
    ShowHelp,
    TakeOver,
    TitleEntry,
    TutorialStep,
    WriteRefused,
)
from .language_choice import language_commands
from .plain import notify_plain
from .screens.title import CAMPAIGN_ENTRIES, TitleScreen

if TYPE_CHECKING:
    from textual.driver import Driver
    from textual.screen import Screen

    from ..engine import Catalog
    from ..session import DeckColour, GameSession
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
        controller = Controller(config, catalog, self._tell, self._make_pars)
        self._settings_problem = self._theme_from_settings(controller)
        chosen = controller.settings.theme if controller.config.use_store else None
        chosen = chosen if chosen in BUILTIN_THEMES else constants.DEFAULT_THEME
        terminal = palette.terminal_theme(chosen, BUILTIN_THEMES, palette.terminal_colours())
        if terminal != chosen:  # 16 colours: not saved (no theme-changed signal for it)
            self.set_reactive(App.theme, terminal)
        super().__init__(driver_class=driver_class)
        self.config = config
        self.controller: Controller[ParBook] = controller
        """The state the screens share and the rules between games (no Textual): the
        screens are given it and read it; only the app calls it (:meth:`route`)."""

    def _tell(self, text: str, severity: Severity, timeout: float) -> None:
        notify_plain(self, text, severity=severity, timeout=timeout)

    def _make_pars(self) -> ParBook:
        from ..solver import DEFAULT_BUDGET
        from .par import ParBook

        return ParBook(
            self,
            self.config.par_budget or DEFAULT_BUDGET,
            lambda: self.controller.store,
            use_cache=self.config.par_cache,
        )

    def _open_file(self) -> None:
        """Open the campaign file if it is still to be opened (just after the first
        frame, or sooner for a game that needs it)."""
        if self.controller.store_pending:
            self._store_opened(self.controller.open_store())

    def _store_opened(self, damaged: LoadError | SaveError | None) -> None:
        """The campaign file was opened: show the title's campaign menu (or the damage
        notice), then what the command line asked for."""
        self._refresh_title()
        if damaged is not None:
            from .screens.damaged import DamagedScreen

            # After whatever the caller is doing, so nothing pops it straight away.
            self.call_later(self.push_screen, DamagedScreen(self.controller, damaged))
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

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The game's colours for the current theme (``$palm-wood`` …, palette.py)."""
        return palette.css_variables(self.current_theme)

    def on_mount(self) -> None:
        palette.follow_theme(self)
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
            self.show(self.controller.first_game())
        else:
            self.push_screen(TitleScreen(self.controller))
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

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's system commands (Theme, Quit, Keys, ...) in the player's language,
        and the choice of language (in each language's own words)."""
        yield from textual_words.translated(
            super().get_system_commands(screen), show_keys=self.action_help
        )
        yield from language_commands(self, self.controller, ascii_only=self.config.ascii_only)

    def action_command_palette(self) -> None:
        """Textual's command palette, its prompt in the player's language."""
        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            prompt = _(textual_words.COMMANDS_PROMPT)
            self.push_screen(CommandPalette(id="--command-palette", placeholder=prompt))

    def search_themes(self) -> None:
        """Textual's theme picker (the palette's Theme), its prompt in the player's language."""
        from textual.theme import ThemeProvider

        self.push_screen(
            CommandPalette(providers=[ThemeProvider], placeholder=_(textual_words.THEMES_PROMPT))
        )

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
        self._open_file()
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

    # Navigation: the intents the screens send, the outcomes the controller decides ----

    def route(self, intent: Intent) -> None:
        """Route an intent a screen sent (:func:`.intents.request`), now: the app is
        the controller's only caller, and every intent has its case (mypy checks
        the ``assert_never``)."""
        control = self.controller
        match intent:
            case RunEntry(entry, seed_text, colour):
                self._run_entry(entry, seed_text, colour)
            case TitleEntry(entry):
                self._pop_to_title()
                control.end()
                if isinstance(self.screen, TitleScreen):
                    self.screen.action_entry(entry)
            case SeedTyped(text):
                control.seed_typed(text)
            case ColourChosen(colour):
                control.choose_colour(colour)
            case PreviewSeen():
                from .screens.game import GameScreen

                self.switch_screen(GameScreen(control, self._session()))
            case GameFinished():
                control.game_finished()
            case Again(new_deal):
                self.show(control.again(new_deal=new_deal))
            case WriteRefused(error):
                self.show(control.refused(error))
            case LeaveGame():
                control.leave_game()
                self._to_title()
            case BackToTitle():
                self._to_title()
            case Resume(game):
                self.show(control.resume(game))
            case TakeOver(game_id):
                self.show(control.open_saved(game_id, ask=False))
            case Follow(moves):
                control.follow(moves)
            case OpenReplay(replay):
                self._open_replay(replay)
            case LeaveReplay():
                control.end()
            case TutorialStep(progress):
                control.save_tutorial(progress)
            case LeaveTutorial(progress):
                control.leave_tutorial(progress)
                self._to_title()
            case CampaignChosen(name):
                control.choose_campaign(name)
            case CampaignRenamed(old, new):
                control.campaign_renamed(old, new)
            case CampaignDeleted(name):
                control.campaign_deleted(name)
            case ReopenFile():
                control.open_store()
            case ShowHelp():
                self.action_help()
            case RequestQuit():
                self.action_request_quit()
            case _:
                assert_never(intent)

    def _run_entry(self, entry: str, seed_text: str, colour: DeckColour) -> None:
        """Run a title entry (its button, its key or the command palette)."""
        control = self.controller
        if entry in CAMPAIGN_ENTRIES:
            self._open_file()
        if entry in CAMPAIGN_ENTRIES and control.store is not None:
            still_there, outcome = control.campaign_check()
            if not still_there:
                self.show(outcome)
                return
        if entry == "new":
            self._new_game(seed_text, colour)
        elif entry == "daily":
            self.show(control.daily(colour))
        elif entry == "help":
            self.action_help()
        elif entry == "tutorial":
            self.show(control.tutorial())
        elif entry == "quit":
            self.action_request_quit()
        elif entry == "continue":
            self.show(control.continue_game())
        else:
            from .screens.title_store import open_entry

            open_entry(self, control, entry)

    def _new_game(self, seed_text: str, colour: DeckColour) -> None:
        """A new game with the seed shown (a random one if the seed was cleared); a
        saved game asks its difficulty and feats first (R31)."""
        control = self.controller
        seed = control.deal(seed_text)
        if not control.saves_games():  # a quick game (no file, or saving is off)
            self.show(control.new_game(seed, colour, None))
            return
        from .screens.setup import Setup, SetupScreen

        def start(setup: Setup | None) -> None:
            if setup is not None:
                self.show(control.new_game(seed, colour, (setup.difficulty, setup.feats)))

        self.push_screen(SetupScreen(control), start)

    def _session(self) -> GameSession:
        """The game the controller shows (a game screen is about to show it)."""
        session = self.controller.session
        if session is None:
            raise RuntimeError("no game is shown")
        return session

    def show(self, outcome: Outcome) -> None:
        """Show what the controller decided: a game enters the controller through
        ``begin`` (the one way in), once whatever was shown is left for the title."""
        control = self.controller
        match outcome:
            case Play(session, preview, note):
                self._pop_to_title()
                control.begin(Playing(session))
                self._show_game(preview)
                if note is not None:
                    notify_plain(self, note, timeout=6)
            case Watch(session, game_id):
                from .holding import WatchScreen

                self._pop_to_title()
                control.begin(Watching(session, game_id))
                self.push_screen(WatchScreen(control, session, game_id))
            case Learn(session, tutorial, progress):
                from .screens.tutorial import TutorialScreen

                self._pop_to_title()
                control.begin(Learning(session))
                self.push_screen(TutorialScreen(control, session, tutorial, progress))
            case AskHeld():
                self._ask_held(outcome)
            case AskPractice():
                self._ask_practice(outcome)
            case ToTitle():
                self._to_title()
            case None:
                pass
            case _:
                assert_never(outcome)

    def _show_game(self, preview: bool) -> None:
        """R6: before the first turn the whole deck is shown, unless ``preview`` is off
        (a game resumed; one already over shows its end)."""
        session = self._session()
        if preview:
            from .screens.preview import PreviewScreen

            self.push_screen(PreviewScreen(self.controller, session))
        else:
            from .screens.game import GameScreen

            screen = GameScreen(self.controller, session)
            self.push_screen(screen)
            if session.state.is_over:
                screen.show_end()

    def _ask_held(self, asked: AskHeld) -> None:
        """The saved game is open in another window: watch it, or take it over."""
        from .holding import HeldElsewhereScreen

        def answered(answer: str | None) -> None:
            if answer == "watch":
                self.show(self.controller.watch(asked.stored))
            elif answer == "take":
                self.show(self.controller.open_saved(asked.game_id, ask=False))

        self.push_screen(HeldElsewhereScreen(asked.game_id, asked.holder), answered)

    def _ask_practice(self, asked: AskPractice) -> None:
        """Show today's result; yes plays the deal again as practice (never counted)."""
        from .screens.ask import AskScreen

        def answer(yes: bool | None) -> None:
            if yes:
                self.show(self.controller.practice(asked.seed, asked.colour))

        question = _(
            "{result}\n\nThe daily deal counts once a day. Play it again as practice?\n"
            "A practice game is marked as such and never counts as today's result."
        ).format(result=asked.result)
        self.push_screen(AskScreen(question, _("Practice")), answer)

    def open_replay_file(self, path: Path) -> None:
        """Show a record file in the replay viewer (``palm-island replay FILE``)."""
        from .screens.replay import load_replay

        try:
            replay = load_replay(path, self.controller.catalog)
        except ValueError as exc:
            message = _("Cannot replay {file}: {reason}").format(file=path.name, reason=exc)
            notify_plain(self, message, severity="error", timeout=10)
            return
        self._open_replay(replay)

    def _open_replay(self, replay: Replay) -> None:
        from .screens.replay import ReplayScreen

        self.controller.begin(Reviewing(replay))
        self.push_screen(ReplayScreen(self.controller, replay))

    def _refresh_title(self) -> None:
        """Rebuild the title's menu: the campaign file was opened while it shows."""
        for screen in self.screen_stack:
            if isinstance(screen, TitleScreen):
                screen.refresh_menu()

    def _to_title(self) -> None:
        """Leave whatever is shown for the title, letting the game go. The title
        rebuilds its menu as it shows again; if it showed already, here."""
        shown = isinstance(self.screen, TitleScreen)
        self._pop_to_title()
        self.controller.end()
        if shown:
            self._refresh_title()

    def _pop_to_title(self) -> None:
        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()

    # Settings remembered between runs ------------------------------------------------

    def _theme_from_settings(self, controller: Controller[ParBook]) -> str | None:
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
            self.push_screen(HelpScreen(self.controller))

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
            self.push_screen(
                TooSmallScreen(self.controller.glyphs, touch=self.controller.config.touch)
            )
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
