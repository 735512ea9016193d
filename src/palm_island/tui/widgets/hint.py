"""Provides :class:`HintLine`: one line above the key bar for the solver's hint.

Hidden until the player asks for a hint, so the table's layout (and every
screenshot of it) is unchanged for players who never do.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ...i18n import _


class HintLine(Static):
    """``Hint: R2 pay CH1 — expected final score 38★``, or a "thinking" note."""

    def thinking(self) -> None:
        self.display = True
        self.update(Text(_("Hint: thinking... (keys still work)"), style="italic"))

    def show_hint(self, text: Text) -> None:
        self.display = True
        self.update(text)

    def clear(self) -> None:
        self.display = False
        self.update("")
