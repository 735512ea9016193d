"""Provides :class:`Settings`: what the app remembers between runs (the theme, the
language chosen in the game and where the player is in the tutorial), and the only
code that reads or writes ``settings.json``.

A small JSON file in the data directory next to the campaign file. Read through
the safe-read path (a FIFO, a device or a folder in its place is refused unread;
size and nesting are bounded) and written through the safe-write path. Anything
wrong with it means the defaults plus a one-line notice: a settings file never
stops the game from starting.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..i18n import _
from ..tutorial.progress import Progress
from .errors import LoadError
from .paths import SETTINGS_NAME
from .safe_read import load_json, read_bytes
from .settings_data import Settings as Settings  # re-exported: the file code and its values

MAX_SETTINGS_BYTES: Final = 64 * 1024
FILE_NAME: Final = SETTINGS_NAME


@dataclass(frozen=True, slots=True)
class LoadedSettings:
    settings: Settings
    problem: str | None = None
    """Why the file was not used (one line), or None: tell the player, use defaults."""


def settings_path(directory: Path) -> Path:
    return directory / FILE_NAME


def load_settings(directory: Path) -> LoadedSettings:
    """The settings in ``directory``; the defaults (and why) if the file is bad.
    A missing file is just the defaults, with no notice."""
    path = settings_path(directory)
    try:
        raw = load_json(read_bytes(path, MAX_SETTINGS_BYTES, follow=False), FILE_NAME)
    except LoadError as exc:
        if exc.kind == "unreadable" and not path.exists() and not path.is_symlink():
            return LoadedSettings(Settings())
        problem = _("{problem}; using the default settings").format(problem=exc.describe())
        return LoadedSettings(Settings(), problem)
    if not isinstance(raw, dict):
        return LoadedSettings(Settings())
    theme = raw.get("theme")
    settings = Settings(
        theme=theme if isinstance(theme, str) else None,
        language=_language(raw.get("language")),
        tutorial=_progress(raw.get("tutorial")),
    )
    understood = {
        "theme": settings.theme is not None,
        "language": settings.language is not None,
        "tutorial": settings.tutorial is not None,
    }
    settings.kept = {key: value for key, value in raw.items() if not understood.get(key, False)}
    return LoadedSettings(settings)


def _language(data: object) -> str | None:
    """The language kept: a short code of ASCII letters (``es``), or ``None``; whether
    the game has it is the caller's question (``i18n.choose``)."""
    if isinstance(data, str) and 2 <= len(data) <= 8 and data.isascii() and data.isalpha():
        return data
    return None


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
    """Write ``settings`` atomically, with what it kept unread (a newer release's
    keys) as it was. Raises SaveError (a full disk, no folder).

    The writer is imported here, not with the module: the title reads the settings
    before its first frame, and the writer brings SQLite (its backups) with it."""
    from . import safe_write

    safe_write.make_dir(directory, parents=True)
    fields: dict[str, object] = dict(settings.kept)
    if settings.theme is not None or "theme" not in fields:
        fields["theme"] = settings.theme
    if settings.language is not None:
        fields["language"] = settings.language
    if settings.tutorial is not None:
        fields["tutorial"] = settings.tutorial._asdict()
    data = json.dumps(fields) + "\n"
    safe_write.write_file(settings_path(directory), data.encode("utf-8"), replace=True)
