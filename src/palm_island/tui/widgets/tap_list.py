"""Provides :class:`TapList`: an ``OptionList`` whose options a finger can tell apart.

On a phone a row is 14 CSS px (a 12 px font), and WCAG 2.5.8 asks for 24 from one
tap target to the next. So in the compact layout (the screen's ``-narrow`` class,
``tui/layout.py``) a rule stands between each two options: 28 px from one to the
next (a tap on the rule picks the option above). At the table's width the list is
as Textual draws it. The rules follow the layout: a list rebuilds its options when
the layout changes under it, keeping the highlight.

An option too long for the list's width wraps as an entry (``widgets/entries.py``):
its continuation rows are indented under its text, so a finger and an eye see one
option, never a row that reads as the next one.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual import events
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ..attached import while_attached
from .entries import wrap_line

HANG = 3
"""The column an option's continuation rows start at: under the text of "1. pay"."""


def spaced(options: list[Option]) -> list[Option | None]:
    """``options`` with a rule (``None``, to ``OptionList``) between each two."""
    with_rules: list[Option | None] = []
    for option in options:
        if with_rules:
            with_rules.append(None)
        with_rules.append(option)
    return with_rules


class TapList(OptionList):
    """Every option list of the game: spaced for taps in the compact layout."""

    def __init__(self, *options: Option, id: str | None = None) -> None:
        super().__init__(*options, id=id)
        self._spaced = False
        self._listed: list[Option] = list(options)
        """The options as given (unwrapped): rebuilt for each width."""
        self._width = 0

    def _narrow(self) -> bool:
        return self.is_attached and self.screen.has_class("-narrow")

    def show_options(self, options: Iterable[Option]) -> None:
        """Replaces the options (then nothing is highlighted), spaced for the layout now."""
        self._listed = list(options)
        self._spaced = self._narrow()
        self._width = self.scrollable_content_region.width
        fitted = [self._fitted(option) for option in self._listed]
        self.clear_options()
        self.add_options(spaced(fitted) if self._spaced else fitted)

    def _fitted(self, option: Option) -> Option:
        """``option`` with its prompt wrapped to the list's width, hang-indented."""
        prompt = option.prompt
        if self._width < 2 or not isinstance(prompt, (str, Text)):
            return option
        text = Text(prompt) if isinstance(prompt, str) else prompt
        rows = [row for line in text.split("\n") for row in wrap_line(line, self._width, HANG)]
        return Option(Text("\n").join(rows), id=option.id, disabled=option.disabled)

    @while_attached
    def on_resize(self, event: events.Resize) -> None:
        """The layout or the width may have changed: rules or none, rows rewrapped."""
        width = self.scrollable_content_region.width
        if self._narrow() == self._spaced and width == self._width:
            return
        highlighted = self.highlighted
        self.show_options(self._listed)
        self.highlighted = highlighted
