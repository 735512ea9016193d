"""T9/T11/T12: records and saved games round-trip exactly.

T11: 1,000 random games (with random feats in play) go record -> export ->
import -> replay and reach identical final hashes, under two PYTHONHASHSEED
values in subprocesses. T9 (inside the same worker): dump is byte-stable.
T12: for 200 games, after every move the game is saved, reloaded from the
database by a second connection, compared, and play continues from the reload.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from palm_island.policies import random_policy
from palm_island.storage.service import Store
from storage_helpers import fast_dir, scale

pytestmark = pytest.mark.reliability
HERE = Path(__file__).parent


@pytest.mark.parametrize(
    "games",
    [
        pytest.param(150, id="150"),
        pytest.param(1000, marks=[pytest.mark.slow, pytest.mark.sweep], id="1000"),
    ],
)
def test_export_import_replay_is_identical_under_two_hash_seeds(
    tmp_path_factory: pytest.TempPathFactory, games: int
) -> None:
    """T11's 1000 games in make sweep (CI); 150 of them in make test (about 7 s of CPU
    for the thousand, two processes each)."""
    games = scale(games)
    outputs = []
    for hash_seed in ("1", "2"):
        folder = fast_dir(tmp_path_factory, f"t11-{hash_seed}")
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, str(HERE / "roundtrip.py"), str(games), str(folder)],
            capture_output=True,
            text=True,
            env=env,
            timeout=600,
            check=False,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        outputs.append(done.stdout.split())
    assert outputs[0][:2] == [str(games), str(games)]
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize(
    ("first", "games"),
    [
        pytest.param(0, 20, id="first-20"),
        pytest.param(20, 180, marks=[pytest.mark.slow, pytest.mark.sweep], id="next-180"),
    ],
)
def test_save_reload_compare_and_continue_after_every_move(
    tmp_path_factory: pytest.TempPathFactory, first: int, games: int
) -> None:
    """T12's 200 games (about 0.25 s of CPU each): the first 20 in make test, the other
    180, a sweep over seeds, in make sweep (CI runs both)."""
    folder = fast_dir(tmp_path_factory, "t12")
    games = scale(games)
    first = scale(first)
    round_trips = 0
    with Store.open(folder) as writer, Store.open(folder) as reader:
        writer.create_campaign("H")
        for seed in range(first, first + games):
            session = writer.new_game("H", seed=seed)
            policy = random_policy(seed)
            while True:
                session.play(policy(session.state))
                reloaded = reader.continue_game("H") if not session.is_over else None
                if reloaded is None:
                    break
                assert reloaded.state == session.state
                assert reloaded.moves == session.moves
                assert reloaded.states == session.states
                round_trips += 1
                # continue from the reload, through the other connection
                session, reloaded.store = reloaded, writer
    assert round_trips > games * 100
    with Store.open(folder) as store:
        assert len(store.history("H")) == games
