"""Helpers shared by the storage tests: play games through a Store quickly."""

from __future__ import annotations

import os
import sqlite3
import tempfile
import time
from pathlib import Path

import pytest

from palm_island.policies import random_policy
from palm_island.storage.service import Store
from palm_island.storage.stored_game import StoredGame


def play_to_end(session: StoredGame, seed: int) -> StoredGame:
    policy = random_policy(seed)
    while not session.is_over:
        session.play(policy(session.state))
    return session


def finished_games(store: Store, campaign: str, seeds: range) -> list[StoredGame]:
    return [play_to_end(store.new_game(campaign, seed=s), s) for s in seeds]


def scale(ci: int) -> int:
    """CI-sized counts by default; ten times more with PALM_ISLAND_NIGHTLY=1."""
    return ci * 10 if os.environ.get("PALM_ISLAND_NIGHTLY") == "1" else ci


def fast_dir(tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    """A temp dir on tmpfs when there is one: for round-trip suites that test logic,
    not durability, so fsync does not dominate their run time."""
    shm = Path("/dev/shm")
    if shm.is_dir():
        made = Path(tempfile.mkdtemp(prefix=f"palm-{name}-", dir=shm))
        CREATED.append(made)
        return made
    return tmp_path_factory.mktemp(name)


CREATED: list[Path] = []
"""tmpfs dirs made by fast_dir; conftest removes them at the end of the session."""


def hold_for(folder: Path, game_id: int, pid: int) -> None:
    """Record process ``pid`` (on this machine) as the window holding the game."""
    from palm_island.storage import holders

    me = holders.me()
    conn = sqlite3.connect(folder / "campaign.db")
    with conn:
        conn.execute(
            "INSERT OR REPLACE INTO game_holder VALUES (?, 'another-window', ?, ?, ?, ?, ?, ?)",
            (game_id, pid, me.host, me.boot, holders.process_start(pid), me.since, time.time()),
        )
    conn.close()
