"""Provides :class:`SteadyFooter`: Textual's ``Footer`` that rebuilds only on a change.

The stock footer recomposes its keys whenever the screen's bindings are refreshed:
on every focus change and every ``refresh_bindings`` call, even when it would show
the same keys. A rebuild costs a layout of the screen (about 20 ms here) and leaves
some forty DOM nodes for the cyclic collector; opening and closing a payment
choice refreshed the bindings four to five times. This subclass asks the screen
which keys it would show (the public ``Screen.active_bindings``, which consults
``check_action``) and lets the stock footer rebuild only when that list changed.
Everything else (look, clicks, compact mode, key display) is the stock widget's.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer

Shown = tuple[tuple[str, str, str, bool, str], ...]


class SteadyFooter(Footer):
    """A ``Footer`` that skips rebuilding when its keys would not change."""

    def __init__(self, *, compact: bool = False, show_command_palette: bool = True) -> None:
        super().__init__(compact=compact, show_command_palette=show_command_palette)
        self._shown: Shown | None = None

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if self.is_attached and screen is self.screen and self.app.app_focus:
            # (Without the app's focus the stock footer waits: nothing to remember.)
            shown = shown_keys(screen)
            if shown == self._shown:
                return
            self._shown = shown
        super().bindings_changed(screen)


def shown_keys(screen: Screen[Any]) -> Shown:
    """The keys a footer on ``screen`` would list now: key, action, label, enabled, tip."""
    return tuple(
        (binding.key, binding.action, binding.description, enabled, tooltip)
        for _, binding, enabled, tooltip in screen.active_bindings.values()
        if binding.show
    )


def modal_footer() -> Footer:
    """The key bar of a pop-up screen: Textual's ``Footer``, listing the pop-up's keys.

    Without one the footer of the screen underneath stays in view, listing keys
    that do nothing while the pop-up is open.
    """
    return Footer(compact=True, show_command_palette=False)
