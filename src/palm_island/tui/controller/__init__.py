"""The controller: the TUI's shared state and the rules between games, without
Textual (docs/architecture.md). Split by job: :mod:`.state` (what is shared, and
holding the game played), :mod:`.games` (new, kept and ended games), :mod:`.saved`
(Continue, one window per saved game), :mod:`.core` (the daily deal, and the
:class:`Controller` itself), :mod:`.outcomes` (what it decides)."""

from .core import Controller
from .outcomes import (
    DEFAULT_CAMPAIGN,
    AskHeld,
    AskPractice,
    Outcome,
    Play,
    Severity,
    Tell,
    ToTitle,
    Watch,
)

__all__ = [
    "DEFAULT_CAMPAIGN",
    "AskHeld",
    "AskPractice",
    "Controller",
    "Outcome",
    "Play",
    "Severity",
    "Tell",
    "ToTitle",
    "Watch",
]
