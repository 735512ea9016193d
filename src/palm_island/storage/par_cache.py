"""Provides the daily deal's par line kept in the user's cache directory.

``palm-island daily`` and the game's end screen show the same par: the score of the
line one search found for the deal. The search takes seconds, so its line is kept
in a cache file named by the solver and the deal; a second ``daily`` for the same
date reads it at once. The file holds only the moves: the caller replays them and
recomputes the score (solver.lines.checked_line), so a damaged file costs a search.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Final

from .cache_files import read_cache_file, write_cache_file
from .paths import cache_dir

PAR_FORMAT: Final = "palm-island par 1"
MAX_PAR_BYTES: Final = 64 * 1024
"""A line is about 130 moves of under 20 characters; a larger file is not ours."""


def par_path(deal: str, solver: str, directory: Path | None = None) -> Path:
    """``par-<solver>-<digest of the deal>.json`` in the cache directory."""
    digest = hashlib.sha256(deal.encode("utf-8")).hexdigest()[:24]
    return (cache_dir() if directory is None else directory) / f"par-{solver}-{digest}.json"


def read_par_line(deal: str, solver: str, directory: Path | None = None) -> list[str] | None:
    """The cached line's moves (unchecked text), or None if missing or not ours."""
    data = read_cache_file(par_path(deal, solver, directory), MAX_PAR_BYTES)
    if data is None:
        return None
    try:
        found = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if not isinstance(found, dict) or found.get("format") != PAR_FORMAT:
        return None
    if found.get("deal") != deal or found.get("solver") != solver:
        return None
    moves = found.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        return None
    return moves


def write_par_line(deal: str, solver: str, moves: list[str], directory: Path | None = None) -> bool:
    """Keep the line (atomically); True if written. Failing to write is harmless."""
    text = json.dumps({"format": PAR_FORMAT, "deal": deal, "solver": solver, "moves": moves})
    return write_cache_file(par_path(deal, solver, directory), text)
