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
from ..glyphs import UNICODE, Glyphs


class TooSmallScreen(Screen[None]):
    """``Terminal too small — needs at least 80×24``; quits with ``q`` like elsewhere."""

    CSS_PATH = Path(__file__).with_name("too_small.tcss")

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.min_width = width
        self.min_height = height

    def compose(self) -> ComposeResult:
        yield Static(self.notice_text(), id="too-small")

    def notice_text(self, size: Size | None = None) -> str:
        size = size or self.app.size
        g: Glyphs = getattr(self.app, "glyphs", UNICODE)
        x = g.times
        return (
            f"Terminal too small {g.dash} needs at least {self.min_width}{x}{self.min_height}\n"
            f"(now {size.width}{x}{size.height}).\n"
            "Make the window larger: your game is kept."
        )

    @while_attached
    def on_resize(self, event: Resize) -> None:
        self.query_one("#too-small", Static).update(self.notice_text(event.size))
