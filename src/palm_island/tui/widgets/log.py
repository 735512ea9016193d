"""Provides :class:`MoveLog`: every turn and automatic step, as plain text.

Plain lines (no colour, no glyphs) so a screen reader reads them as they are.
The log is derived from the session's steps, so after an undo it is rebuilt and
never disagrees with the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import RichLog

from ...session import Step
from ..render import event_line


class MoveLog(RichLog):
    """The turns played, with R21 returns and R22 round ends between them."""

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

    def show(self, steps: Sequence[Step]) -> None:
        """Bring the log up to ``steps``; append when the game only moved on."""
        count = len(self._shown)
        extends = len(steps) >= count and all(
            a is b for a, b in zip(self._shown[-1:], steps[count - 1 : count], strict=False)
        )
        if not extends or count == 0:
            self.clear()
            self.write(self.header)
            count = 0
        for step in steps[count:]:
            for event in step.events:
                self.write(event_line(event))
        self._shown = list(steps)
