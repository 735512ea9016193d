"""Provides :func:`modal_footer`: the key bar of a pop-up screen.

Every screen shows Textual's stock ``Footer``: its keys come from the screen's
``BINDINGS`` and ``check_action``.
"""

from __future__ import annotations

from textual.widgets import Footer


def modal_footer() -> Footer:
    """The key bar of a pop-up screen: Textual's ``Footer``, listing the pop-up's keys.

    Without one the footer of the screen underneath stays in view, listing keys
    that do nothing while the pop-up is open.
    """
    return Footer(compact=True, show_command_palette=False)
