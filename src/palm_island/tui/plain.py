"""Provides the one way a screen shows text from a player, a file or the database.

Campaign names, ranks, moves, file names and the error messages that quote them
are data. Given to a widget as a ``str`` they would be parsed as Textual/Rich
markup (a name ``[/]`` crashed the app) and could carry terminal control
characters. Every screen therefore passes such text through :func:`plain` (a
Rich ``Text``, never parsed, unsafe characters escaped by
:func:`palm_island.text.printable`) or :func:`notify_plain`. A dialog's message
has lines: :func:`plain_lines` keeps its line breaks as breaks (escaping them showed
``\x0a`` in every yes/no question) and treats everything else the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.cells import cell_len, set_cell_size
from rich.text import Text

from ..text import printable

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen
    from textual.widget import Widget


def plain(text: object, style: str = "") -> Text:
    """``text`` as a Rich ``Text``: shown exactly, never read as markup."""
    return Text(printable(str(text)), style=style)


def plain_lines(text: object, style: str = "") -> Text:
    """``text`` as a Rich ``Text`` whose ``\\n`` stay line breaks: every other unsafe
    character (``\\r``, escape, bidi) is escaped and markup is never parsed.

    Every dialog shows its message through this, so a question reads as lines.
    """
    return Text("\n".join(printable(line) for line in str(text).split("\n")), style=style)


def fit(text: object, width: int, ellipsis: str = "…", *, pad: bool = True) -> str:
    """``text`` made safe (:func:`printable`) and fitted to ``width`` terminal cells:
    cut with ``ellipsis`` when longer, padded with spaces when shorter (unless not
    ``pad``). Cells, not characters: a CJK character takes two, a combining accent
    none, so rows of names stay aligned.

    >>> fit("Palm Island forever", 10, "...")
    'Palm Is...'
    >>> fit("漢字漢字", 5)
    '漢字…'
    """
    safe = printable(str(text))
    if cell_len(safe) <= width:
        return set_cell_size(safe, width) if pad else safe
    room = max(width - cell_len(ellipsis), 0)
    cut = set_cell_size(safe, room).rstrip() + ellipsis
    return set_cell_size(cut, width) if pad else cut


def notify_plain(target: App[Any] | Screen[Any] | Widget, message: str, **options: Any) -> None:
    """``target.notify(message)`` with the message shown as text, not markup."""
    target.notify(printable(message), markup=False, **options)
