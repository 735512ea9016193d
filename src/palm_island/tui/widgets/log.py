"""Provides :class:`MoveLog`: every turn and automatic step, as plain text.

Plain lines (no colour, no glyphs) so a screen reader reads them as they are.
The log is derived from the session's steps, so after an undo it shows exactly
the turns still played. Moving on appends; an undo cuts the log back to where
that step began, so neither costs more as the game grows.

It is a ``ScrollView`` drawn with Textual's line API: each entry is wrapped at
spaces to the width once, and only the rows in view are drawn. (A ``RichLog``
did the same through Rich's console and cost ~8 ms more before the game's first
frame; cutting it back also meant editing its private line list.)
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.segment import Segment
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ...session import Step
from ..render import event_line


def wrap(text: str, width: int) -> list[str]:
    """``text`` in rows of at most ``width`` cells, broken at spaces; a word longer
    than a row is cut, and the first row keeps the text's indent. Never returns no
    rows (an empty entry is one blank row)."""
    width = max(1, width)
    words = text.lstrip(" ")
    rows: list[str] = []
    row = text[: len(text) - len(words)][: width - 1]
    for word in words.split(" "):
        candidate = f"{row} {word}" if row.strip(" ") else row + word
        if cell_len(candidate) <= width:
            row = candidate
            continue
        if row:
            rows.append(row)
        while cell_len(word) > width:
            rows.append(word[:width])
            word = word[width:]
        row = word
    rows.append(row)
    return rows


class MoveLog(ScrollView, can_focus=False):
    """The turns played, with R21 returns and R22 round ends between them.

    Not focusable: the arrow keys select cards; the mouse wheel scrolls the log.
    """

    DEFAULT_CSS = """
    MoveLog {
        height: 1fr;
        border: round $foreground 40%;
        background: $surface;
        color: $foreground;
        overflow-y: scroll;  /* always there, so the width to wrap at never changes */
        overflow-x: hidden;
    }
    """

    def __init__(self, header: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.header = header
        self.border_title = "Log"
        self.entries: list[str] = [header]
        """Every line of the log, unwrapped (what a screen reader or a test reads)."""
        self._shown: list[Step] = []
        self._marks: list[int] = [1]
        """Entries in the log before each shown step (and after the last)."""
        self._rows: list[str] = []
        self._row_marks: list[int] = [0]
        """Rows before each entry (and after the last), at :attr:`_width`."""
        self._width = 0

    def show(self, steps: Sequence[Step]) -> None:
        """Bring the log up to ``steps``: cut back to what they share, then append."""
        common = 0
        for shown, step in zip(self._shown, steps, strict=False):
            if shown is not step:
                break
            common += 1
        if common == len(self._shown) == len(steps):
            return  # nothing new (a key that only selected a card): keep the scroll
        kept = self._marks[common]
        del self.entries[kept:], self._marks[common + 1 :]
        if self._width:
            del self._rows[self._row_marks[kept] :], self._row_marks[kept + 1 :]
        for step in steps[common:]:
            for event in step.events:
                self.entries.append(event_line(event))
                if self._width:
                    self._wrap_entry(self.entries[-1])
            self._marks.append(len(self.entries))
        self._shown = list(steps)
        self._update_size()

    def _wrap_entry(self, entry: str) -> None:
        """Add the rows of ``entry``, the newest, at the current width."""
        self._rows += wrap(entry, self._width)
        self._row_marks.append(len(self._rows))

    def _rewrap(self) -> None:
        self._rows, self._row_marks = [], [0]
        for entry in self.entries:
            self._wrap_entry(entry)

    def _update_size(self) -> None:
        """New rows: size the scroll area to them and follow the newest."""
        self.virtual_size = Size(self._width, len(self._rows))
        # force: the scrollbar may not be shown yet (layout comes after this call)
        self.scroll_end(animate=False, immediate=False, x_axis=False, force=True)
        self.refresh()

    def on_resize(self) -> None:
        """Wrap every entry again for a new width (resizes are rare; entries few), and
        keep the newest in view when the height changes (the hint line comes and goes)."""
        width = self.scrollable_content_region.width
        if width != self._width:
            self._width = width
            self._rewrap()
        self._update_size()

    def render_line(self, y: int) -> Strip:
        row = y + self.scroll_offset.y
        text = self._rows[row] if row < len(self._rows) else ""
        width = self.scrollable_content_region.width
        style = self.visual_style.rich_style
        return Strip([Segment(text, style)]).extend_cell_length(width, style)
