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

from ...i18n import _
from ..attached import while_attached
from ..fitted import Fitted
from ..glyphs import UNICODE, Glyphs
from ..layout import COMPACT, TABLE


class TooSmallScreen(Fitted, Screen[None]):
    """``Terminal too small — needs at least 80×24, or 44×40 ...``; quits with ``q``
    like elsewhere. The sizes are the layouts' own (:mod:`..layout`)."""

    CSS_PATH = Path(__file__).with_name("too_small.tcss")

    def __init__(self, glyphs: Glyphs = UNICODE, *, touch: bool = False) -> None:
        super().__init__()
        self.glyphs = glyphs
        self.touch = touch
        """The page runs on a touch screen (:attr:`AppConfig.touch`)."""

    def compose(self) -> ComposeResult:
        yield Static(self.notice_text(), id="too-small")

    def notice_text(self, size: Size | None = None) -> str:
        size = size or self.app.size
        g = self.glyphs
        x = g.times
        table, compact = TABLE.minimum, COMPACT.minimum
        return _(
            "Terminal too small {dash} needs at least {table},\n"
            "or {compact} with the cards stacked\n"
            "(now {size}).\n"
            "{what_to_do}: your game is kept."
        ).format(
            dash=g.dash,
            table=f"{table.width}{x}{table.height}",
            compact=f"{compact.width}{x}{compact.height}",
            size=f"{size.width}{x}{size.height}",
            what_to_do=self.what_to_do(),
        )

    def what_to_do(self) -> str:
        """What makes room where the game runs: in a browser (Textual's web driver,
        as ``palm-island serve`` runs it) zoom and the address's font size, on a
        touch screen (:attr:`AppConfig.touch`) turning the phone first."""
        if not self.app.is_web:
            return _("Make the window larger")
        if self.touch:
            return _(
                "Turn the phone, zoom out, or add ?fontsize=10\nto the address for a smaller font"
            )
        return _(
            "Make the window larger, zoom out, or add ?fontsize=10\n"
            "to the address for a smaller font"
        )

    @while_attached
    def on_resize(self, event: Resize) -> None:
        self.query_one("#too-small", Static).update(self.notice_text(event.size))
