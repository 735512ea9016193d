"""T2/T4/T7/T16/T17: concurrent writers, damaged files, forged feats, hostile names,
and I/O faults while exporting."""

from __future__ import annotations

import errno
import os
import random
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from palm_island.campaign.service import CampaignError
from palm_island.engine import legal_moves
from palm_island.storage import loading, safe_write
from palm_island.storage.backups import daily_backup
from palm_island.storage.errors import LoadError, SaveError
from palm_island.storage.service import Store
from storage_helpers import fast_dir, finished_games, play_to_end, scale

pytestmark = pytest.mark.reliability


# --- T4: two processes on one campaign ------------------------------------------------


def _play_games(directory: Path, first_seed: int, games: int) -> None:
    with Store.open(directory) as store:
        for seed in range(first_seed, first_seed + games):
            play_to_end(store.new_game("Both", seed=seed), seed)


def test_two_processes_on_one_campaign_lose_nothing(tmp_path: Path) -> None:
    games = scale(20)
    with Store.open(tmp_path) as store:
        store.create_campaign("Both")
    children = []
    for first in (0, 10_000):
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            code = 0
            try:
                _play_games(tmp_path, first, games)
            except BaseException:
                code = 1
            os._exit(code)
        children.append(pid)
    codes = [os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for pid in children]
    assert codes == [0, 0]
    with Store.open(tmp_path) as store:
        history = store.history("Both")
        assert len(history) == 2 * games
        moves = store.conn.execute("SELECT count(*) FROM move").fetchone()[0]
        assert moves == sum(entry.turns for entry in history)
        assert all(check.ok for check in store.verify_campaign("Both"))
        unlocks = store.campaign("Both").unlocks
        assert len({u.feat for u in unlocks}) == len(unlocks)


# --- T7: damaged database files -------------------------------------------------------


