"""The app-wide keys (help, quit), apart from the app so the help lists them
without importing it."""

from __future__ import annotations

from typing import Final

from textual.binding import Binding, BindingType

from ..i18n import _

APP_BINDINGS: Final[list[BindingType]] = [
    Binding("question_mark", "help", _("Help"), key_display="?"),
    Binding("q", "request_quit", _("Quit")),
    Binding("ctrl+q", "request_quit", _("Quit"), show=False, priority=True),
    Binding("ctrl+c", "request_quit", _("Quit"), show=False, priority=True),
]
