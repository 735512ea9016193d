"""Provides :class:`Settings`: what the app remembers between runs (the theme).

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

FILE_NAME = "settings.json"


@dataclass
class Settings:
    theme: str | None = None
    """The name of the theme chosen last (``None``: Textual's default)."""


def settings_path(directory: Path) -> Path:
    return directory / FILE_NAME


def load_settings(directory: Path) -> Settings:
    """The settings in ``directory``; the defaults if the file is missing or bad."""
    try:
        data = json.loads(settings_path(directory).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    theme = data.get("theme") if isinstance(data, dict) else None
    return Settings(theme=theme if isinstance(theme, str) else None)


def save_settings(directory: Path, settings: Settings) -> None:
    """Write ``settings`` (raises ``OSError`` if the directory cannot be written)."""
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = settings_path(directory)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps({"theme": settings.theme}) + "\n", encoding="utf-8")
    os.replace(temporary, path)
