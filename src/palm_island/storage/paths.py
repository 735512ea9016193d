"""Provides where the game keeps its data: ``--data-dir``, ``PALM_ISLAND_DATA_DIR``,
or the platform's user data directory, in that order.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

ENV_VAR: Final = "PALM_ISLAND_DATA_DIR"
DB_NAME: Final = "campaign.db"
BACKUP_DIR: Final = "backups"


def data_dir(override: str | os.PathLike[str] | None = None, *, create: bool = True) -> Path:
    """The data directory, created (mode 0700: campaigns are the player's own) if missing.

    ``create=False`` (read-only commands) leaves a missing directory missing.
    ``override`` (the ``--data-dir`` option) wins over the environment variable,
    which wins over ``platformdirs.user_data_dir("palm-island")``.
    """
    if override is not None and str(override):
        path = Path(override)
    elif os.environ.get(ENV_VAR):
        path = Path(os.environ[ENV_VAR])
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir("palm-island"))
    path = path.expanduser()
    if create:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def db_path(directory: Path) -> Path:
    return directory / DB_NAME


def backup_dir(directory: Path) -> Path:
    path = directory / BACKUP_DIR
    path.mkdir(mode=0o700, exist_ok=True)
    return path


CACHE_ENV_VAR: Final = "PALM_ISLAND_CACHE_DIR"


def cache_dir() -> Path:
    """Where files the game can always rebuild are kept (the validated card catalog).

    ``PALM_ISLAND_CACHE_DIR`` if set, else ``platformdirs.user_cache_dir("palm-island")``.
    Not created here: a cache that cannot be written is simply not used.
    """
    if os.environ.get(CACHE_ENV_VAR):
        return Path(os.environ[CACHE_ENV_VAR]).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("palm-island"))
