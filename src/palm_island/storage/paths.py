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
MARKER_NAME: Final = "campaign.marker"
"""Written when the campaign file is first created: from then on a missing
``campaign.db`` is damage to report, never a reason to start an empty store."""
SETTINGS_NAME: Final = "settings.json"


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
        from .safe_write import make_dir

        make_dir(path, parents=True)
    return path


def db_path(directory: Path) -> Path:
    return directory / DB_NAME


def backup_dir(directory: Path) -> Path:
    """``backups/``, created if missing. Raises SaveError (a file in the way, a
    symbolic link: never followed, so nothing is written or rotated elsewhere)."""
    from .safe_write import make_dir

    path = directory / BACKUP_DIR
    make_dir(path, follow=False)
    return path


def own_files(directory: Path) -> list[Path]:
    """The store's own files: never the target of an export or any other write."""
    db = db_path(directory)
    return [
        db,
        db.with_name(DB_NAME + "-wal"),
        db.with_name(DB_NAME + "-shm"),
        db.with_name(DB_NAME + "-journal"),
        directory / MARKER_NAME,
        directory / SETTINGS_NAME,
        directory / BACKUP_DIR,
        directory,
    ]


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


def read_only_folder(folder: Path) -> bool:
    """Whether nothing can be written in ``folder`` (its permissions or its mount)."""
    try:
        mounted_read_only = bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):
        mounted_read_only = False
    return mounted_read_only or not os.access(folder, os.W_OK)
