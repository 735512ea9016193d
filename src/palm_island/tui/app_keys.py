"""The app-wide keys (help, quit), apart from the app so the help lists them
without importing it."""

from __future__ import annotations

from typing import Final

from textual.binding import Binding, BindingType

from ..i18n import N_

APP_BINDINGS: Final[list[BindingType]] = [
    Binding("question_mark", "help", N_("Help"), key_display="?"),
    Binding("q", "request_quit", N_("Quit")),
    Binding("ctrl+q", "request_quit", N_("Quit"), show=False, priority=True),
    Binding("ctrl+c", "request_quit", N_("Quit"), show=False, priority=True),
]
