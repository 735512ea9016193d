"""Snapshot tests of the saved-game screens, at 100×32 and at the minimum 80×24.

Each test builds its campaign file in a temporary directory; stored times are
set to fixed values so the history reads the same on every run.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from palm_island.policies import greedy_policy
from palm_island.storage.service import Store

from .helpers import SIZES, play_moves
from .store_helpers import FEAT_SEED, new_saved_game, opened, store_app

Snap = Callable[..., bool]


def prepared(data_dir: Path, *, finished: int = 2, in_play: bool = True) -> Path:
    """A campaign with ``finished`` greedy games and, if asked, one left mid-way."""
    with Store.open(data_dir) as store:
        store.create_campaign("My island")
        for seed in range(3, 3 + finished):
            game = store.new_game("My island", difficulty="easy", seed=seed)
            policy = greedy_policy()
            while not game.is_over:
                game.play(policy(game.state))
        if in_play:
            game = store.new_game("My island", difficulty="medium", seed=11)
            policy = greedy_policy()
            for _ in range(6):
                game.play(policy(game.state))
    conn = sqlite3.connect(data_dir / "campaign.db")
    with conn:
        conn.execute(
            "UPDATE game SET started_at = '2026-05-01T09:00:00.000+00:00', "
            "finished_at = printf('2026-05-0%dT10:30:00.000+00:00', id) "
            "WHERE finished_at IS NOT NULL"
        )
    conn.close()
    return data_dir


@pytest.mark.parametrize("size", SIZES)
def test_title_with_continue(snap_compare: Snap, size: tuple[int, int], tmp_path: Path) -> None:
    assert snap_compare(store_app(prepared(tmp_path)), run_before=opened, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_game_setup(snap_compare: Snap, size: tuple[int, int], tmp_path: Path) -> None:
    app = store_app(prepared(tmp_path, finished=0, in_play=False))
    assert snap_compare(app, run_before=opened, press=["n"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_campaigns(snap_compare: Snap, size: tuple[int, int], tmp_path: Path) -> None:
    app = store_app(prepared(tmp_path))
    assert snap_compare(app, run_before=opened, press=["m"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_history(snap_compare: Snap, size: tuple[int, int], tmp_path: Path) -> None:
    app = store_app(prepared(tmp_path))
    assert snap_compare(app, run_before=opened, press=["y"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_statistics(snap_compare: Snap, size: tuple[int, int], tmp_path: Path) -> None:
    app = store_app(prepared(tmp_path))
    assert snap_compare(app, run_before=opened, press=["z"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_replay_viewer(snap_compare: Snap, size: tuple[int, int], tmp_path: Path) -> None:
    app = store_app(prepared(tmp_path, finished=1, in_play=False))
    press = ["y", "enter", "2", "right", "right", "right"]
    assert snap_compare(app, run_before=opened, press=press, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_end_with_a_feat_unlocked(
    snap_compare: Snap, size: tuple[int, int], tmp_path: Path
) -> None:
    async def before(pilot: Pilot[None]) -> None:
        await opened(pilot)
        await new_saved_game(pilot)
        await play_moves(pilot, greedy_policy(), 200)

    assert snap_compare(store_app(tmp_path, seed=FEAT_SEED), run_before=before, terminal_size=size)
