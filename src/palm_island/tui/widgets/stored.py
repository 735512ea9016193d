"""Provides :class:`StoredPanel`: the stored resource cards and their totals.

Stored cards stick out of the deck, so the player sees all of them (R9, R19):
which cards, what each holds, the total of each resource and "n/4 stored".
"""

from __future__ import annotations

from rich.text import Text

from ...engine import STORE_LIMIT, TableView
from ..glyphs import RESOURCE_NAMES, RESOURCE_STYLES, Glyphs
from ..render import resources
from .lines import LinesWidget


class StoredPanel(LinesWidget):
    """The stored cards in deck order, what each holds, and the totals."""

    DEFAULT_CSS = """
    StoredPanel {
        height: 7;
        border: round $foreground 40%;
        padding: 0 1;
    }
    """

    def __init__(self, glyphs: Glyphs, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self._shown: object = None

    def show(self, view: TableView) -> None:
        if view.stored == self._shown:
            return  # nothing changed: no repaint
        self._shown = view.stored
        self.border_title = f"Stored {len(view.stored)}/{STORE_LIMIT}"
        self.set_lines(self._lines(view))  # fixed height: at most four stored (R19)

    def prepare(self, view: TableView) -> None:
        """Render now the lines :meth:`show` may be asked to draw next."""
        if view.stored != self._shown:
            self.prerender(self._lines(view))

    def _lines(self, view: TableView) -> list[Text]:
        g = self.glyphs
        lines = []
        if not view.stored:
            lines.append(Text("nothing stored yet", style="dim italic"))
        for card in view.stored:
            line = Text()
            line.append(f"{card.code:<4}", style="bold")
            line.append(f"{card.spec.name:<12} ")
            line.append_text(resources(card.face.yields, g))
            lines.append(line)
        total = Text()
        total.append("Total ", style="bold")
        for name, n in zip(RESOURCE_NAMES, view.stored_total, strict=True):
            total.append(f" {n}{g.resource(name)}", style=RESOURCE_STYLES[name] if n else "dim")
        lines.append(total)
        return lines
