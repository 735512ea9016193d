"""Saved progress is never lost: several unfinished games, backups that hold recent
play, a checkpointed log, and an empty file that is not taken for a new store."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from palm_island.policies import random_policy
from palm_island.solver import daily_seed
from palm_island.storage.errors import LoadError
from palm_island.storage.service import Store
from storage_helpers import finished_games, play_to_end


def _play(session, moves: int, seed: int = 1):  # type: ignore[no-untyped-def]
    policy = random_policy(seed)
    for _ in range(moves):
        session.play(policy(session.state))
    return session


def test_every_unfinished_game_is_listed_newest_first_and_resumes_exactly(
    tmp_path: Path,
) -> None:
    import datetime as dt

    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        store.create_campaign("Ben")
        first = _play(store.new_game("Ana", seed=5), 7)
        # A daily deal started while the first game is unfinished keeps it.
        daily = _play(store.new_game("Ana", seed=daily_seed(dt.date(2026, 11, 30))), 2)
        other = _play(store.new_game("Ben", seed=9), 3)
        saved = store.saved_games()
        assert [g.game_id for g in saved] == [other.game_id, daily.game_id, first.game_id]
        old = saved[-1]
        assert (old.campaign, old.seed, old.turn, old.round) == ("Ana", 5, 7, first.state.round)
        assert old.score == sum(
            first.state.catalog.cards[p >> 3].faces[(p >> 1) & 3].stars for p in first.state.deck
        )
        assert old.played_at and old.problem is None
        # Continue in the campaign takes its most recently played game ...
        again = store.continue_game("Ana")
        assert again is not None and again.game_id == daily.game_id
        # ... and every other one stays reachable, at exactly its position.
        resumed = store.resume_game(first.game_id)
        assert resumed.state == first.state and len(resumed.moves) == 7
        _play(resumed, 1, seed=3)
        assert store.saved_games()[0].game_id == first.game_id  # played last: newest
        store.abandon_game(other.game_id)
        assert other.game_id not in [g.game_id for g in store.saved_games()]


def test_a_backup_after_each_finished_game_holds_it_and_says_so(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        finished_games(store, "Ana", range(2))
        newest = Store.list_backups(tmp_path)[0]
        assert newest.kind == "auto"
        assert newest.contents is not None
        assert (newest.contents.campaigns, newest.contents.finished_games) == (1, 2)
        assert "1 campaign, 2 finished games, newest 20" in newest.describe()


@pytest.mark.reliability
def test_restore_after_two_finished_games_brings_both_back(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        games = finished_games(store, "Ana", range(2))
        unlocked = store.campaign("Ana").unlocked
    # The file is destroyed (as a damaged disk would); the newest backup is offered.
    (tmp_path / "campaign.db").write_bytes(b"\0" * 8192)
    with pytest.raises(LoadError) as info:
        Store.open(tmp_path)
    assert info.value.kind == "db_damaged"
    Store.restore_backup(Store.list_backups(tmp_path)[0], tmp_path)
    with Store.open(tmp_path) as store:
        assert [e.game_id for e in store.history("Ana")] == [g.game_id for g in games]
        assert store.campaign("Ana").unlocked == unlocked


def test_a_clean_close_backs_up_what_changed_and_only_then(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        _play(store.new_game("Ana", seed=2), 4)
    autos = [b for b in Store.list_backups(tmp_path) if b.kind == "auto"]
    assert len(autos) == 1
    Store.open(tmp_path).close()  # nothing changed: no new backup
    assert len([b for b in Store.list_backups(tmp_path) if b.kind == "auto"]) == 1


_LOSE_THE_WAL = """
import os, signal, sys
sys.path.insert(0, {tests!r})
from palm_island.storage.service import Store
from storage_helpers import finished_games
from palm_island.policies import random_policy
store = Store.open({folder!r})
store.create_campaign("Ana")
finished_games(store, "Ana", range(3))
os.remove({folder!r} + "/campaign.db-wal")
session = store.new_game("Ana", seed=11)
policy = random_policy(11)
for _ in range(5):
    session.play(policy(session.state))
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.reliability
def test_losing_the_wal_file_loses_at_most_the_game_in_progress(tmp_path: Path) -> None:
    script = _LOSE_THE_WAL.format(tests=str(Path(__file__).parent), folder=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], timeout=120)
    assert done.returncode == -signal.SIGKILL
    with Store.open(tmp_path) as store:
        assert [c.name for c in store.campaigns()] == ["Ana"]
        assert len(store.history("Ana")) == 3
        assert store.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_a_finished_game_is_in_the_main_file_not_only_in_the_log(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        play_to_end(store.new_game("Ana", seed=4), 4)
        wal = tmp_path / "campaign.db-wal"
        assert not wal.exists() or wal.stat().st_size == 0


@pytest.mark.reliability
def test_an_empty_campaign_file_with_backups_is_damage_not_a_new_store(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        finished_games(store, "Ana", range(1))
    (tmp_path / "campaign.db").write_bytes(b"")
    for side in ("-wal", "-shm"):
        (tmp_path / f"campaign.db{side}").unlink(missing_ok=True)
    with pytest.raises(LoadError) as info:
        Store.open(tmp_path)
    assert info.value.kind == "db_damaged" and "empty" in info.value.message
    assert (tmp_path / "campaign.db").stat().st_size == 0  # nothing written into it
    offered = Store.list_backups(tmp_path)
    assert offered and offered[0].contents is not None
    assert offered[0].contents.finished_games == 1
    kept = Store.restore_backup(offered[0], tmp_path)
    assert kept is not None and kept.exists()
    with Store.open(tmp_path) as store:
        assert len(store.history("Ana")) == 1


def test_an_empty_file_without_backups_is_a_new_store(tmp_path: Path) -> None:
    (tmp_path / "campaign.db").write_bytes(b"")
    with Store.open(tmp_path) as store:
        assert store.campaigns() == []
    assert os.path.getsize(tmp_path / "campaign.db") > 0


def test_doctor_lists_each_backup_with_what_it_holds(tmp_path: Path) -> None:
    import subprocess

    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        finished_games(store, "Ana", range(2))
    (tmp_path / "campaign.db").write_bytes(b"not a database" * 500)
    env = {**os.environ, "PALM_ISLAND_DATA_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "palm_island", "doctor"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    listed = [line for line in result.stdout.splitlines() if "campaign.auto-" in line]
    assert "1 campaign, 2 finished games" in listed[0]  # the newest first


def test_a_backup_cut_off_by_a_kill_leaves_no_temp_file_behind(tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    orphan = folder / "campaign.auto-20261130-120000-000000.db.999999999.tmp"
    orphan.write_bytes(b"half a copy")
    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        play_to_end(store.new_game("Ana", seed=4), 4)
    assert not orphan.exists()
