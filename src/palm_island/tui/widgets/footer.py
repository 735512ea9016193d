"""Provides :func:`refresh_keys` (the key bar follows a change of state, and only
then), :class:`KeyBar` (Textual's ``Footer``, rebuilt once a burst of changes),
:func:`key_bars` (every screen's key bars) and :func:`modal_footer` (the footer of
a pop-up screen).

Every screen yields its key bars through :func:`key_bars`: Textual's ``Footer`` at
the table's width and :class:`.touch_keys.TouchKeys` (the keys wrapped, each a tap
target) in the compact layout; the app's CSS shows one of the two by the screen's
``-narrow`` class.

Every screen shows Textual's stock ``Footer`` (as :class:`KeyBar`): its keys come from the screen's
``BINDINGS`` and ``check_action``. The stock footer rebuilds its keys on every
``refresh_bindings`` call, even when it would show the same keys: a layout of the
screen (about 20 ms here) and some forty DOM nodes for the cyclic collector, on
every move, undo and choice. So the screens never call ``refresh_bindings``
themselves: :func:`refresh_keys` asks the screen which keys a footer would show
(the public ``Screen.active_bindings``, which consults ``check_action``) and
refreshes only when that list changed.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from ...i18n import _, key_label
from ..attached import while_attached
from .touch_keys import TouchKeys, on_a_bar

Shown = tuple[tuple[str, str, str, bool, str], ...]

WRAPPED_KEYS = "-keys-wrap"
"""The class of a screen whose key bar's keys do not fit its row: the app's CSS
shows the wrapped bar (:class:`TouchKeys`) instead."""

_SHOWN: WeakKeyDictionary[Screen[Any], Shown] = WeakKeyDictionary()
"""Per screen: the keys its footer was last asked to show."""


def shown_keys(screen: Screen[Any]) -> Shown:
    """The keys a key bar on ``screen`` lists now: key, action, label, enabled, tip
    (the touch bar's hidden extras too: Redo coming and going must rebuild it). The
    label in the active language: a language chosen in play rebuilds the bars."""
    return tuple(
        (binding.key, binding.action, key_label(binding.description), enabled, tooltip)
        for _node, binding, enabled, tooltip in screen.active_bindings.values()
        if on_a_bar(binding)
    )


def refresh_keys(screen: Screen[Any]) -> None:
    """``screen.refresh_bindings()`` when the keys its footer shows have changed."""
    shown = shown_keys(screen)
    if _SHOWN.get(screen) != shown:
        _SHOWN[screen] = shown
        screen.refresh_bindings()


class KeyBar(Footer):
    """Textual's ``Footer``, rebuilt once for a burst of binding changes.

    The stock footer rebuilds its keys for every ``bindings_updated_signal`` of its
    screen, and a screen coming up sends several (its mount, the focus, the stack):
    the deck preview rebuilt its footer 12 times (67 keys) on the way in, half the
    screen's CPU. Each signal here asks for one rebuild after the next refresh; the
    signals until then ride on it (6 rebuilds for the preview, 1 for the game).
    The keys shown are the same: the stock rebuild reads the bindings as they are
    when it runs.

    A rebuild that would show the keys already shown is skipped. Textual itself asks
    for one when the terminal (or the browser tab) gets the focus back, and a
    rebuild replaces every key: the click that brought the focus back (sent right
    after the focus) could land on a key being replaced, which never hears it.
    """

    def __init__(self, *args: Any, on_screen: frozenset[str] = frozenset(), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.on_screen = on_screen
        """Actions the screen offers itself (by name, ``act``, or whole,
        ``finish('again')``): their keys give way when the bar is too narrow."""
        self._rebuild_asked: Screen[Any] | None = None
        self._composed: Shown | None = None
        self._cells = (0, 0)
        """The cells all the composed keys take, and those kept when the screen's own
        give way: the widths at which :meth:`_fitted` decides differently."""
        self._fitted_at = 0

    @property
    def gathering(self) -> bool:
        """Whether binding changes wait for the next refresh to be passed on (then the
        stock footer rebuilds as it always does, a refresh later)."""
        return self._rebuild_asked is not None

    def compose(self) -> ComposeResult:
        """The stock keys, each told before it mounts how compact it is.

        A stock key mounts as compact (its own default, which adds its ``-compact``
        class and restyles it) and then learns the bar's setting (on a wide bar,
        removing the class restyles it again). Set first with the public
        ``set_reactive`` and the class without a restyle, mounting changes nothing.
        The value is the one the stock
        key ends with: the bar's, but the command palette's key, which is not bound
        to it and stays compact.
        """
        keys = shown_keys(self.screen)
        widgets = list(super().compose())
        if widgets:
            self._composed = keys  # the stock bar composed its keys (not a bare first pass)
        for widget in widgets:
            # The stock key shows its binding's description, kept in English as the
            # catalog's key (the palette's too, Textual's own "palette"): its label
            # in the active language, set on the key's public attribute before it
            # mounts and draws.
            description = getattr(widget, "description", None)
            if isinstance(description, str) and description:
                widget.description = key_label(description)  # type: ignore[attr-defined]
            if isinstance(widget.tooltip, str):
                widget.tooltip = _(widget.tooltip)
        for widget in self._fitted(widgets):
            key_compact = getattr(type(widget), "compact", None)
            if isinstance(key_compact, Reactive):
                compact = self.compact or widget.has_class("-command-palette")
                widget.set_reactive(key_compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget

    def _fitted(self, widgets: list[Widget]) -> list[Widget]:
        """``widgets`` without the keys of :attr:`on_screen` when all of them would
        not fit the bar's width: a translation's longer labels would push the last
        keys (``? Help``, ``q Quit``) off the edge, while those actions can be
        reached on the screen itself (a card's lines, a button, a menu entry). All
        of them go, not some: a bar listing some of the card's actions would read
        as if the others were not there. Widths are the labels' cell lengths (a
        key, its label, a space after each, and on a wide bar a space before; the
        command palette's key is compact, with a border before it)."""
        width = self.size.width or self.app.size.width
        spacing = 2 if self.compact else 3

        def cells(widget: Widget) -> int:
            palette = widget.has_class("-command-palette")  # compact, with a border
            return (
                cell_len(str(getattr(widget, "key_display", "")))
                + cell_len(str(getattr(widget, "description", "")))
                + (2 if palette else spacing)
            )

        def offered_on_screen(widget: Widget) -> bool:
            action = str(getattr(widget, "action", ""))
            return action.partition("(")[0] in self.on_screen or action in self.on_screen

        others = [widget for widget in widgets if not offered_on_screen(widget)]
        self._cells = (sum(map(cells, widgets)), sum(map(cells, others)))
        self._fitted_at = width
        gives_way, wraps = self._decision(width)
        # Still too wide (a long translation; no keys on the screen to give way):
        # the screen shows its wrapped bar instead, every key whole.
        self.screen.set_class(wraps, WRAPPED_KEYS)
        return others if gives_way else widgets

    def _decision(self, width: int) -> tuple[bool, bool]:
        """Whether, at ``width``, the screen's own keys give way, and the bar wraps."""
        every, others = self._cells
        return every > width, (others if every > width else every) > width

    @while_attached
    def on_resize(self, event: events.Resize) -> None:
        """A terminal (or a phone) turned wider or narrower: the keys are fitted again
        where the new width decides differently (keys given way, the wrapped bar),
        not on every resize (each rebuild replaces every key)."""
        width = event.size.width
        if self._composed is None or not width or width == self._fitted_at:
            return
        if self._decision(width) != self._decision(self._fitted_at):
            self._fitted_at = width
            super().bindings_changed(self.screen)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if self._rebuild_asked is None:
            self.call_after_refresh(self._rebuild)
        self._rebuild_asked = screen

    def _rebuild(self) -> None:
        screen, self._rebuild_asked = self._rebuild_asked, None
        if screen is not None and shown_keys(screen) != self._composed:
            super().bindings_changed(screen)


def modal_footer() -> KeyBar:
    """The key bar of a pop-up screen: Textual's ``Footer``, listing the pop-up's keys.

    Without one the footer of the screen underneath stays in view, listing keys
    that do nothing while the pop-up is open.
    """
    return KeyBar(compact=True, show_command_palette=False)


def key_bars(
    footer: KeyBar | None = None, *, on_screen: frozenset[str] = frozenset()
) -> ComposeResult:
    """A screen's key bars: ``footer`` (default: :func:`modal_footer`) and the compact
    layout's :class:`TouchKeys`, which leaves out the actions in ``on_screen`` (tap
    targets of the screen's own)."""
    yield footer if footer is not None else modal_footer()
    yield TouchKeys(on_screen=on_screen)
