"""Provides :class:`Controller`: what the screens share, and the rules between games,
without Textual.

:mod:`palm_island.session` keeps one game; the controller keeps what lives across
games in one window: the game being played, the quick game kept for Continue, the
tutorial's game, the daily deal's attempts, the campaign and the setup of new games,
which saved game this window holds (one writer per game), and each deal's par.

Its methods decide and never show: they return an :data:`Outcome` (a game to play,
a game to watch, a question to ask) that the app maps to screens, and they tell the
player through the ``tell`` function they were given. So the rules of the daily
deal, Continue and one window per saved game are tested on it directly
(tests/tui/test_controller.py), and no screen needs the app class
(docs/architecture.md has the picture).
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ..storage.settings_data import Settings
from .config import AppConfig
from .glyphs import Glyphs, glyphs_for

if TYPE_CHECKING:
    from ..campaign.model import SavedGame
    from ..engine import Catalog
    from ..records import Difficulty
    from ..session import DeckColour, GameSession
    from ..storage.errors import LoadError, SaveError
    from ..storage.holders import Holder
    from ..storage.service import Store
    from ..storage.stored_game import StoredGame
    from ..tutorial.progress import Progress
    from .par import ParBook

Severity = Literal["information", "warning", "error"]
Tell = Callable[[str, Severity, float], None]
"""How the controller speaks to the player: text, severity, seconds shown."""

DEFAULT_CAMPAIGN = "My island"
"""The campaign a new player's games go to until they create or choose another."""


@dataclass(frozen=True)
class Play:
    """Play ``session`` here (the app begins it, see :meth:`Controller.begin`).
    R6: the whole deck is shown first unless ``preview`` is off; ``note`` is said after."""

    session: GameSession
    preview: bool = True
    note: str | None = None


@dataclass(frozen=True)
class Watch:
    """Show a game another window holds, read-only, following its stored moves."""

    session: GameSession
    game_id: int


@dataclass(frozen=True)
class AskHeld:
    """The saved game is open in another window: ask to watch it or take it over."""

    game_id: int
    holder: Holder
    stored: StoredGame


@dataclass(frozen=True)
class AskPractice:
    """Today's attempt is played: show ``result`` and offer the deal as practice."""

    result: str
    seed: int
    colour: DeckColour


@dataclass(frozen=True)
class ToTitle:
    """Leave whatever is shown for the title (the game, if any, is let go)."""


Outcome = Play | Watch | AskHeld | AskPractice | ToTitle | None


def _store_errors() -> tuple[type[Exception], ...]:
    """What a busy, damaged or changed campaign file raises (imported when needed:
    the title starts without the storage layer)."""
    from ..campaign.service import CampaignError
    from ..storage.errors import LoadError, SaveError

    return (LoadError, SaveError, CampaignError, KeyError)


def _is_stored(session: GameSession | None) -> bool:
    from ..stored_session import StoredSession

    return isinstance(session, StoredSession)


