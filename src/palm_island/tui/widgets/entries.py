"""Provides :class:`Entries`: lines of a list that wrap as entries, not as prose.

A phone held upright shows about 55 columns, so a list's longer lines wrap. Wrapped
at the left edge, a line's second row reads as an entry of its own (a deck listing's
"2♣W · F 2≈F" under card 1). Here each line wraps at word boundaries with its
continuation rows hang-indented, so a line reads as one entry at any width. A line
that starts at the left edge is prose and wraps as prose (continuations at the edge).
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.widgets import Static

_WORD = re.compile(r" *[^ ]+")
"""A word and the spaces before it (a no-break space joins words: "best\xa0-")."""
HANG = 2
"""Cells a continuation row starts right of its line's own indent (lines that are
indented, or all lines when the widget is given a ``hang`` of its own)."""


_COLUMN = re.compile(r"^ +\S.*?  +(?=\S)")
"""An indented line's first column of text after a gap of two spaces or more (the
words of a key table's row, the figures of a card's face)."""


def hang_of(line: str, hang: int | None) -> int:
    """The column a wrapped line continues at: ``hang`` if given; else an indented
    line's second column (:data:`_COLUMN`) or two cells right of its indent; 0 for
    prose (no indent)."""
    if hang is not None:
        return hang
    indent = len(line) - len(line.lstrip(" "))
    if not indent:
        return 0
    column = _COLUMN.match(line)
    return cell_len(column.group()) if column else indent + HANG


def _fold(word: Text, width: int) -> list[Text]:
    """A word longer than a whole row, in rows of ``width`` cells (the last one open)."""
    rows: list[Text] = []
    start = 0
    for end in range(1, len(word.plain) + 1):
        if cell_len(word.plain[start:end]) > width and end - 1 > start:
            rows.append(word[start : end - 1])
            start = end - 1
    rows.append(word[start:])
    return rows


def wrap_line(line: Text, width: int, hang: int) -> list[Text]:
    """``line`` in rows of at most ``width`` cells, broken between words; rows after
    the first start at column ``hang`` (at most half the width)."""
    plain = line.plain
    if cell_len(plain) <= width or width < 2:
        return [line]
    indent = len(plain) - len(plain.lstrip(" "))
    hang = min(hang, max(width // 2, indent))  # room to go on, never left of the line
    rows: list[Text] = []
    start = end = 0
    room = width
    for match in _WORD.finditer(plain):
        if end > start and cell_len(plain[start : match.end()]) > room:
            rows.append(line[start:end])
            start, room = match.end() - len(match.group().lstrip(" ")), width - hang
        end = match.end()
        while cell_len(plain[start:end]) > room:  # one word wider than a row
            *whole, rest = _fold(line[start:end], room)
            rows.extend(whole)
            start = end - len(rest.plain)
            room = width - hang
    rows.append(line[start:end])
    return [rows[0], *(Text(" " * hang) + row for row in rows[1:])]


def wrap_entries(text: Text, width: int, hang: int | None = None) -> list[Text]:
    """Every line of ``text`` wrapped by :func:`wrap_line`, its hang from :func:`hang_of`."""
    rows: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        rows.extend(wrap_line(line, width, hang_of(line.plain, hang)))
    return rows


class Entries(Static):
    """A ``Static`` whose indented lines wrap hang-indented (:func:`wrap_entries`).

    ``hang``: the column every line continues at (a listing whose lines all start
    at the edge); by default each line's own (:func:`hang_of`). A ``str`` is Rich
    markup, as the help's text is written."""

    def __init__(
        self,
        text: Text | str = "",
        *,
        hang: int | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(text, id=id, classes=classes)
        self.hang = hang

    @property
    def text(self) -> Text:
        """The content as lines of text, before they are wrapped."""
        content = self.content
        if isinstance(content, Text):
            return content
        return Text.from_markup(content) if isinstance(content, str) else Text(str(content))

    def rows(self, width: int) -> list[Text]:
        return wrap_entries(self.text, width, self.hang)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((cell_len(line) for line in self.text.plain.split("\n")), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows(width))

    def render(self) -> Text:
        return Text("\n").join(self.rows(self.content_size.width))
