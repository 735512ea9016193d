"""Provides :class:`StatusBar`: round, the turn being played, cards left, the score."""

from __future__ import annotations

import io

from rich.console import Console
from rich.text import Text
from textual.widgets import Static

from ...engine import ROUNDS, TableView
from ...i18n import _, ngettext
from ..attached import while_attached
from ..glyphs import STAR_STYLE, Glyphs
from ..styled import styled


class StatusBar(Static):
    """One line: ``Round 3 of 8 · Turn 27 · 5 cards before round end · Score 4★``.

    The turn is the one being played (the log's last line is the turn before it);
    once the game is over the line says so. Where the whole line does not fit (80
    columns, a daily deal's date), the round's count says less before anything is cut;
    a narrow screen gives it two lines, and the count says less only if those do not hold
    it, word-wrapped.
    """

    def __init__(self, glyphs: Glyphs, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self._parts: tuple[TableView, int, str] | None = None

    def show(self, view: TableView, points: int, deal: str) -> None:
        self._parts = (view, points, deal)
        self._draw()

    @while_attached
    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if self._parts is not None:
            size = self.content_size
            line = status_line(
                *self._parts, self.glyphs, width=size.width, lines=max(1, size.height)
            )
            self.update(line, layout=False)  # its height is set: one line, two when narrow


def left_in_round(left: int) -> tuple[str, ...]:
    """The cards before the round ends, long to short: the longest that fits is used."""
    return (
        ngettext("{n} card before round end", "{n} cards before round end", left),
        ngettext("{n} card left in round", "{n} cards left in round", left),
        ngettext("{n} left", "{n} left", left),
    )


def status_line(
    view: TableView, points: int, deal: str, g: Glyphs, *, width: int = 0, lines: int = 1
) -> Text:
    """The status line; with ``width`` (cells, 0 for any) the longest form that fits in
    ``lines`` lines of that width, word-wrapped."""
    for form in left_in_round(view.cards_left_in_round):
        text = _status_line(view, points, deal, g, form)
        if not width or text.cell_len <= width:
            break
        if lines > 1 and len(text.wrap(_MEASURE, width)) <= lines:
            break
    return text


_MEASURE = Console(width=500, file=io.StringIO(), legacy_windows=False)
"""A console that only measures word wrapping (Text.wrap asks for one); it prints nothing."""


def _status_line(view: TableView, points: int, deal: str, g: Glyphs, form: str) -> Text:
    text = Text()
    sep = f" {g.sep} "
    if view.is_over:
        turns = view.turn
        over = ngettext("Game over after {turns} turn", "Game over after {turns} turns", turns)
        text.append(over.format(turns=turns), style="bold")
    else:
        rounds = _("Round {round} of {rounds}").format(round=view.round, rounds=ROUNDS)
        text.append(rounds, style="bold")
        text.append(sep + _("Turn {turn}").format(turn=view.turn + 1))
        text.append(sep + form.format(n=view.cards_left_in_round))
    text.append(sep)
    text.append(styled(_("Score {score}"), score=Text(f"{points}{g.star}", style=STAR_STYLE)))
    text.append(f"{sep}{deal}", style="dim")
    return text
