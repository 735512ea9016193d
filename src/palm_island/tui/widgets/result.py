"""Provides :class:`ResultLines`: par beside the score, hints used, the share line.

The end screen shows it under the score. The par is searched on a background
thread from the start of the game (:class:`~..par.ParBook`); until it is ready
the widget says so and polls a few times a second, so the end screen never waits.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from rich.text import Text
from textual.timer import Timer
from textual.widgets import Static

from ...solver import par_words, share_line
from ..attached import while_attached
from ..glyphs import Glyphs

if TYPE_CHECKING:
    from ...session import GameSession
    from ..controller import ParSource

POLL_SECONDS = 0.2


def par_text(
    total: int,
    par: int | None,
    hints: int,
    g: Glyphs,
    *,
    searching: bool,
    bound: int | None = None,
) -> Text:
    """``Par 41★, best possible ≤ 47★ · you 38★, 3 under par · 2 hints used`` (or ``Par
    46★, the best possible`` when the par line reaches the solver's upper bound from the
    deal); while par is not known, ``Perfect play scores at most 52★`` on a second line."""
    text = Text()
    if par is None:
        text.append("Par: searching..." if searching else "Par: not searched", style="dim")
    else:
        words = par_words(par, bound, star=g.star, at_most=g.at_most)
        text.append(words[0].upper() + words[1:], style="bold")
        text.append(f" {g.sep} you {total}{g.star}")
        diff = total - par
        if diff:
            text.append(f", {abs(diff)} {'over' if diff > 0 else 'under'} par")
        else:
            text.append(", level with par")
    text.append(f" {g.sep} {hints} hint{'s' if hints != 1 else ''} used")
    if bound is not None and par is None:
        text.append(f"\nPerfect play scores at most {bound}{g.star}", style="dim")
    return text


class ResultLines(Static):
    """Par and hints; for a daily deal also the one line to share (``c`` copies it)."""

    def __init__(
        self,
        session: GameSession,
        total: int,
        rank: str,
        day: dt.date | None,
        glyphs: Glyphs,
        pars: ParSource | None,
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.session = session
        self.total = total
        self.rank = rank
        self.day = day
        """The daily deal's date, or ``None`` for any other deal."""
        self.glyphs = glyphs
        self._pars = pars
        """Where the par and the bound come from; ``None`` when pars are not searched."""
        self.par: int | None = None
        self.bound: int | None = None
        """No line from the deal scores more: the par book's (worked out off the UI
        thread as the game began), polled as the par is; never worked out here, where
        it held the screen 0.1-0.3 s (0.7 s more on the first deal of a run)."""
        self._timer: Timer | None = None

    @property
    def share(self) -> str | None:
        """The line to paste (daily deals only)."""
        if self.day is None:
            return None
        hints = self.session.hints_used
        return share_line(self.day, self.total, self.rank, self.par, hints=hints, bound=self.bound)

    @while_attached
    def on_mount(self) -> None:
        self._poll()
        if self._waiting:
            self._timer = self.set_interval(POLL_SECONDS, self._poll)

    @property
    def _waiting(self) -> bool:
        """Whether the par book has more to give: the par or the bound."""
        return self._searching and (self.par is None or self.bound is None)

    @property
    def _searching(self) -> bool:
        return self._pars is not None

    def _poll(self) -> None:
        pars = self._pars
        if pars is not None:
            self.par = pars.get(self.session.start)
            self.bound = pars.bound(self.session.start)
        if not self._waiting and self._timer is not None:
            self._timer.stop()
        text = par_text(
            self.total,
            self.par,
            self.session.hints_used,
            self.glyphs,
            searching=self._searching,
            bound=self.bound,
        )
        if self.share is not None:
            text.append("\nShare (c copies): ", style="dim")
            text.append(self.share, style="bold")
        elif self.session.practice:
            text.append("\nPractice game: not counted as the daily result.", style="dim")
        self.update(text)
