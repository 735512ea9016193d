"""Provides :class:`Games`: starting, leaving, keeping and ending games."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .outcomes import Outcome, Play, ToTitle
from .state import SharedState, is_stored, store_errors

if TYPE_CHECKING:
    from ...records import Difficulty
    from ...session import DeckColour, GameSession


class Games(SharedState):
    """New games, the quick game kept for Continue, the end of a game."""

    def new_session(
        self, seed: int, colour: DeckColour, *, practice: bool = False, official: bool = False
    ) -> GameSession:
        """A new game: saved in the current campaign if games are saved (with its first
        move: a deal only looked at is no saved game), else in memory. ``official``:
        the daily deal's one attempt of the day (stored only if no other window
        stored it first)."""
        from ...session import GameSession

        self.deck_colour = colour
        store, campaign = self.store, self.campaign_name
        if store is not None and campaign is not None and self.saving_off is None:
            from ...stored_session import StoredSession

            stored = store.new_game(
                campaign,
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
        except store_errors() as exc:
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
        if session is not None and not is_stored(session):
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
        from ...solver.daily import daily_date

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
        from ...solver.daily import daily_date

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
        except store_errors() as exc:
            self.tell(f"Cannot start a game: {exc}", "error", 8)
            return ToTitle()
        return Play(again, note=note)
