"""Provides :class:`TouchKeys`: the key bar of the compact layout, every key a tap target.

A phone has no Esc, ``?`` or ``q``, and a narrow window cuts Textual's one-row
``Footer`` off at its right edge, taking the last keys (Help, Quit) with it. So
below the table's width (the screen's ``-narrow`` class, see ``tui/layout.py``)
the footer gives way to this bar: the same keys (the screen's public
``active_bindings``, as the footer reads them), wrapped over as many rows as they
need, each run on a tap through ``App.run_action`` (which asks the screen's
``check_action`` first, as a key press does). A screen may leave out the actions
the player taps elsewhere on it (the game's cards offer store, rotate, flip and
discard on their own lines).

The bar also lists the few keys a screen keeps out of its footer for room at 80
columns although nothing else on the screen taps them (:data:`OFF_THE_FOOTER`):
the bar wraps, so room is no reason there, and a phone has no other way to them.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget

from ...i18n import key_label
from ..attached import while_attached

OFF_THE_FOOTER: frozenset[str] = frozenset({"redo", "export"})
"""Actions (names) bound with ``show=False`` that have no tap target elsewhere on
their screen: the game's Redo (``ctrl+r``, ``U``), the replay's Export (``x``).
Other hidden bindings are another key for an action the bar lists (``ctrl+q``
Quit), have a tap target of their own (a card selects on a tap, a payment option
chooses on one) or are a shortcut to what taps reach otherwise
(:data:`REACHED_OTHERWISE`)."""

REACHED_OTHERWISE: frozenset[str] = frozenset(
    {
        "goto",  # the replay's first and last move: its Round and Move entries reach both
        "round_start",  # the replay's round n: its Round entries step round by round
        "speed",  # the replay's pace: it plays at the default one; no move is out of reach
        "scroll_cards",  # the end screen's cards: their scroll bar takes taps
        "entry",  # the title's entries: each is a button
        "next_language",  # the title's language: its button
        "focus_next",  # moving the focus: a tap focuses what it touches
        "focus_previous",  # moving the focus: a tap focuses what it touches
        "copy_text",  # copying: the browser's own selection copies
    }
)
"""Hidden bindings (action names) left off every key bar, each with (in its comment)
the taps that do the same (a test walks every screen's bindings: a new hidden one must be listed
here, put on the bar or tapped on the screen)."""


def on_a_bar(binding: Binding) -> bool:
    """Whether a key bar lists ``binding`` when it applies: the footer its shown
    ones, this bar those and :data:`OFF_THE_FOOTER`."""
    return binding.show or binding.action.partition("(")[0] in OFF_THE_FOOTER


class TouchKey(NamedTuple):
    """One entry of the bar: where it is drawn and what a tap on it does."""

    row: int
    start: int
    end: int
    label: str
    action: str
    node: DOMNode
    enabled: bool


class TouchKeys(Widget):
    """The screen's keys as tap targets (``esc Title ? Help q Quit`` ...), one space
    apart: the game's six keys fit the compact layout's 44 columns on one row.

    A plain ``Widget`` (not a ``Static``), so a query for a screen's ``Static`` text
    never finds the key bar."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"touch-keys--key", "touch-keys--label"}

    def __init__(self, *, on_screen: frozenset[str] = frozenset()) -> None:
        super().__init__()
        self.on_screen = on_screen
        """Actions (names, without arguments) the screen offers as tap targets of its
        own: not repeated here."""
        self.keys: list[TouchKey] = []
        """What is drawn, row by row (for a tap, a test or a screen reader)."""
        self._width = 0
        self._text = Text()

    @while_attached
    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        self.rebuild()

    @while_attached
    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._width:
            self.rebuild()

    def entries(self) -> list[tuple[str, Binding, DOMNode, bool]]:
        """The keys the footer would list now (minus the screen's own tap targets,
        plus :data:`OFF_THE_FOOTER`): how the key is shown, its binding, the node
        whose binding it is, enabled."""
        shown: dict[str, tuple[str, Binding, DOMNode, bool]] = {}
        for node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            name = binding.action.partition("(")[0]  # act('store') -> act
            if on_a_bar(binding) and name not in self.on_screen:
                # one action, several keys: listed once (the footer does the same)
                key = self.app.get_key_display(binding)
                shown.setdefault(binding.action, (key, binding, node, enabled))
        return list(shown.values())

    def rebuild(self) -> None:
        """Lay the keys out in rows of the bar's width, each whole on one row."""
        width = self.content_size.width
        self._width = self.size.width
        if not width:
            return  # hidden (the table's width) or not laid out: a resize builds it
        key_style = self.get_component_rich_style("touch-keys--key")
        label_style = self.get_component_rich_style("touch-keys--label")
        keys: list[TouchKey] = []
        rows: list[Text] = [Text()]
        for key, binding, node, enabled in self.entries():
            description = key_label(binding.description)
            cells = cell_len(key) + cell_len(description) + 1  # "key label"
            row = rows[-1]
            if row.cell_len and row.cell_len + 1 + cells > width:
                row = Text()
                rows.append(row)
            elif row.cell_len:
                row.append(" ")
            start = row.cell_len
            row.append(key, style=key_style)
            row.append(f" {description}", style=label_style)
            if not enabled:
                row.stylize("dim", start)
            label = f"{key} {description}"
            keys.append(
                TouchKey(len(rows) - 1, start, row.cell_len, label, binding.action, node, enabled)
            )
        self.keys = keys
        self._text = Text("\n").join(rows)
        # As tall as its rows, set as a style: a rebuild during a resize (a screen
        # coming up on a phone) asked for a layout with ``refresh(layout=True)`` and
        # the bar kept its old height, its second row of keys out of sight.
        height = self.styles.height
        if height is None or height.cells != len(rows):
            self.styles.height = len(rows)
        self.refresh()

    def render(self) -> Text:
        return self._text

    async def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for key in self.keys:
            if key.row == offset.y and key.start <= offset.x < key.end:
                event.stop()  # the key's, not also the screen's (a click closes the help)
                if key.enabled:
                    await self.app.run_action(key.action, key.node)
                else:
                    self.app.bell()
                return
