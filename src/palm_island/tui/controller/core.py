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
(docs/architecture.md has the picture). One class in layers, each module one job:
:mod:`.state` (what is shared; holding the game played), :mod:`.games`, :mod:`.saved`,
and here the daily deal.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from .outcomes import AskPractice, Outcome, Play
from .saved import SavedGames
from .state import store_errors

if TYPE_CHECKING:
    from ...engine import GameState
    from ...session import DeckColour


class Controller(SavedGames):
    """The shared state of one window's games and the decisions about them."""

    def today(self) -> dt.date:
        return self.config.today or dt.date.today()

    def daily(self, colour: DeckColour) -> Outcome:
        """Today's deal, the same for everyone on this date, one official attempt a day:
        none yet deals it; an unfinished one resumes; a finished (or abandoned) one
        shows its result and offers a practice game, marked and never counted."""
        from ...solver import daily_seed

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
        from ...engine import score

        final = score(done.state)
        line = self._share_line(day, done.start, final.total, final.rank, done.hints_used)
        return AskPractice(f"You played today's daily deal:\n{line}", seed, colour)

    def _share_line(
        self, day: dt.date, start: GameState, total: int, rank: str, hints: int | None
    ) -> str:
        """The daily's share line as the end screen words it: par (when the par book
        has it) with what the deal's upper bound says of it (``par_words``)."""
        from ...solver import share_line, upper_bound

        par = self.pars.get(start) if self.config.compute_par else None
        bound = None
        if par is not None:  # the par book's bound, worked out as the deal was asked for
            bound = self.pars.bound(start)
            bound = upper_bound(start) if bound is None else bound  # not yet: the same number
        return share_line(day, total, rank, par, hints=hints, bound=bound)

    def _daily_saved(self, day: dt.date, seed: int, colour: DeckColour) -> Outcome:
        """The daily deal in the campaign file: its attempts are stored, in any campaign."""
        store = self.store
        assert store is not None
        try:
            official = [a for a in store.daily_games(seed) if not a[2]]
        except store_errors() as exc:
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
            except store_errors():
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
        store = self.store
        assert store is not None
        try:
            stored = store.game(game_id)
            result = stored.record.result
            if result is None:
                return f"You gave up today's daily deal ({day.isoformat()})."
            start = store.replay_data(game_id).states[0]
        except store_errors() as exc:
            return f"You played today's daily deal ({day.isoformat()}); its result: {exc}"
        line = self._share_line(day, start, result.score, result.rank, stored.hints)
        return f"You played today's daily deal:\n{line}"

    def practice(self, seed: int, colour: DeckColour) -> Outcome:
        """The daily deal again as practice: marked as such, never today's result."""
        return Play(self.new_session(seed, colour, practice=True))
