"""The controller: the TUI's shared state and the rules between games, without
Textual or Rich (docs/architecture.md). :mod:`.core` holds the :class:`Controller`,
made of small parts with their own state: :mod:`.slot` (the game shown, one way in
and one way out), :mod:`.file` (the campaign file and its holds), :mod:`.setup` (the
next game's seed, deck and setup), :mod:`.settings`; :mod:`.daily` decides the daily
deal, :mod:`.outcomes` are its decisions, :mod:`.pars` what it asks of the par book."""

from .core import Controller, tutorial_session
from .outcomes import (
    DEFAULT_CAMPAIGN,
    AskHeld,
    AskPractice,
    Learn,
    Outcome,
    Play,
    Severity,
    Tell,
    ToTitle,
    Watch,
)
from .pars import ParSource
from .slot import Current, Learning, Playing, Replay, Reviewing, Watching

__all__ = [
    "DEFAULT_CAMPAIGN",
    "AskHeld",
    "AskPractice",
    "Controller",
    "Current",
    "Learn",
    "Learning",
    "Outcome",
    "ParSource",
    "Play",
    "Playing",
    "Replay",
    "Reviewing",
    "Severity",
    "Tell",
    "ToTitle",
    "Watch",
    "Watching",
    "tutorial_session",
]