@pytest.fixture(scope="module")
def good_campaign(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = fast_dir(tmp_path_factory, "t7")
    with Store.open(folder) as store:
        store.create_campaign("Dee")
        finished_games(store, "Dee", range(3))
        session = store.new_game("Dee", seed=9)
        for _ in range(15):
            session.play(legal_moves(session.state)[0])
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        # Today's backup was taken when the file was empty; take one of the real data.
        daily_backup(store.conn, folder, now=datetime.now(UTC) + timedelta(days=2))
    return folder


def _damage(data: bytearray, rng: random.Random) -> bytearray:
    kind = rng.choice(["flip", "flips", "truncate", "zero_page"])
    if kind == "flip":
        at = rng.randrange(len(data))
        data[at] ^= 1 << rng.randrange(8)
    elif kind == "flips":
        for _ in range(rng.randrange(2, 40)):
            at = rng.randrange(len(data))
            data[at] ^= 1 << rng.randrange(8)
    elif kind == "truncate":
        del data[rng.randrange(len(data)) :]
    else:
        page = rng.randrange(max(1, len(data) // 4096))
        data[page * 4096 : (page + 1) * 4096] = bytes(4096)
    return data


def _load_everything(folder: Path) -> None:
    with Store.open(folder) as store:
        for summary in store.campaigns():
            store.history(summary.name)
            store.statistics(summary.name)
            store.verify_campaign(summary.name)
            store.continue_game(summary.name)
        for entry in store.history():
            store.replay_data(entry.game_id)


@pytest.mark.parametrize(
    ("first", "cases"),
    [
        pytest.param(0, 100, id="first-100"),
        pytest.param(100, 400, marks=[pytest.mark.slow, pytest.mark.sweep], id="next-400"),
    ],
)
def test_damaged_files_never_crash_and_a_backup_restores(
    good_campaign: Path, tmp_path_factory: pytest.TempPathFactory, first: int, cases: int
) -> None:
    """T7's 500 damaged files (one random sequence, about 0.05 s of CPU each): the first
    100 in make test, the other 400, a sweep, in make sweep (CI runs both)."""
    rng = random.Random(7)
    original = (good_campaign / "campaign.db").read_bytes()
    detected = restored = 0
    first, cases = scale(first), scale(cases)
    for _ in range(first):  # the damages the other part of the sweep checks
        _damage(bytearray(original), rng)
    for case in range(first, first + cases):
        folder = fast_dir(tmp_path_factory, f"t7-{case}")
        shutil.copytree(good_campaign / "backups", folder / "backups")
        (folder / "campaign.db").write_bytes(_damage(bytearray(original), rng))
        try:
            _load_everything(folder)
        except (LoadError, SaveError, CampaignError) as exc:
            detected += 1
            assert str(exc) and len(str(exc)) <= 260
        backups = Store.list_backups(folder)
        assert backups, "the daily backup must be offered"
        kept = Store.restore_backup(backups[0], folder)
        assert kept is not None and kept.exists() and kept.name.startswith("campaign.damaged-")
        with Store.open(folder) as store:
            assert store.campaign("Dee").name == "Dee"
            restored += 1
        shutil.rmtree(folder)
    assert restored == cases
    assert detected > cases // 2


# --- T16: forged feats ----------------------------------------------------------------


def test_verify_flags_every_forged_campaign(tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = fast_dir(tmp_path_factory, "t16")
    forged = scale(50)
    with Store.open(folder) as store:
        store.create_campaign("Real")
        real = finished_games(store, "Real", range(2))
        conn = store.conn
        for i in range(forged):
            name = f"Forged {i}"
            campaign = store.create_campaign(name).id
            source = real[i % 2].game_id
            conn.execute(
                "INSERT INTO game (campaign_id, status, started_at, finished_at, header, score, "
                "rank) SELECT ?, status, started_at, finished_at, header, score, rank FROM game "
                "WHERE id = ?",
                (campaign, source),
            )
            copy = conn.execute("SELECT max(id) FROM game").fetchone()[0]
            conn.execute(
                "INSERT INTO move SELECT ?, ply, notation FROM move WHERE game_id = ?",
                (copy, source),
            )
            forgery = i % 3
            if forgery == 0:  # a feat the game does not earn (FT6 is hard: every card upgraded)
                proof = copy
            elif forgery == 1:  # a proof game from another campaign
                proof = source
            else:  # a proof game whose moves were edited
                proof = copy
                conn.execute(
                    "UPDATE move SET notation = 'F2' WHERE game_id = ? AND ply = 3", (copy,)
                )
            feat = "FT6" if forgery == 0 else "FT1"
            conn.execute("INSERT INTO feat_unlock VALUES (?, ?, ?, 'x')", (campaign, feat, proof))
        flagged = 0
        for i in range(forged):
            checks = store.verify_campaign(f"Forged {i}")
            flagged += any(not c.ok for c in checks)
            assert store.campaign(f"Forged {i}").modified
        assert flagged == forged
        assert all(c.ok for c in store.verify_campaign("Real"))
        assert not store.campaign("Real").modified


# --- T17: names -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def names_store(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = fast_dir(tmp_path_factory, "t17")
    with Store.open(folder) as store:
        yield store
    shutil.rmtree(folder, ignore_errors=True)


@settings(
    max_examples=scale(1000),
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
@given(
    name=st.one_of(
        st.text(max_size=80),
        st.sampled_from(["../x", "/etc/passwd", "CON", "a\x00b", "x" * 300, "\u202eevil", "ℌ"]),
    )
)
def test_campaign_names_are_data_never_paths(names_store: Store, name: str) -> None:
    folder = names_store.directory
    before = sorted(p.name for p in folder.iterdir())
    try:
        campaign = names_store.create_campaign(name)
    except CampaignError:
        return
    assert names_store.campaign(name).name == name
    names_store.delete_campaign(campaign.name, confirm=True)
    assert sorted(p.name for p in folder.iterdir()) == before


# --- T2: faults while exporting -------------------------------------------------------


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EIO, errno.EACCES, errno.EROFS])
@pytest.mark.parametrize("call", ["open", "write", "fsync", "replace"])
def test_an_export_fault_leaves_the_old_file_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, call: str, code: int
) -> None:
    target = tmp_path / "game.json"
    target.write_text("old", encoding="utf-8")
    real = getattr(os, call)

    tmpfile = getattr(os, "O_TMPFILE", 0)

    def failing(*args: object, **kwargs: object) -> object:
        unnamed = call == "open" and tmpfile and int(args[1]) & tmpfile == tmpfile  # type: ignore[call-overload]
        if call != "open" or str(args[0]).endswith(".tmp") or unnamed:
            raise OSError(code, os.strerror(code))
        return real(*args, **kwargs)

    monkeypatch.setattr(safe_write.os, call, failing)
    with pytest.raises(SaveError, match="not written"):
        loading.write_atomically(target, "new")
    monkeypatch.undo()
    assert target.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    loading.write_atomically(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
