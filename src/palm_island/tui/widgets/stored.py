"""Provides :class:`StoredPanel`: the stored resource cards and their totals.

Stored cards stick out of the deck, so the player sees all of them (R9, R19):
which cards, what each holds, the total of each resource and "n/4 stored".
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ...engine import STORE_LIMIT, TableView
from ..glyphs import RESOURCE_NAMES, RESOURCE_STYLES, Glyphs
from ..render import resources


class StoredPanel(Static):
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
        g = self.glyphs
        self.border_title = f"Stored {len(view.stored)}/{STORE_LIMIT}"
        text = Text(no_wrap=True, overflow="ellipsis")
        if not view.stored:
            text.append("nothing stored yet", style="dim italic")
        for i, card in enumerate(view.stored):
            if i:
                text.append("\n")
            text.append(f"{card.code:<4}", style="bold")
            text.append(f"{card.spec.name:<12} ")
            text.append_text(resources(card.face.yields, g))
        text.append("\nTotal ", style="bold")
        for name, n in zip(RESOURCE_NAMES, view.stored_total, strict=True):
            text.append(f" {n}{g.resource(name)}", style=RESOURCE_STYLES[name] if n else "dim")
        self.update(text, layout=False)  # fixed height: at most four stored (R19)
