"""Provides :class:`TooSmallScreen`: shown instead of a broken layout.

It covers whatever is underneath without touching it, so growing the terminal
again brings the game back exactly as it was.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

from ..attached import while_attached
from ..fitted import Fitted
from ..glyphs import UNICODE, Glyphs
from ..layout import COMPACT, TABLE


class TooSmallScreen(Fitted, Screen[None]):
    """``Terminal too small — needs at least 80×24, or 44×40 ...``; quits with ``q``
    like elsewhere. The sizes are the layouts' own (:mod:`..layout`)."""

    CSS_PATH = Path(__file__).with_name("too_small.tcss")

    def __init__(self, glyphs: Glyphs = UNICODE) -> None:
        super().__init__()
        self.glyphs = glyphs

    def compose(self) -> ComposeResult:
        yield Static(self.notice_text(), id="too-small")

    def notice_text(self, size: Size | None = None) -> str:
        size = size or self.app.size
        g = self.glyphs
        x = g.times
        table, compact = TABLE.minimum, COMPACT.minimum
        return (
            f"Terminal too small {g.dash} needs at least {table.width}{x}{table.height},\n"
            f"or {compact.width}{x}{compact.height} with the cards stacked\n"
            f"(now {size.width}{x}{size.height}).\n"
            "Make the window larger: your game is kept."
        )

    @while_attached
    def on_resize(self, event: Resize) -> None:
        self.query_one("#too-small", Static).update(self.notice_text(event.size))
