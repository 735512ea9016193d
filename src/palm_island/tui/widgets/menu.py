"""Provides :class:`Menu`: a column of entries with a cursor, drawn as plain lines.

The title screen used a ``Button`` per entry, plus an ``Input`` and a ``Footer``;
each of those classes brings a large stylesheet that Textual parses and applies
before the first frame, which made the title about 40 ms slower to appear than
an empty app. This widget is one :class:`LinesWidget`: the cursor is a marker and
reversed text (never colour alone), ``up``/``down`` move it, ``enter`` or a click
chooses an entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, NamedTuple

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.message import Message

from .lines import LinesWidget


class MenuItem(NamedTuple):
    """One row: ``label``, an optional ``value`` (a setting) and the ``key`` that
    chooses it from anywhere on the screen. Rows that cannot be chosen are shown dim
    (information) or, with an empty label, left blank (spacing)."""

    id: str
    label: str = ""
    value: str = ""
    key: str = ""
    choosable: bool = True


LABEL_WIDTH = 14
"""Cells of a setting's label column, so the values line up."""
BODY_WIDTH = 34
"""Cells of every row's text, from the label to the key."""


class Menu(LinesWidget):
    """The entries of a screen's menu; posts :class:`Chosen` for ``enter`` or a click."""

    can_focus = True

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k,shift+tab", "move(-1)", "Up", show=False),
        Binding("down,j,tab", "move(1)", "Down", show=False),
        Binding("home", "move_to_end(-1)", "First", show=False),
        Binding("end", "move_to_end(1)", "Last", show=False),
        Binding("enter", "choose", "Choose", show=False),
    ]

    class Chosen(Message):
        """An entry was chosen with ``enter`` or the mouse."""

        def __init__(self, menu: Menu, entry: str) -> None:
            super().__init__()
            self.menu = menu
            self.id = entry

    def __init__(self, marker: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.marker = marker
        """Drawn before the entry under the cursor (``▶`` or ``>``)."""
        self.items: tuple[MenuItem, ...] = ()
        self.cursor: str | None = None
        """The id of the entry under the cursor."""

    def show(self, items: Sequence[MenuItem], cursor: str | None = None) -> None:
        """Show ``items``; the cursor goes to ``cursor``, else stays on its entry if it
        is still there, else goes to the first entry that can be chosen."""
        self.items = tuple(items)
        ids = self._entries()
        for wanted in (cursor, self.cursor):
            if wanted in ids:
                self.cursor = wanted
                break
        else:
            self.cursor = ids[0] if ids else None
        self.styles.height = len(self.items)
        self._draw()

    def update(self, item: MenuItem) -> None:
        """Replace the entry with ``item``'s id (a changed value), keeping the cursor."""
        self.items = tuple(item if old.id == item.id else old for old in self.items)
        self._draw()

    def move_to(self, entry: str) -> None:
        if entry in self._entries():
            self.cursor = entry
            self._draw()

    def line_of(self, entry: str) -> int:
        """The row ``entry`` is drawn on (for the mouse, and tests that click it)."""
        return next(row for row, item in enumerate(self.items) if item.id == entry)

    def text_of(self, entry: str) -> str:
        """What ``entry``'s row reads, without the cursor marker."""
        return self._body(self.items[self.line_of(entry)]).plain.strip()

    def _entries(self) -> list[str]:
        """The ids of the rows that can be chosen (blank rows never can)."""
        return [item.id for item in self.items if item.choosable and item.label]

    def action_move(self, step: int) -> None:
        ids = self._entries()
        if not ids:
            return
        here = ids.index(self.cursor) if self.cursor in ids else -step
        self.move_to(ids[(here + step) % len(ids)])

    def action_move_to_end(self, end: int) -> None:
        ids = self._entries()
        if ids:
            self.move_to(ids[0] if end < 0 else ids[-1])

    def action_choose(self) -> None:
        if self.cursor is not None:
            self.post_message(self.Chosen(self, self.cursor))

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not 0 <= offset.y < len(self.items):
            return
        item = self.items[offset.y]
        if item.id in self._entries():
            self.move_to(item.id)
            self.post_message(self.Chosen(self, item.id))

    def on_resize(self) -> None:
        self._draw()

    def _body(self, item: MenuItem) -> Text:
        text = Text(item.label.ljust(LABEL_WIDTH) + item.value if item.value else item.label)
        text.truncate(BODY_WIDTH - len(item.key) - 1)
        text.pad_right(BODY_WIDTH - len(item.key) - len(text))
        text.append(item.key, style="bold")
        if not item.choosable:
            text.stylize("dim")
        return text

    def _draw(self) -> None:
        indent = " " * max(0, (self.size.width - BODY_WIDTH - 2) // 2)
        lines = []
        for item in self.items:
            if not item.label:
                lines.append(Text())
                continue
            here = item.id == self.cursor
            line = Text(indent)
            line.append(f"{self.marker} " if here else "  ", style="bold")
            body = self._body(item)
            if here:
                body.stylize("bold reverse")
            line.append_text(body)
            lines.append(line)
        self.set_lines(lines)
