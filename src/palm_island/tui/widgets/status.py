"""Provides :class:`StatusBar`: round, turn, cards left in the round and the score."""

from __future__ import annotations

from rich.text import Text

from ...engine import ROUNDS, TableView
from ..glyphs import Glyphs
from .lines import LinesWidget


class StatusBar(LinesWidget):
    """One line: ``Round 3 of 8 · Turn 27 · 5 cards to round end · Score 4★``."""

    DEFAULT_CSS = """
    StatusBar {
        height: 1;
        background: $panel;
        padding: 0 1;
    }
    """

    def __init__(self, glyphs: Glyphs, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs

    def show(self, view: TableView, points: int, deal: str) -> None:
        self.set_lines([self._line(view, points, deal)])

    def prepare(self, view: TableView, points: int, deal: str) -> None:
        """Render now the line :meth:`show` may be asked to draw next."""
        self.prerender([self._line(view, points, deal)])

    def _line(self, view: TableView, points: int, deal: str) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        sep = f" {self.glyphs.sep} "
        text.append(f"Round {view.round} of {ROUNDS}", style="bold")
        text.append(f"{sep}Turn {view.turn}")
        left = view.cards_left_in_round
        text.append(f"{sep}{left} card{'s' if left != 1 else ''} before round end")
        text.append(f"{sep}Score ")
        text.append(f"{points}{self.glyphs.star}", style="bold")
        text.append(f"{sep}{deal}", style="dim")
        return text
