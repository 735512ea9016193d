"""Provides :class:`LessonPanel`: the tutorial's step, what to do and why.

It takes the move log's place while the scripted part of the tutorial runs (the
log comes back for free play). Lesson texts come from a data file: drawn as plain
text, never read as markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

from ...text import printable
from ..attached import while_attached
from ..border_words import fitting
from ..glyphs import Glyphs


class LessonPanel(Static):
    """``Step 3 of 18 · Using card 2``, the lesson, then the keys it waits for."""

    def __init__(self, glyphs: Glyphs, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self._headings: tuple[str, ...] = ()

    def show(self, headings: Sequence[str], text: str, ask: str, note: str | None = None) -> None:
        """Draw one step: ``headings`` its border's wordings, longest first (the
        first that shows whole is drawn); ``ask`` is what to press; ``note`` why the
        last key did nothing.

        Data, so text (never markup), written with the terminal's glyphs (``--ascii``).
        """
        g = self.glyphs
        self._headings = tuple(printable(g.in_text(heading)) for heading in headings)
        self._fit_heading()
        body = Text(printable(g.in_text(text)))
        body.append("\n")
        body.append(ask, style="bold")
        if note:
            body.append("\n")
            body.append(note, style="italic")
        self.update(body)

    @while_attached
    def on_resize(self) -> None:
        self._fit_heading()

    def _fit_heading(self) -> None:
        if self._headings:
            self.border_title = Text(fitting(self._headings, self.outer_size.width))