class Controller:
    """The shared state of one window's games and the decisions about them."""

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
        self.store_pending = config.use_store
        """The campaign file is still to be opened: just after the first frame, or
        sooner if something asks for :attr:`store`."""
        self.on_store_opened: Callable[[LoadError | SaveError | None], None] = lambda _: None
        """Called once the file was opened on demand (the app refreshes the title)."""
        self.make_pars: Callable[[], ParBook] | None = None
        """Builds the par book (it runs Textual workers: the app provides it)."""
        self._pars: ParBook | None = None

    # The cards, the campaign file and the pars ---------------------------------------

    @property
    def catalog(self) -> Catalog:
        """The cards, read on first use: the title screen starts without the engine."""
        if self._catalog is None:
            from ..storage.catalog_files import standard_catalog

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
        from ..storage.errors import LoadError, SaveError
        from ..storage.service import Store

        self.store_pending = False
        try:
            self._store = Store.open(self.config.data_dir)
            self._store.holds_games = True  # one writer per game: a new game is held at once
        except (LoadError, SaveError) as exc:
            self._store = None
            return exc
        self.choose_default_campaign()
        return None

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

    # Campaigns -----------------------------------------------------------------------

    def choose_default_campaign(self) -> None:
        """The most recently played campaign, creating the first one if there is none
        (one step in the store: windows starting at once all get the same one)."""
        if self._store is not None:
            self.campaign_name = self._store.default_campaign(DEFAULT_CAMPAIGN)

    def saves_games(self) -> bool:
        """Whether new games go to a campaign in the file (else quick games)."""
        return self.store is not None and self.campaign_name is not None

    def unfinished_count(self) -> int:
        """How many unfinished games the file holds, in every campaign."""
        if self.store is None:
            return 0
        from ..storage.errors import LoadError, SaveError

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
        except _store_errors() as exc:
            self.tell(f"Cannot read the campaigns: {exc}", "error", 8)
            return False, None
        self.tell(
            f"The campaign {name!r} is no longer in the campaign file (renamed or deleted "
            f"elsewhere); now in {self.campaign_name!r}.",
            "warning",
            10,
        )
        return False, ToTitle()

    # Starting, leaving and ending games -----------------------------------------------

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

    def new_game(
        self, seed: int, colour: DeckColour, setup: tuple[Difficulty, tuple[str, ...]] | None
    ) -> Outcome:
        """ "New game" with ``seed``: with a setup (R31) the game is saved in the
        campaign, and unfinished games are said to be kept (never abandoned here)."""
        if setup is None:
            return Play(self.new_session(seed, colour))
        if not self.saves_games():
            return None
        self.difficulty, self.feat_choice = setup
        note = self.kept_note()
        try:
            session = self.new_session(seed, colour)
        except ValueError as exc:  # a bad setup (LoadError is one too)
            self.tell(str(exc), "error", 8)
            return None
        except _store_errors() as exc:
            self.tell(str(exc), "error", 8)
            return None
        return Play(session, note=note)

    def begin(self, session: GameSession) -> None:
        """``session`` becomes the game played: the previous one is let go, this one
        held (one writer per game), a kept game dropped, its par asked for."""
        self.release()
        self.session = session
        self.hold()
        self.kept = None  # a new game replaces a kept one (the title asked first)
        if self.config.compute_par:
            self.pars.request(session.start, session.seed)

    def end_session(self) -> None:
        """No game is played any more (back to the title)."""
        self.release()
        self.session = None

    def leave_game(self) -> None:
        """``escape`` in a game: a quick game is kept for Continue (a saved one is saved)."""
        session = self.session
        if session is not None and not _is_stored(session):
            self.kept = session if not session.state.is_over else None
        self.end_session()

    def continue_kept(self) -> Outcome:
        """Continue a quick game left for the title; None if there is none."""
        session = self.kept
        if session is None:
            return None
        self.deck_colour = session.deck_colour
        return Play(session, preview=False)

    def game_finished(self, session: GameSession) -> None:
        """A game ended: a quick daily deal's attempt is done; a new game deals a new
        seed unless the player chose one."""
        from ..solver.daily import daily_date

        self.kept = None
        if not session.practice and daily_date(session.seed) is not None:
            assert session.seed is not None
            self.daily_done.setdefault(session.seed, session)
        if not self.seed_chosen:
            self.next_seed = self.config.seed_source()

    def game_in_play(self) -> GameSession | None:
        """The game that is on, shown or kept for Continue, if it is not over."""
        for session in (self.session, self.kept):
            if session is not None and not session.state.is_over and session.moves:
                return session
        return None

    def again(self, session: GameSession, *, new_deal: bool) -> Outcome:
        """From the end screen: the same deal again (a daily deal again is practice: the
        day's one attempt is played) or a new deal, in the same colour."""
        from ..solver.daily import daily_date

        ok, outcome = self.campaign_check()
        if not ok:
            return outcome
        note = self.kept_note()  # other unfinished games are kept: say where
        try:
            if new_deal:
                again = self.new_session(self.config.seed_source(), session.deck_colour)
            else:
                practice = session.practice or daily_date(session.seed) is not None
                again = session.restart(practice=practice)
        except _store_errors() as exc:
            self.tell(f"Cannot start a game: {exc}", "error", 8)
            return ToTitle()
        return Play(again, note=note)

    # The daily deal: one official attempt a day ---------------------------------------

    def today(self) -> dt.date:
        return self.config.today or dt.date.today()

    def daily(self, colour: DeckColour) -> Outcome:
        """Today's deal, the same for everyone on this date, one official attempt a day:
        none yet deals it; an unfinished one resumes; a finished (or abandoned) one
        shows its result and offers a practice game, marked and never counted."""
        from ..solver import daily_seed

        day = self.today()
        seed = daily_seed(day)
        if self.saves_games():
            return self._daily_saved(day, seed, colour)
        kept = self.kept  # quick games: the attempts of this run, in memory
        if kept is not None and kept.seed == seed and not kept.practice:
            return self.continue_kept()
        done = self.daily_done.get(seed)
        if done is None:
            return Play(self.new_session(seed, colour))
        from ..engine import score
        from ..solver import share_line

        final = score(done.state)
        par = self.pars.get(done.start) if self.config.compute_par else None
        line = share_line(day, final.total, final.rank, par, hints=done.hints_used)
        return AskPractice(f"You played today's daily deal:\n{line}", seed, colour)

    def _daily_saved(self, day: dt.date, seed: int, colour: DeckColour) -> Outcome:
        """The daily deal in the campaign file: its attempts are stored, in any campaign."""
        store = self.store
        assert store is not None
        try:
            official = [a for a in store.daily_games(seed) if not a[2]]
        except _store_errors() as exc:
            self.tell(f"Cannot read the daily deal: {exc}", "error", 8)
            return None
        if not official:
            # Stored with its first move, if no other window stored today's attempt first
            # (then that move is refused and the game screen opens that one instead).
            # An unfinished game is kept, never hidden: the note says where.
            note = self.kept_note()
            return Play(self.new_session(seed, colour, official=True), note=note)
        done = [a for a in official if a[1] != "playing"]
        if not done:
            game_id = official[0][0]
            try:
                campaign: str | None = store.game(game_id).record.setup.campaign
            except _store_errors():
                campaign = None
            self.tell(
                f"Today's daily deal goes on where you left it ({day.isoformat()}).",
                "information",
                5,
            )
            return self.open_saved(game_id, campaign)
        return AskPractice(self.daily_result(day, done[0][0]), seed, colour)

    def daily_result(self, day: dt.date, game_id: int) -> str:
        """What today's official attempt came to: its share line (with the par if known)."""
        from ..solver import share_line

        store = self.store
        assert store is not None
        try:
            stored = store.game(game_id)
            result = stored.record.result
            if result is None:
                return f"You gave up today's daily deal ({day.isoformat()})."
            start = store.replay_data(game_id).states[0]
            par = self.pars.get(start) if self.config.compute_par else None
        except _store_errors() as exc:
            return f"You played today's daily deal ({day.isoformat()}); its result: {exc}"
        line = share_line(day, result.score, result.rank, par, hints=stored.hints)
        return f"You played today's daily deal:\n{line}"

    def practice(self, seed: int, colour: DeckColour) -> Outcome:
        """The daily deal again as practice: marked as such, never today's result."""
        return Play(self.new_session(seed, colour, practice=True))

    # Saved games: Continue, and one window per game -----------------------------------

    def can_continue(self) -> bool:
        """Continue applies: a quick game kept, or an unfinished saved game (never
        opening the file just to ask)."""
        if self.kept is not None:
            return True
        if self.store_pending or self._store is None:
            return False
        return self.unfinished_count() > 0

    def continue_game(self) -> Outcome:
        """Continue: the kept quick game, else the most recently played unfinished saved
        game, in whichever campaign (R32); its saved moves are the undo history."""
        if self.kept is not None:
            return self.continue_kept()
        if self.store is None:
            return None
        try:
            games = [game for game in self.store.saved_games() if game.problem is None]
        except _store_errors() as exc:
            self.tell(f"Cannot continue: {exc}", "error", 8)
            return None
        if not games:
            self.tell("No game to continue.", "information", 5)
            return ToTitle()
        return self.resume(games[0])

    def resume(self, game: SavedGame) -> Outcome:
        """Open a saved game at exactly its position; its campaign becomes current."""
        return self.open_saved(game.game_id, game.campaign)

    def open_saved(self, game_id: int, campaign: str | None = None, *, ask: bool = True) -> Outcome:
        """Play saved game ``game_id`` here if no other live window holds it; else ask
        (watch or take over), or with ``ask`` off say it is still held. Errors are a
        notice and the title, never a crash."""
        from ..stored_session import StoredSession

        if self.store is None:
            return None
        if campaign is not None:
            self.campaign_name = campaign
        try:
            stored = self.store.resume_game(game_id)
            holder = self.store.hold_game(game_id)
        except _store_errors() as exc:
            self.tell(f"Cannot open game {game_id}: {exc}", "error", 8)
            return ToTitle()
        if holder is None:
            session = StoredSession(stored)
            self.deck_colour = session.deck_colour
            return Play(session, preview=False)
        if not ask:
            self.tell(f"Still open in the other window ({holder.describe()}).", "information", 6)
            return None
        return AskHeld(game_id, holder, stored)

    def watch(self, stored: StoredGame) -> Outcome:
        """A game another window holds, read-only (never written from here)."""
        from ..session import GameSession

        session = GameSession(
            stored.states[0],
            seed=stored.record.seed,
            deck_colour=stored.record.deck_colour,
            history=stored.moves,
        )
        self.session = None  # held by the other window: nothing of ours to release
        return Watch(session, stored.saved_id)

    def refused(self, exc: Exception) -> Outcome:
        """A write was refused: if the game changed in (or was taken by) another window,
        reload it from the store (or watch it), so this window shows what is stored."""
        from ..storage.errors import StaleGameError

        if isinstance(exc, StaleGameError):
            return self.open_saved(exc.game_id)
        return None

    def heartbeat(self) -> Outcome:
        """Renew the hold of the game being played; if another window took it over (this
        one stalled past the lease), say so and offer to watch it instead."""
        session = self.session
        if self._store is None or not _is_stored(session) or session is None:
            return None
        game_id = getattr(session, "game_id", None)
        if session.state.is_over or game_id is None:
            return None  # over, or no move yet: stored (and held) with its first move
        try:
            held = self._store.renew_hold(game_id)
        except _store_errors():
            return None  # a busy file: the next beat tries again
        if held:
            return None
        self.tell("Another window took this game over.", "warning", 8)
        return self.open_saved(game_id)

    def hold(self) -> None:
        """Hold the saved game being played; if another window got it first, its next
        write is refused and reloads."""
        game_id = getattr(self.session, "game_id", None)
        if self._store is not None and _is_stored(self.session) and game_id is not None:
            with contextlib.suppress(*_store_errors()):
                self._store.hold_game(game_id)

    def release(self) -> None:
        """Let the game being played go (for the title, or another game). If this fails,
        the process's end or its silent heartbeat frees the hold."""
        game_id = getattr(self.session, "game_id", None)
        if self._store is not None and _is_stored(self.session) and game_id is not None:
            with contextlib.suppress(*_store_errors()):
                self._store.release_game(game_id)

    # Settings remembered between runs, and the tutorial's step ------------------------

    def _settings_dir(self) -> Path | None:
        """Where settings are kept: the data directory, when games are saved there."""
        if not self.config.use_store:
            return None
        from ..storage.paths import data_dir

        return data_dir(self.config.data_dir, create=False)

    def load_settings(self) -> str | None:
        """Read the settings of earlier runs; a problem with the file, as text."""
        directory = self._settings_dir()
        if directory is None:
            return None
        from ..storage.settings import load_settings

        loaded = load_settings(directory)
        self.settings = loaded.settings
        return loaded.problem

    def save_settings(self, settings: Settings) -> None:
        """Remember ``settings`` (in settings.json when games are saved, else this run)."""
        self.settings = settings
        directory = self._settings_dir()
        if directory is None:
            return
        from ..storage.settings import save_settings

        try:
            save_settings(directory, self.settings)
        except OSError as exc:  # SaveError: a full disk, a file where the folder goes
            self.tell(f"Settings not remembered: {exc}", "warning", 6)

    def save_tutorial(self, progress: Progress) -> None:
        """Remember the tutorial step (once finished, it stays finished)."""
        done = progress.done or (self.settings.tutorial is not None and self.settings.tutorial.done)
        self.save_settings(replace(self.settings, tutorial=progress._replace(done=done)))

    def leave_tutorial(self, session: GameSession, progress: Progress) -> None:
        """Back to the title; the step is kept (and the game, for this run)."""
        self.tutorial_session = None if session.state.is_over else session
        self.save_tutorial(progress)
        self.end_session()
