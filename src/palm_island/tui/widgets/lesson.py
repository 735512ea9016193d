"""Provides :class:`LessonPanel`: the tutorial's step, what to do and why.

It takes the move log's place while the scripted part of the tutorial runs (the
log comes back for free play). Lesson texts come from a data file: drawn as plain
text, never read as markup.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ...text import printable
from ..glyphs import Glyphs


class LessonPanel(Static):
    """``Step 3 of 18 · Using card 2``, the lesson, then the keys it waits for."""

    def __init__(self, glyphs: Glyphs, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs

    def show(self, heading: str, text: str, ask: str, note: str | None = None) -> None:
        """Draw one step: ``ask`` is what to press; ``note`` why the last key did nothing.

        Data, so text (never markup), written with the terminal's glyphs (``--ascii``).
        """
        g = self.glyphs
        self.border_title = Text(printable(g.in_text(heading)))
        body = Text(printable(g.in_text(text)))
        body.append("\n")
        body.append(ask, style="bold")
        if note:
            body.append("\n")
            body.append(note, style="italic")
        self.update(body)
