"""Provides :class:`TapList`: an ``OptionList`` whose options a finger can tell apart.

On a phone a row is 14 CSS px (a 12 px font), and WCAG 2.5.8 asks for 24 from one
tap target to the next. So in the compact layout (the screen's ``-narrow`` class,
``tui/layout.py``) a rule stands between each two options: 28 px from one to the
next (a tap on the rule picks the option above). At the table's width the list is
as Textual draws it. The rules follow the layout: a list rebuilds its options when
the layout changes under it, keeping the highlight.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual import events
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ..attached import while_attached


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

    def _narrow(self) -> bool:
        return self.is_attached and self.screen.has_class("-narrow")

    def show_options(self, options: Iterable[Option]) -> None:
        """Replaces the options (then nothing is highlighted), spaced for the layout now."""
        listed = list(options)
        self._spaced = self._narrow()
        self.clear_options()
        self.add_options(spaced(listed) if self._spaced else listed)

    @while_attached
    def on_resize(self, event: events.Resize) -> None:
        """The layout may have changed (a resize is how it changes): rules or none."""
        if self._narrow() == self._spaced:
            return
        highlighted = self.highlighted
        fresh = [
            Option(option.prompt, id=option.id, disabled=option.disabled)
            for option in (self.get_option_at_index(i) for i in range(self.option_count))
        ]
        self.show_options(fresh)
        self.highlighted = highlighted
