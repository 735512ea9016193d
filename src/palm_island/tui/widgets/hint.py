"""Provides :class:`HintLine`: one line above the key bar for the solver's hint.

Hidden until the player asks for a hint, so the table's layout (and every
screenshot of it) is unchanged for players who never do.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class HintLine(Static):
    """``Hint: R2 pay CH1 — expected final score 38★``, or a "thinking" note."""

    DEFAULT_CSS = """
    HintLine {
        height: auto;
        max-height: 2;  /* the move, why, and the expected score wrap at 80 columns */
        padding: 0 1;
        background: $boost;
        display: none;
    }
    """

    def thinking(self) -> None:
        self.display = True
        self.update(Text("Hint: thinking... (keys still work)", style="italic"))

    def show_hint(self, text: Text) -> None:
        self.display = True
        self.update(text)

    def clear(self) -> None:
        self.display = False
        self.update("")
