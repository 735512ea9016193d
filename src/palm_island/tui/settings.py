"""Provides :class:`Settings`: what the app remembers between runs (the theme, and
where the player is in the tutorial).

A small JSON file, ``settings.json``, in the data directory next to the campaign
file. Anything wrong with it (missing, unreadable, not JSON, an unknown theme)
means the defaults: a settings file never stops the game from starting. Written
through a temporary file and a rename, so a crash never leaves half a file.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from ..tutorial.progress import Progress

FILE_NAME = "settings.json"


@dataclass
class Settings:
    theme: str | None = None
    """The name of the theme chosen last (``None``: Textual's default)."""
    tutorial: Progress | None = None
    """Where the player is in the tutorial; ``None``: never started (the title offers it)."""


def settings_path(directory: Path) -> Path:
    return directory / FILE_NAME


def load_settings(directory: Path) -> Settings:
    """The settings in ``directory``; the defaults if the file is missing or bad."""
    try:
        data = json.loads(settings_path(directory).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    theme = data.get("theme")
    return Settings(
        theme=theme if isinstance(theme, str) else None, tutorial=_progress(data.get("tutorial"))
    )


def _progress(data: object) -> Progress | None:
    """The tutorial progress kept, or ``None`` when it is missing or not as written."""
    if not isinstance(data, dict):
        return None
    step, moves, done = data.get("step"), data.get("moves"), data.get("done")
    numbers = [n for n in (step, moves) if type(n) is int and 0 <= n < 1000]
    if len(numbers) != 2 or type(done) is not bool:
        return None
    return Progress(numbers[0], numbers[1], done)


def save_settings(directory: Path, settings: Settings) -> None:
    """Write ``settings`` (raises ``OSError`` if the directory cannot be written)."""
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = settings_path(directory)
    temporary = path.with_suffix(".tmp")
    data: dict[str, object] = {"theme": settings.theme}
    if settings.tutorial is not None:
        data["tutorial"] = settings.tutorial._asdict()
    temporary.write_text(json.dumps(data) + "\n", encoding="utf-8")
    os.replace(temporary, path)
