"""Provides :class:`Controller`: what one window's screens share, and the rules
between games, without Textual.

:mod:`palm_island.session` keeps one game; the controller keeps what lives across
games in one window, in small parts with their own state: the game shown and the
games kept for later (:class:`.GameSlot`), the campaign file and its holds
(:class:`.CampaignFile`), the next game's setup (:class:`.NewGameSetup`) and the
settings (:class:`.SettingsKeeper`); and each deal's par (a :class:`.ParSource`).

Its methods decide and never show: they return an :data:`Outcome` (a game to play,
a game to watch, a question to ask) that the app maps to screens, and they tell the
player through the ``tell`` function they were given. The app is their only
caller; screens read its properties (docs/architecture.md has the picture).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from ...i18n import _, ngettext
from ..config import AppConfig
from ..feat_words import new_deal_keeps
from ..glyphs import Glyphs, glyphs_for
from .daily import todays_deal
from .file import CampaignFile, store_errors
from .outcomes import AskHeld, Learn, Outcome, Play, Severity, Tell, ToTitle, Watch
from .pars import ParSource
from .settings import SettingsKeeper
from .setup import NewGameSetup
from .slot import Current, GameSlot, Learning, Playing, Watching

if TYPE_CHECKING:
    from ...campaign.model import SavedGame
    from ...engine import Catalog, GameState, Move
    from ...records import Difficulty
    from ...session import DeckColour, GameSession
    from ...storage.errors import LoadError, SaveError
    from ...storage.folder_identity import FolderGone
    from ...storage.service import Store
    from ...storage.settings_data import Settings
    from ...storage.stored_game import StoredGame
    from ...tutorial.model import Tutorial
    from ...tutorial.progress import Progress

Pars = TypeVar("Pars", bound=ParSource)


class Controller(Generic[Pars]):
    """The shared state of one window's games and the decisions about them.

    ``make_pars`` builds the par book when a deal first needs it (the app's runs
    searches on its workers); ``Pars`` is its type, so the screens that read more
    of it than :class:`.ParSource` (hints, the analysis) see the app's.
    """

    def __init__(
        self,
        config: AppConfig,
        catalog: Catalog | None,
        tell: Tell,
        make_pars: Callable[[], Pars] | None = None,
    ) -> None:
        self._config = config
        self._catalog = catalog
        self._tell = tell
        self._make_pars = make_pars
        self._pars: Pars | None = None
        self._glyphs = glyphs_for(config.ascii_only)
        self._slot = GameSlot()
        self._file = CampaignFile(config.data_dir, config.use_store, tell, config.served_folder)
        self._setup = NewGameSetup(config.seed, config.deck_colour, config.seed_source)
        self._settings = SettingsKeeper(self._settings_dir, tell, self._file.save_settings)

    # What the screens read ------------------------------------------------------------

    @property
    def config(self) -> AppConfig:
        return self._config

    @property
    def glyphs(self) -> Glyphs:
        return self._glyphs

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
    def pars(self) -> Pars:
        """Each deal's par, searched in the background (the book is made on first use)."""
        if self._pars is None:
            if self._make_pars is None:
                raise RuntimeError("no par book: the app provides make_pars")
            self._pars = self._make_pars()
        return self._pars

    @property
    def current(self) -> Current | None:
        """What the window shows: a game played, the tutorial, a replay, a watched game."""
        return self._slot.current

    @property
    def session(self) -> GameSession | None:
        """The game shown, if any."""
        return self._slot.session

    @property
    def kept(self) -> GameSession | None:
        """A quick game left with ``escape`` for the title: Continue picks it up
        (a campaign game needs no keeping: it is saved move by move)."""
        return self._slot.kept

    @property
    def tutorial_session(self) -> GameSession | None:
        """The tutorial's game left with ``escape``, resumed exactly in this run."""
        return self._slot.tutorial

    def daily_done(self, seed: int) -> GameSession | None:
        """Quick games: the daily deal of ``seed`` finished in this run (one attempt)."""
        return self._slot.daily_done(seed)

    @property
    def store(self) -> Store | None:
        """The open campaign file when games are saved (never opened by reading this)."""
        return self._file.store

    @property
    def store_pending(self) -> bool:
        """The campaign file is still to be opened (just after the first frame)."""
        return self._file.pending

    @property
    def file_problem(self) -> LoadError | SaveError | None:
        """Why the campaign file could not be opened, the last time it was tried."""
        return self._file.problem

    @property
    def saving_off(self) -> str | None:
        """Why games are not saved although the file is open; ``None`` when they are."""
        return self._file.saving_off

    @property
    def campaign_name(self) -> str | None:
        """The campaign new games are played in."""
        return self._file.campaign

    @property
    def next_seed(self) -> int:
        return self._setup.next_seed

    @property
    def seed_chosen(self) -> bool:
        return self._setup.seed_chosen

    @property
    def deck_colour(self) -> DeckColour:
        return self._setup.colour

    @property
    def difficulty(self) -> Difficulty:
        return self._setup.difficulty

    @property
    def feat_choice(self) -> tuple[str, ...]:
        """The setup of the last new game (R31), reused by "new deal"."""
        return self._setup.feats

    @property
    def settings(self) -> Settings:
        """What is remembered between runs."""
        return self._settings.settings

    def tell(self, text: str, severity: Severity, timeout: float) -> None:
        """Say ``text`` to the player (the app shows it as a notice)."""
        self._tell(text, severity, timeout)

    def today(self) -> dt.date:
        return self._config.today or dt.date.today()

    def saves_games(self) -> bool:
        """Whether new games go to a campaign in the file (else quick games: also
        when saving is off)."""
        return self._file.saves_games()

    def unfinished_count(self) -> int:
        """How many unfinished games the file holds, in every campaign."""
        return self._file.unfinished_count()

    def kept_note(self) -> str | None:
        """What a new deal says when unfinished games exist: they are kept, and where."""
        waiting = self.unfinished_count()
        if not waiting:
            return None
        return ngettext(
            "Your unfinished game is kept: Saved games (s) on the title.",
            "Your {count} unfinished games are kept: Saved games (s) on the title.",
            waiting,
        ).format(count=waiting)

    def can_continue(self) -> bool:
        """Continue applies: a quick game kept, or an unfinished saved game (never
        opening the file just to ask)."""
        if self._slot.kept is not None:
            return True
        if self._file.store is None or self._file.saving_off is not None:
            return False
        return self.unfinished_count() > 0

    def game_in_play(self) -> GameSession | None:
        """The game that is on, shown or kept for Continue, if it is not over."""
        for session in (self._slot.playing, self._slot.kept):
            if session is not None and not session.state.is_over and session.moves:
                return session
        return None

    # The file, the campaign, the settings ----------------------------------------------

    def open_store(self) -> LoadError | SaveError | None:
        """Open the campaign file and choose a campaign; the error if it failed (games
        are then quick games in memory, and the app shows the damaged-file screen)."""
        return self._file.open()

    def close(self) -> None:
        """Keep a par line found since the UI last asked, then release the file."""
        if self._file.store is not None:
            if self._pars is not None:
                self._pars.flush()
            self._file.close()

    def choose_campaign(self, name: str) -> None:
        """New games go to campaign ``name``."""
        self._file.choose(name)

    def campaign_renamed(self, old: str, new: str) -> None:
        if self._file.campaign == old:
            self._file.choose(new)

    def campaign_deleted(self, name: str) -> None:
        """Campaign ``name`` is gone: if it was current, the most recent one is."""
        if self._file.campaign == name:
            self._file.choose_default_campaign()

    def campaign_check(self) -> tuple[bool, Outcome]:
        """Before anything that uses the current campaign: whether it is still in the
        file. If it was renamed or deleted elsewhere, say so, make the most recent one
        current and go to the title (a safe screen showing it)."""
        store, name = self._file.store, self._file.campaign
        if store is None or name is None:
            return True, None
        try:
            if any(c.name == name for c in store.campaigns()):
                return True, None
            self._file.choose_default_campaign()
        except store_errors() as exc:
            self._tell(_("Cannot read the campaigns: {reason}").format(reason=exc), "error", 8)
            return False, None
        self._tell(
            _(
                "The campaign {name} is no longer in the campaign file (renamed or deleted "
                "elsewhere); now in {current}."
            ).format(name=repr(name), current=repr(self._file.campaign)),
            "warning",
            10,
        )
        return False, ToTitle()

    def seed_typed(self, text: str) -> None:
        """The title's seed field reads ``text`` (empty: a random deal)."""
        self._setup.typed(text)

    def choose_colour(self, colour: DeckColour) -> None:
        self._setup.choose_colour(colour)

    def _settings_dir(self) -> Path | None:
        """Where settings are kept: the data directory, when games are saved there."""
        if not self._config.use_store or self._file.saving_off is not None:
            return None
        from ...storage.paths import data_dir

        return data_dir(self._config.data_dir, create=False)

    def load_settings(self) -> str | None:
        """Read the settings of earlier runs; a problem with the file, as text."""
        return self._settings.load()

    def save_settings(self, settings: Settings) -> None:
        """Remember ``settings`` (in settings.json when games are saved, else this run)."""
        self._settings.save(settings)

    def save_tutorial(self, progress: Progress) -> None:
        """Remember the tutorial step (once finished, it stays finished)."""
        self._settings.save_tutorial(progress)

    # The game shown: one way in, one way out ----------------------------------------

    def begin(self, current: Current) -> None:
        """``current`` is shown now: the game shown before is let go; a game played
        here is held (one writer per game), replaces a kept one and has its par
        asked for."""
        self.end()
        self._slot.begin(current)
        if isinstance(current, Playing):
            self._file.hold(current.session.game_id)
            if self._config.compute_par:
                self.pars.request(current.session.start, current.session.seed)

    def end(self) -> None:
        """Nothing is shown any more (back to the title): a saved game is let go."""
        ended = self._slot.end()
        if isinstance(ended, Playing):
            self._file.release(ended.session.game_id)

    def leave_game(self) -> None:
        """``escape`` in a game: a quick game is kept for Continue (a saved one is saved)."""
        session = self._slot.playing
        if session is not None and not session.saved:
            self._slot.keep(session if not session.state.is_over else None)
        self.end()

    def leave_tutorial(self, progress: Progress) -> None:
        """The tutorial is left: its step is kept (and its game, for this run)."""
        current = self._slot.current
        if isinstance(current, Learning):
            session = current.session
            self._slot.keep_tutorial(None if session.state.is_over else session)
        self.save_tutorial(progress)
        self.end()

    def follow(self, moves: tuple[Move, ...]) -> None:
        """The watched game is at ``moves`` now (read from the file)."""
        from ...session import GameSession

        session = self._slot.session
        if isinstance(self._slot.current, Watching) and session is not None:
            self._slot.follow(
                GameSession(
                    session.start,
                    seed=session.seed,
                    deck_colour=session.deck_colour,
                    history=moves,
                )
            )

    def game_finished(self) -> None:
        """The game played ended: a quick daily deal's attempt is done; a new game
        deals a new seed unless the player chose one."""
        from ...solver.daily import daily_date

        session = self._slot.playing
        if session is None:
            return
        counted = not session.practice and daily_date(session.seed) is not None
        self._slot.finished(session, daily_seed=session.seed if counted else None)
        self._setup.after_game()

    # New games -----------------------------------------------------------------------

    def new_session(
        self, seed: int, colour: DeckColour, *, practice: bool = False, official: bool = False
    ) -> GameSession:
        """A new game: saved in the current campaign if games are saved (with its first
        move: a deal only looked at is no saved game), else in memory. ``official``:
        the daily deal's one attempt of the day (stored only if no other window
        stored it first)."""
        from ...session import GameSession

        self._setup.choose_colour(colour)
        store, campaign = self._file.store, self._file.campaign
        if store is not None and campaign is not None and self._file.saving_off is None:
            from ...stored_session import StoredSession

            stored = store.new_game(
                campaign,
                difficulty=self._setup.difficulty,
                feats=self._setup.feats,
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

    def deal(self, seed_text: str) -> int:
        """The seed "New game" deals: the title's field, or a random one if it is empty."""
        return self._setup.deal(seed_text)

    def new_game(
        self, seed: int, colour: DeckColour, setup: tuple[Difficulty, tuple[str, ...]] | None
    ) -> Outcome:
        """ "New game" with ``seed``: with a setup (R31) the game is saved in the
        campaign, and unfinished games are said to be kept (never abandoned here)."""
        if setup is None:
            return Play(self.new_session(seed, colour))
        if not self.saves_games():
            return None
        self._setup.choose(*setup)
        note = self.kept_note()
        try:
            session = self.new_session(seed, colour)
        except ValueError as exc:  # a bad setup (LoadError is one too)
            self._tell(str(exc), "error", 8)
            return None
        except store_errors() as exc:
            self._tell(str(exc), "error", 8)
            return None
        return Play(session, note=note)

    def first_game(self) -> Outcome:
        """A game at once, without the title or the deck (``start_in_game``)."""
        seed, colour = self._setup.next_seed, self._setup.colour
        return Play(self.new_session(seed, colour), preview=False)

    def again(self, *, new_deal: bool) -> Outcome:
        """From the end screen: the same deal again (a daily deal again is practice: the
        day's one attempt is played) or a new deal, in the same colour; a campaign's
        new deal keeps the difficulty and feats of the game before and says so."""
        from ...solver.daily import daily_date

        session = self._slot.playing
        if session is None:
            return ToTitle()
        ok, outcome = self.campaign_check()
        if not ok:
            return outcome
        note = self.kept_note()  # other unfinished games are kept: say where
        if new_deal and session.difficulty is not None:
            # the game just played's setup, said aloud (not the dialog's last choice,
            # which a game resumed by Continue never went through)
            cards = session.feat_cards
            self._setup.choose(session.difficulty, tuple(card.code for card in cards))
            keeps = new_deal_keeps(session.difficulty, cards)
            note = keeps if note is None else f"{keeps}\n{note}"
        try:
            if new_deal:
                again = self.new_session(self._setup.roll(), session.deck_colour)
            else:
                practice = session.practice or daily_date(session.seed) is not None
                again = session.restart(practice=practice)
        except store_errors() as exc:
            self._tell(_("Cannot start a game: {reason}").format(reason=exc), "error", 8)
            return ToTitle()
        return Play(again, note=note)

    def continue_kept(self) -> Outcome:
        """Continue a quick game left for the title; None if there is none."""
        session = self._slot.kept
        if session is None:
            return None
        self._setup.choose_colour(session.deck_colour)
        return Play(session, preview=False)

    def tutorial(self) -> Outcome:
        """The guided game where the player left it (from its start once finished)."""
        from ...storage.catalog_files import standard_tutorial
        from ...tutorial.progress import Progress

        tutorial = standard_tutorial()
        progress = self.settings.tutorial or Progress()
        session = self._slot.tutorial  # left in this run: exactly as it was
        if session is None:
            bounds = (
                tutorial.moves_before(progress.step),
                tutorial.moves_before(progress.step + 1),
            )
            if progress.done or not bounds[0] <= progress.moves <= bounds[1]:
                progress = Progress(done=progress.done)  # again from the start (or a stale file)
            session = tutorial_session(tutorial, self.catalog, progress.moves)
        return Learn(session, tutorial, progress)

    # The daily deal (:mod:`.daily`) ----------------------------------------------------

    def daily(self, colour: DeckColour) -> Outcome:
        """Today's deal, one official attempt a day (:func:`.daily.todays_deal`)."""
        return todays_deal(self, colour)

    def practice(self, seed: int, colour: DeckColour) -> Outcome:
        """The daily deal again as practice: marked as such, never today's result."""
        return Play(self.new_session(seed, colour, practice=True))

    def share_line(
        self, day: dt.date, start: GameState, total: int, rank: str, hints: int | None
    ) -> str:
        """The daily's share line as the end screen words it: par (when the par book
        has it) with what the deal's upper bound says of it (``par_words``)."""
        from ...solver import share_line, upper_bound

        par = self.pars.get(start) if self._config.compute_par else None
        bound = None
        if par is not None:  # the par book's bound, worked out as the deal was asked for
            bound = self.pars.bound(start)
            bound = upper_bound(start) if bound is None else bound  # not yet: the same number
        return share_line(day, total, rank, par, hints=hints, bound=bound)

    # Saved games: Continue, one window each ---------------------------------------------

    def continue_game(self) -> Outcome:
        """Continue: the kept quick game, else the most recently played unfinished saved
        game, in whichever campaign (R32); its saved moves are the undo history."""
        if self._slot.kept is not None:
            return self.continue_kept()
        store = self._file.store
        if store is None:
            return None
        try:
            games = [game for game in store.saved_games() if game.problem is None]
        except store_errors() as exc:
            self._tell(_("Cannot continue: {reason}").format(reason=exc), "error", 8)
            return None
        if not games:
            self._tell(_("No game to continue."), "information", 5)
            return ToTitle()
        return self.resume(games[0])

    def resume(self, game: SavedGame) -> Outcome:
        """Open a saved game at exactly its position; its campaign becomes current."""
        return self.open_saved(game.game_id, game.campaign)

    def open_saved(self, game_id: int, campaign: str | None = None, *, ask: bool = True) -> Outcome:
        """Play saved game ``game_id`` here if no other live window holds it; else ask
        (watch or take over), or with ``ask`` off say it is still held. Errors are a
        notice and the title, never a crash."""
        from ...stored_session import StoredSession

        store = self._file.store
        if store is None:
            return None
        if self._file.saving_off is not None:
            self._tell(
                _(
                    "Saving is off ({reason}): a saved game is not played on "
                    "here; History replays the finished ones."
                ).format(reason=self._file.saving_off),
                "warning",
                8,
            )
            return None
        if campaign is not None:
            self._file.choose(campaign)
        try:
            stored = store.resume_game(game_id)
            holder = store.hold_game(game_id)
        except store_errors() as exc:
            message = _("Cannot open game {game}: {reason}").format(game=game_id, reason=exc)
            self._tell(message, "error", 8)
            return ToTitle()
        if holder is None:
            session = StoredSession(stored)
            self._setup.choose_colour(session.deck_colour)
            return Play(session, preview=False)
        if not ask:
            message = _("Still open in the other window ({holder}).")
            self._tell(message.format(holder=holder.describe()), "information", 6)
            return None
        return AskHeld(game_id, holder, stored)

    def watch(self, stored: StoredGame) -> Outcome:
        """A game another window holds, read-only (never written from here)."""
        from ...session import GameSession

        session = GameSession(
            stored.states[0],
            seed=stored.record.seed,
            deck_colour=stored.record.deck_colour,
            history=stored.moves,
        )
        return Watch(session, stored.saved_id)

    def refused(self, exc: Exception) -> Outcome:
        """A write was refused: if the game changed in (or was taken by) another window,
        reload it from the store (or watch it), so this window shows what is stored."""
        from ...storage.errors import StaleGameError
        from ...storage.folder_identity import FolderGone

        if isinstance(exc, StaleGameError):
            return self.open_saved(exc.game_id)
        if isinstance(exc, FolderGone):
            return self._folder_gone(exc)
        return None

    def _folder_gone(self, exc: FolderGone) -> Outcome:
        """The data folder went away under a saved game: saving stops, and the title
        (where new games are quick games) replaces the game that cannot be saved."""
        self._file.stop_saving(exc.problem)
        return ToTitle()

    def heartbeat(self) -> Outcome:
        """Renew the hold of the game being played; if another window took it over (this
        one stalled past the lease), say so and offer to watch it instead."""
        session = self._slot.playing
        if session is None or session.state.is_over or session.game_id is None:
            return None  # none, over, or no move yet: stored (and held) with its first move
        from ...storage.folder_identity import FolderGone

        try:
            held = self._file.renew(session.game_id)
        except FolderGone as exc:  # found by the beat, before the next move
            return self._folder_gone(exc)
        if held is None or held:
            return None  # still ours, or a busy file: the next beat tries again
        self._tell(_("Another window took this game over."), "warning", 8)
        return self.open_saved(session.game_id)


def tutorial_session(tutorial: Tutorial, catalog: Catalog, moves: int) -> GameSession:
    """The tutorial's game with its first ``moves`` scripted moves played."""
    from ...engine import new_game
    from ...session import GameSession

    start = new_game(catalog, deal=tutorial.deal)
    return GameSession(start, history=tutorial.moves[:moves])
