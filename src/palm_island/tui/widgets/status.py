"""Provides :class:`StatusBar`: round, the turn being played, cards left, the score."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ...engine import ROUNDS, TableView
from ..glyphs import Glyphs


class StatusBar(Static):
    """One line: ``Round 3 of 8 · Turn 27 · 5 cards before round end · Score 4★``.

    The turn is the one being played (the log's last line is the turn before it);
    once the game is over the line says so.
    """

    def __init__(self, glyphs: Glyphs, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs

    def show(self, view: TableView, points: int, deal: str) -> None:
        self.update(status_line(view, points, deal, self.glyphs), layout=False)  # one line


def status_line(view: TableView, points: int, deal: str, g: Glyphs) -> Text:
    text = Text()
    sep = f" {g.sep} "
    if view.is_over:
        text.append(f"Game over after {view.turn} turns", style="bold")
    else:
        text.append(f"Round {view.round} of {ROUNDS}", style="bold")
        text.append(f"{sep}Turn {view.turn + 1}")
        left = view.cards_left_in_round
        text.append(f"{sep}{left} card{'s' if left != 1 else ''} before round end")
    text.append(f"{sep}Score ")
    text.append(f"{points}{g.star}", style="bold")
    text.append(f"{sep}{deal}", style="dim")
    return text
