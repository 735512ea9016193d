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

from ...i18n import _, ngettext
from ...solver import par_words, share_line
from ..attached import while_attached
from ..glyphs import Glyphs
from ..styled import styled

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
        text.append(_("Par: searching...") if searching else _("Par: not searched"), style="dim")
    else:
        words = par_words(par, bound, star=g.star, at_most=g.at_most)
        text.append(words[0].upper() + words[1:], style="bold")
        text.append(f" {g.sep} " + _("you {score}").format(score=f"{total}{g.star}"))
        diff = total - par
        if diff > 0:
            text.append(", " + _("{n} over par").format(n=diff))
        elif diff < 0:
            text.append(", " + _("{n} under par").format(n=-diff))
        else:
            text.append(", " + _("level with par"))
    used = ngettext("{hints} hint used", "{hints} hints used", hints).format(hints=hints)
    text.append(f" {g.sep} {used}")
    if bound is not None and par is None:
        at_most = _("Perfect play scores at most {score}").format(score=f"{bound}{g.star}")
        text.append("\n" + at_most, style="dim")
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
            text.append("\n")
            share = Text(self.share, style="bold")
            # Translators: c is the key that copies: it stays as it is
            text.append_text(styled(_("Share (c copies): {share}"), words="dim", share=share))
        elif self.session.practice:
            practice = _("Practice game: not counted as the daily result.")
            text.append("\n" + practice, style="dim")
        self.update(text)
