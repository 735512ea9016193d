"""Provides :class:`MoveLog`: every turn and automatic step, as plain text.

Plain lines (no colour, no glyphs) so a screen reader reads them as they are.
The log is derived from the session's steps, so after an undo it shows exactly
the turns still played. Moving on appends; an undo cuts the log back to where
that step began, so neither costs more as the game grows.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.geometry import Size
from textual.widgets import RichLog

from ...session import Step
from ..render import event_line


class MoveLog(RichLog, can_focus=False):
    """The turns played, with R21 returns and R22 round ends between them.

    Not focusable: the arrow keys select cards; the mouse wheel scrolls the log.
    """

    DEFAULT_CSS = """
    MoveLog {
        height: 1fr;
        border: round $foreground 40%;
    }
    """

    def __init__(self, header: str, *, id: str | None = None) -> None:
        super().__init__(id=id, highlight=False, markup=False, wrap=True, min_width=20)
        self.header = header
        self.border_title = "Log"
        self._shown: list[Step] = []
        self._marks: list[int] = []
        """Lines in the log before each shown step (and after the last)."""

    def show(self, steps: Sequence[Step]) -> None:
        """Bring the log up to ``steps``: append, cut back, or rebuild."""
        common = 0
        for shown, step in zip(self._shown, steps, strict=False):
            if shown is not step:
                break
            common += 1
        if not self._marks or not self._cut_to(common):
            self._rebuild()
            common = 0
        for step in steps[common:]:
            for event in step.events:
                self.write(event_line(event))
            self._marks.append(len(self.lines))
        self._shown = list(steps)

    def _rebuild(self) -> None:
        self.clear()
        self.write(self.header)
        self._shown = []
        self._marks = [len(self.lines)]

    def _cut_to(self, steps: int) -> bool:
        """Drop the lines of every step after the first ``steps``; False if it can't."""
        if steps == len(self._shown):
            return True
        keep = self._marks[steps]
        if self._deferred_renders or keep > len(self.lines):
            return False  # not laid out yet: rebuild instead
        del self.lines[keep:]
        del self._marks[steps + 1 :]
        self._line_cache.clear()
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        self.refresh()
        return True
