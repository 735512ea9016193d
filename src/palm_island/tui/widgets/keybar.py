"""Provides :class:`KeyBar`: the keys that apply now, one line, clickable.

The game screen uses it instead of Textual's ``Footer``, which rebuilds its key
widgets whenever bindings change — on nearly every move here, costing more than
the move itself. The screen decides which keys apply (asking the engine through
``check_action``) and pushes the list down; a click runs the key's action.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.events import Click
from textual.message import Message

from .lines import LinesWidget


class KeyItem(NamedTuple):
    """One key shown in the bar (a named tuple: quicker to define at start-up than a
    frozen dataclass, which compiles its methods when the module is imported)."""

    key: str
    description: str
    action: str
    """The action to run on click, e.g. ``act('store')`` or ``app.help``."""
    optional: bool = False
    """Left out when the bar is too narrow for every key (its key still works)."""

    @property
    def width(self) -> int:
        """Cells it takes in the bar: `` key `` and ``description ``."""
        return len(self.key) + len(self.description) + 3


def fitting(items: tuple[KeyItem, ...], width: int) -> tuple[KeyItem, ...]:
    """``items`` without the optional ones, last first, that do not fit ``width``."""
    shown = list(items)
    for item in reversed(items):
        if sum(i.width for i in shown) <= width:
            break
        if item.optional:
            shown.remove(item)
    return tuple(shown)


class KeyBar(LinesWidget):
    """``s Store  r Rotate  d Discard …``; click a key to press it.

    When the terminal is too narrow for every key, optional ones are left out
    (they still work and are listed in the help) rather than cut in the middle.
    """

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $panel;
    }
    """

    class Pressed(Message):
        """The player clicked a key in the bar."""

        def __init__(self, action: str) -> None:
            super().__init__()
            self.action = action

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._spans: list[tuple[int, int, str]] = []
        self._items: tuple[KeyItem, ...] = ()

    def show(self, items: tuple[KeyItem, ...]) -> None:
        if items == self._items:
            return
        self._items = items
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        text = Text()
        self._spans = []
        shown = fitting(self._items, self.size.width) if self.size.width else self._items
        for item in shown:
            start = len(text)
            text.append(f" {item.key} ", style="bold reverse")
            text.append(f"{item.description} ")
            self._spans.append((start, len(text), item.action))
        self.set_lines([text])

    def offset_of(self, action: str) -> int:
        """The column of ``action``'s key (for tests and mouse users' scripts)."""
        return next(start for start, _, a in self._spans if a == action) + 1

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for start, end, action in self._spans:
            if start <= offset.x < end:
                self.post_message(self.Pressed(action))
                return
