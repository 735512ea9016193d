"""Provides :class:`Settings`, the values kept in ``settings.json`` (read and written
by :mod:`.settings`).

Apart from the file code so the app can hold its settings from its first instant
without importing the storage's error types (which bring in the engine, off the
start-up path the title needs).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..tutorial.progress import Progress


@dataclass
class Settings:
    theme: str | None = None
    """The name of the theme chosen last (``None``: Textual's default)."""
    language: str | None = None
    """The language the player chose in the game (``es``); ``--lang`` and the
    environment's ``LANGUAGE`` come first (docs/i18n.md). ``None``: never chosen."""
    tutorial: Progress | None = None
    """Where the player is in the tutorial; ``None``: never started (the title offers it)."""
    kept: dict[str, object] = field(default_factory=dict)
    """What the file held that this release does not use (keys a newer release wrote,
    a value it could not read): written back unchanged, so nothing is lost on a save."""
