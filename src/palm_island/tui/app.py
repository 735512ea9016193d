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
import signal
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.command import CommandInput, CommandPalette, Provider, SearchIcon
from textual.geometry import Size

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
    from .par import ParBook

MIN_WIDTH = 80
MIN_HEIGHT = 24
"""The smallest terminal the game screen fits; below it a notice replaces the layout."""
NARROW_WIDTH = 90
"""Below this width the cards drop their left padding (see the app's CSS)."""


def _random_seed() -> int:
    import random

    return random.SystemRandom().randrange(1_000_000)


HANG_UP_CHECK_SECONDS = 2.0
"""How often a real run checks that its terminal is still there."""


def terminal_attached() -> bool:
    """Whether standard input is a terminal that still answers (a hung-up one fails
    ``tcgetattr`` with an I/O error)."""
    import sys
    import termios

    stdin = sys.__stdin__
    if stdin is None:
        return False
    try:
        termios.tcgetattr(stdin.fileno())
    except (OSError, ValueError, termios.error):
        return False
    return True


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
    handle_signals: bool = False
    """Exit cleanly on SIGTERM/SIGHUP (real terminals only, not tests)."""
    start_in_game: bool = False
    """Skip the title and the deck preview (benchmarks)."""
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
    CSS = """
    /* --ascii: plain borders for terminals without box-drawing characters */
    PalmIslandApp.-ascii CardWidget, PalmIslandApp.-ascii StoredPanel,
    PalmIslandApp.-ascii MoveLog, PalmIslandApp.-ascii #title-box,
    PalmIslandApp.-ascii ChoiceBox,
    PalmIslandApp.-ascii ModalScreen > Vertical, PalmIslandApp.-ascii ModalScreen > VerticalScroll {
        border: ascii $foreground 50%;
    }
    PalmIslandApp.-ascii CardWidget.-selected { border: ascii $accent; }
    /* scrollbars draw half blocks at their ends: none on --ascii terminals (the
       wheel and the keys still scroll) */
    PalmIslandApp.-ascii * { scrollbar-size: 0 0; }
    PalmIslandApp.-ascii Toast { border-left: none; }
    /* below 90 columns a card gives its left margin to the text, so that an
       action with a three-resource cost still fits on its line */
    PalmIslandApp.-narrow CardWidget { padding: 0; }
    /* the stock Button, OptionList and Input draw half-block borders: those that are
       not compact (app CSS wins over a widget's own, compact or not) */
    PalmIslandApp.-ascii ConfirmQuitScreen Button, PalmIslandApp.-ascii EndScreen Button,
    PalmIslandApp.-ascii PreviewScreen Button, PalmIslandApp.-ascii AskScreen Button,
    PalmIslandApp.-ascii DamagedScreen Button, PalmIslandApp.-ascii InputScreen Input,
    PalmIslandApp.-ascii SavedGamesScreen OptionList,
    PalmIslandApp.-ascii CampaignScreen OptionList,
    PalmIslandApp.-ascii DamagedScreen OptionList { border: ascii $foreground 50%; }
    PalmIslandApp.-ascii FooterKey.-command-palette { border-left: ascii $foreground 20%; }
    /* the command palette's rules are half blocks too (its icon: on_command_palette_opened) */
    PalmIslandApp.-ascii CommandPalette Horizontal { border: blank; }
    PalmIslandApp.-ascii CommandList, PalmIslandApp.-ascii CommandPalette LoadingIndicator {
        border-bottom: blank;
    }
    """
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
        if self.config.handle_signals:
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGHUP):
                # Every move is already committed; exit as a killed program would
                # (128 + signal), so a script or shell sees the game did not just end.
                loop.add_signal_handler(sig, self.exit, None, 128 + sig)
            if terminal_attached():
                # A terminal can vanish without a SIGHUP reaching us (the game was
                # started in another session, the emulator was killed): the input
                # reader then sees end-of-file forever and spins. Notice and end
                # as a hang-up would, every move being already committed.
                self.set_interval(HANG_UP_CHECK_SECONDS, self._end_if_terminal_gone)
        if self.config.start_in_game:
            self.start_game(self.new_session(self.next_seed, self.deck_colour), preview=False)
        else:
            self.push_screen(TitleScreen())
        if self.config.replay_file is not None and not self.store_pending:
            self.open_replay_file(self.config.replay_file)
        self._check_size()

    def _end_if_terminal_gone(self) -> None:
        if not terminal_attached():
            self.exit(None, 128 + signal.SIGHUP)

    def on_unmount(self) -> None:
        """Every move is already committed; closing only releases the file."""
        if self._store is not None:  # never open the file just to close it
            self._store.close()

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
        if self._catalog is None or self.config.use_store:
            self.run_worker(self._preload, thread=True, exit_on_error=False)

    def _preload(self) -> None:
        from ..storage.catalog_files import standard_catalog, standard_feats

        standard_catalog()
        if self.config.use_store:  # campaign games carry feats, validated with pydantic
            standard_feats()

    # Navigation -----------------------------------------------------------------

    def new_session(self, seed: int, colour: DeckColour) -> GameSession:
        """A new game: saved in the current campaign if there is one, else in memory."""
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
            )
            return StoredSession(stored)
        return GameSession.from_seed(self.catalog, seed, deck_colour=colour)

    def start_game(self, session: GameSession, *, preview: bool = True) -> None:
        """Leave whatever is shown (down to the title) and begin ``session``.

        R6: before the first turn the whole deck is shown, unless ``preview`` is off.
        """
        self._pop_to_title()
        self.session = session
        self.kept = None  # a new game replaces a kept one (the title asked first)
        if self.config.compute_par:
            self.pars.request(session.start)
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

            self._pars = ParBook(self, self.config.par_budget or DEFAULT_BUDGET)
        return self._pars

    def start_daily(self, colour: DeckColour) -> None:
        """Begin today's daily deal: the same deal for everyone on this date."""
        from ..solver import daily_seed

        day = self.config.today or dt.date.today()
        seed = daily_seed(day)
        note = None
        if self.store is not None:
            from .screens.title_store import kept_note

            note = kept_note(self)
        self.start_game(self.new_session(seed, colour))
        if note is not None:  # an unfinished game is kept, never hidden: say where
            notify_plain(self, note, timeout=6)

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
        self.kept = None
        if not self.seed_chosen:
            self.next_seed = self.config.seed_source()
        self.refresh_title()

    def game_in_play(self) -> GameSession | None:
        """The game that is on, shown or kept for Continue, if it is not over."""
        for session in (self.session, self.kept):
            if session is not None and not session.state.is_over and session.moves:
                return session
        return None

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

        return data_dir(self.config.data_dir)

    def _load_settings(self) -> None:
        """Apply the theme chosen in an earlier run, then remember later changes."""
        directory = self._settings_dir()
        if directory is None:
            return
        from .settings import load_settings

        theme = load_settings(directory).theme
        if theme is not None and theme in self.available_themes:
            self.theme = theme
        self.theme_changed_signal.subscribe(self, lambda _theme: self._save_settings())

    def _save_settings(self) -> None:
        directory = self._settings_dir()
        if directory is None:
            return
        from .settings import Settings, save_settings

        try:
            save_settings(directory, Settings(theme=self.theme))
        except OSError as exc:
            notify_plain(self, f"Theme not remembered: {exc}", severity="warning", timeout=6)

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

    def _quit_if_confirmed(self, confirmed: bool | None) -> None:
        if confirmed:
            self.exit()

    # The terminal-too-small guard ---------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        """The event carries the new size; the guard reads it from there."""
        self._check_size(event.size)

    def _check_size(self, size: Size | None = None) -> None:
        """Cover the layout with a notice below the minimum size; state is untouched."""
        from .screens.too_small import TooSmallScreen

        size = size or self.size
        small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen(MIN_WIDTH, MIN_HEIGHT))
        elif not small and showing:
            self.pop_screen()
        elif small:
            self.screen.refresh()
        if not small:  # once the notice is gone: a class changed while it covered the
            # table was not applied to it (the cards kept the narrow padding at full width)
            self.set_class(size.width < NARROW_WIDTH, "-narrow")


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


def run_app(
    seed: int | None = None,
    ascii_only: bool = False,
    data_dir: Path | None = None,
    replay_file: Path | None = None,
) -> int:
    """Run the game in this terminal, saving to the campaign file; returns the exit code.

    With ``replay_file`` the replay viewer opens on that record first.
    """
    config = AppConfig(
        seed=seed,
        ascii_only=ascii_only,
        handle_signals=True,
        use_store=True,
        data_dir=data_dir,
        replay_file=replay_file,
    )
    app = make_app(config)
    app.run()
    return app.return_code or 0
