"""Provides the glyph sets: Unicode, and plain ASCII for ``--ascii`` terminals.

Kept apart from :mod:`.render` so the title screen can start without importing
the engine. Every resource has a glyph *and* a letter (W/F/S) as well as a
colour, so nothing depends on colour alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import IO, Any, Final, NamedTuple

RESOURCE_NAMES: Final = ("wood", "fish", "stone")
RESOURCE_STYLES: Final = {"wood": "palm.wood", "fish": "palm.fish", "stone": "palm.stone"}
"""Named Rich styles: each theme's own colour, readable on it (tui/palette.py)."""
STAR_STYLE: Final = "palm.star"
UPGRADE_STYLE: Final = "palm.upgrade"


class Glyphs(NamedTuple):
    """The symbols a terminal can show: a Unicode set and an ASCII set."""

    wood: str
    fish: str
    stone: str
    star: str
    upgrade: str
    up: str
    down: str
    selected: str
    sep: str
    """Between items on one line: ``·`` or ``|``."""
    dash: str
    """A dash in running text: ``—`` or ``-``."""
    times: str = "×"
    """Between a width and a height: ``80×24`` or ``80x24``."""
    arrow: str = "→"
    """What an action leads to: ``→`` or ``->``."""
    ellipsis: str = "…"
    """Where a long name is cut: ``…`` or ``...``."""
    at_most: str = "≤"
    """Before an upper bound: ``best possible ≤ 47`` or ``best possible <= 47``."""

    def resource(self, name: str) -> str:
        """Glyph and letter, e.g. ``♣W``; in ASCII only the letter."""
        glyph: str = getattr(self, name)
        letter = name[0].upper()
        return letter if glyph == letter else f"{glyph}{letter}"

    def in_text(self, text: str) -> str:
        """``text`` written with these glyphs: running text from a data file or a
        phrase (a lesson, a hint's reason) is written with the Unicode ones. Resource
        glyphs are left alone: text names resources in words."""
        for name in self._fields:
            unicode, mine = getattr(UNICODE, name), getattr(self, name)
            if name not in RESOURCE_NAMES and unicode != mine:
                text = text.replace(unicode, mine)
        return text


UNICODE: Final = Glyphs("♣", "≈", "▲", "★", "⇧", "↑", "↓", "▶", "·", "—")
ASCII: Final = Glyphs("W", "F", "S", "*", "^", "up", "down", ">", "|", "-", "x", "->", "...", "<=")


def glyphs_for(ascii_only: bool) -> Glyphs:
    return ASCII if ascii_only else UNICODE


DRAWN: Final = "╭─╮│╰╯═║╔╗╚╝┏╍┓╏▊█▔▁▶…"
"""Characters Textual and our widgets draw besides the Unicode glyph set."""


def output_takes_glyphs(streams: Iterable[IO[Any] | None]) -> bool:
    """Whether every stream's encoding can write the Unicode glyphs and box drawing.

    With ``PYTHONIOENCODING=ascii`` (or a C locale) they cannot: each would come out
    escaped (``\\u258a``), so the game falls back to ``--ascii`` by itself.
    """
    sample = "".join(UNICODE[:11]) + UNICODE.at_most + DRAWN
    for stream in streams:
        if stream is None:
            continue
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            sample.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            return False
    return True
