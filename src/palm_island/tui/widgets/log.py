"""Provides :class:`MoveLog`: every turn and automatic step, as plain text.

Plain lines (no colour, no glyphs) so a screen reader reads them as they are.
The log is derived from the session's steps, so after an undo it shows exactly
the turns still played: moving on appends, an undo clears the log and writes it
again (a few hundred short lines at most).

A ``RichLog`` (wrapping at spaces, following the newest); this subclass only
keeps the entries as text and turns steps into lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.widgets import RichLog

from ...i18n import _
from ...session import Step
from ..attached import while_attached
from ..border_words import fitting
from ..render import event_line


class MoveLog(RichLog, can_focus=False):
    """The turns played, with returned stored cards and round ends between them.

    Not focusable: the arrow keys select cards; the mouse wheel scrolls the log.
    """

    def __init__(self, header: str, *, id: str | None = None) -> None:
        super().__init__(
            id=id, wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=1
        )
        self.header = header
        self.border_title = _("Log")
        self.entries: list[str] = []
        """Every line of the log (what a screen reader or a test reads)."""
        self._shown: list[Step] = []
        self._wrapped_at = 0
        """The width the lines were wrapped at: a wider or narrower log wraps again."""
        self._goals: tuple[str, ...] = ("",)
        """The subtitle's wordings, longest first (:meth:`show_goals`)."""
        self._add(header)

    def _add(self, entry: str) -> None:
        self.entries.append(entry)
        self.write(Text(entry))  # Text, never markup: the header holds a campaign name

    def show_goals(self, *wordings: str) -> None:
        """The open goals' progress under the log: the first of ``wordings`` (longest
        first) that the border shows whole at the log's width."""
        self._goals = wordings or ("",)
        self.border_subtitle = fitting(self._goals, self.outer_size.width)

    @while_attached
    def on_resize(self, event: events.Resize) -> None:
        """Lines wrapped at 80 columns stay wrapped after widening unless written again."""
        self.border_subtitle = fitting(self._goals, self.outer_size.width)
        width = event.size.width
        if width and self._wrapped_at and width != self._wrapped_at:
            entries, self.entries = self.entries, []
            self.clear()
            for entry in entries:
                self._add(entry)
        if width:
            self._wrapped_at = width
            self.scroll_end(animate=False, immediate=True)  # the latest turn, at once

    @property
    def steps_shown(self) -> int:
        """How many of the session's steps (turns) the log shows."""
        return len(self._shown)

    def show(self, steps: Sequence[Step]) -> None:
        """Bring the log up to ``steps``: append new ones; after an undo, write it again."""
        common = 0
        for shown, step in zip(self._shown, steps, strict=False):
            if shown is not step:
                break
            common += 1
        if common == len(self._shown) == len(steps):
            return  # nothing new (a key that only selected a card): keep the scroll
        if common < len(self._shown):
            self.clear()
            self.entries = []
            self._add(self.header)
            common = 0
        for step in steps[common:]:
            for event in step.events:
                self._add(event_line(event))
        self._shown = list(steps)
        self.scroll_end(animate=False)
