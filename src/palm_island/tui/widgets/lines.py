"""Provides :class:`LinesWidget`: fixed lines of text, each repainted only when it changes.

The game's table widgets (cards, status, stored cards, key bar) change a few lines
per key. A ``Static`` renders all of its text again on any change; this widget
keeps one rendered strip per line and renders again only the lines that differ,
through the same Textual pipeline (``Content`` and ``Visual.to_strips``), so what
is drawn is the same as a ``Static`` with ``text-wrap: nowrap`` would draw.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Span, Text
from textual.app import RenderResult
from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

LineKey = tuple[str, tuple[Span, ...], str | Style]
"""What makes a line look the way it does: its characters, spans and base style."""


def _line_key(line: Text) -> LineKey:
    return (line.plain, tuple(line.spans), line.style)


_rendered: LRUCache[tuple[object, ...], Strip] = LRUCache(1024)
"""Strips by widget class, width, theme, widget style and line. Many lines recur
("[d] discard to back", a card's title as it moves from card 2 to card 1), and the
game screen renders ahead the lines each legal move would show (:meth:`LinesWidget.
prerender`), so the lines a move shows are nearly always here already."""


class LinesWidget(Widget):
    """Shows a list of one-row Rich texts; ``set_lines`` repaints only changed rows."""

    ALLOW_SELECT = False
    """Per-line rendering does not draw a mouse selection, so none is offered."""

    DEFAULT_CSS = """
    LinesWidget {
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(Widget.auto_links, False)  # no links; saves a pass per line
        self._texts: list[Text] = []
        self._keys: list[LineKey] = []
        self._strips: dict[int, Strip] = {}
        self._strips_width = -1
        self._strips_style: object = None
        """The width and style the cached strips were rendered for."""

    def set_lines(self, lines: Sequence[Text], *, repaint_all: bool = False) -> None:
        """Show ``lines``, repainting only the rows whose text or style changed."""
        keys = [_line_key(line) for line in lines]
        old = self._keys
        self._texts, self._keys = list(lines), keys
        changed = [
            row
            for row in range(max(len(keys), len(old)))
            if (keys[row] if row < len(keys) else None) != (old[row] if row < len(old) else None)
        ]
        for row in changed:
            self._strips.pop(row, None)
        if repaint_all or not self.is_mounted:
            self.refresh()
        elif changed:
            width = self.size.width
            self.refresh(*(Region(0, row, width, 1) for row in changed))

    def prerender(self, lines: Sequence[Text]) -> None:
        """Render ``lines`` into the shared cache now, so showing them later is quick."""
        width = self.size.width
        if not width or not self.is_mounted:
            return
        for line in lines:
            key = self._cache_key(width, _line_key(line))
            if _rendered.get(key) is None:  # get, not `in`: marks the line as recently used
                _rendered[key] = self._render_text(line, width)

    def render(self) -> RenderResult:
        """All lines as one text (for Textual's measuring; drawing uses ``render_line``)."""
        return Text("\n").join(self._texts)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        style = self.visual_style
        if width != self._strips_width or style is not self._strips_style:
            self._strips_width, self._strips_style = width, style
            self._strips.clear()
        strip = self._strips.get(y)
        if strip is None:
            if y < len(self._keys):
                key = self._cache_key(width, self._keys[y])
                strip = _rendered.get(key)
                if strip is None:
                    strip = _rendered[key] = self._render_text(self._texts[y], width)
            else:
                strip = Strip.blank(width, style.rich_style)
            self._strips[y] = strip
        return strip

    def _cache_key(self, width: int, line: LineKey) -> tuple[object, ...]:
        return (type(self), width, self.app.theme, self.visual_style, line)

    def _render_text(self, text: Text, width: int) -> Strip:
        """One line, as Textual renders a ``Static``'s text (same styles and cropping)."""
        style = self.visual_style
        content = Content.from_rich_text(text, console=self.app.console)
        strips = Visual.to_strips(self, content, width, 1, style)
        return strips[0] if strips else Strip.blank(width, style.rich_style)
