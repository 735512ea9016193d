"""Issue 21: a store never silently starts over, restore by content and atomically,
one safe-write and one safe-read path, imports deduplicated inside the transaction.

Each test here failed on 3ad0244 (see docs/reliability.md for the figures).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import ModuleType

import pytest

from palm_island.cli import main
from palm_island.storage import backups
from palm_island.storage.service import Store
from storage_helpers import finished_games

pytestmark = pytest.mark.reliability  # subprocesses and kills: make test, not make check


def settings_module() -> ModuleType:
    """Where settings I/O lives (storage now; the TUI before): the same tests run on both."""
    import importlib

    try:
        return importlib.import_module("palm_island.storage.settings")
    except ImportError:  # 3ad0244
        return importlib.import_module("palm_island.tui.settings")


def played_store(folder: Path, games: int = 2) -> list[int]:
    with Store.open(folder) as store:
        store.create_campaign("Ana")
        return [g.saved_id for g in finished_games(store, "Ana", range(games))]


def side_files(folder: Path) -> list[str]:
    """Every -wal/-shm/-journal file under ``folder``."""
    return sorted(
        str(p.relative_to(folder))
        for p in folder.rglob("*")
        if p.name.endswith(("-wal", "-shm", "-journal"))
    )


def cli(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "palm_island", "--data-dir", str(folder), *args],
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
    )


# --- 1. a store never silently starts over ------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ("history",),
        ("campaign", "list"),
        ("doctor",),
        ("export", "1", "out.json"),
        ("campaign", "create", "New"),
    ],
)
def test_a_missing_campaign_file_where_one_has_been_is_damage_for_every_command(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    data = tmp_path / "data"
    played_store(data)
    (data / "campaign.db").rename(tmp_path / "elsewhere.db")
    args = [a if a != "out.json" else str(tmp_path / "out.json") for a in command]
    done = cli(data, *args)
    said = (done.stdout + done.stderr).strip()
    assert done.returncode != 0, said
    assert "doctor --restore" in said and "Traceback" not in said
    assert any("missing" in line and "doctor --restore" in line for line in said.splitlines())
    assert not (data / "campaign.db").exists(), "a new, empty store was created"
    assert side_files(data) == []


def test_the_marker_alone_says_a_store_was_here(tmp_path: Path) -> None:
    played_store(tmp_path)
    shutil.rmtree(tmp_path / "backups")
    (tmp_path / "campaign.db").unlink()
    assert main(["--data-dir", str(tmp_path), "history"]) == 1
    assert not (tmp_path / "campaign.db").exists()


def test_read_only_commands_leave_no_wal_or_shm_beside_backups(tmp_path: Path) -> None:
    played_store(tmp_path)
    for command in (["history"], ["campaign", "list"], ["doctor"]):
        assert main(["--data-dir", str(tmp_path), *command]) == 0
    assert side_files(tmp_path / "backups") == []
    assert sorted(p.name for p in (tmp_path / "backups").iterdir() if ".db" not in p.name) == []


def test_doctor_on_a_fresh_folder_creates_nothing(tmp_path: Path) -> None:
    assert main(["--data-dir", str(tmp_path / "new"), "doctor"]) == 0
    assert not (tmp_path / "new").exists()


# --- 2. restore by content, atomically --------------------------------------------


def test_restore_picks_the_backup_by_its_label_not_its_file_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    original = tmp_path / "original"
    Store.open(original).close()  # the first open: an empty daily backup
    played_store(original, games=2)  # then auto backups with the games
    copy = tmp_path / "copy"
    shutil.copytree(original, copy, copy_function=shutil.copyfile)  # every mtime is "now"
    daily = next((copy / "backups").glob("campaign.daily-*.db"))
    future = datetime.now(UTC).timestamp() + 3600
    os.utime(daily, (future, future))  # the empty one now looks newest by file time
    (copy / "campaign.db").write_bytes(b"garbage" * 1000)
    assert main(["--data-dir", str(copy), "doctor", "--restore", "--yes"]) == 0
    with Store.open(copy, read_only=True) as store:
        assert len(store.history()) == 2
    offered = Store.list_backups(copy)
    assert offered[0].contents is not None and offered[0].contents.finished_games == 2


def test_doctor_restore_shows_what_it_would_restore_and_refuses_without_a_terminal(
    tmp_path: Path,
) -> None:
    played_store(tmp_path)
    damaged = b"garbage" * 1000
    (tmp_path / "campaign.db").write_bytes(damaged)
    done = cli(tmp_path, "doctor", "--restore")
    assert done.returncode == 1
    assert "would restore" in done.stdout and "2 finished" in done.stdout
    assert "newest game:" in done.stdout
    assert done.stderr.strip().endswith("confirm in a terminal, or add --yes")
    assert (tmp_path / "campaign.db").read_bytes() == damaged
    done = cli(tmp_path, "doctor", "--restore", "--yes")
    assert done.returncode == 0, done.stderr
    assert cli(tmp_path, "doctor").returncode == 0


KILL_CODE = """
import os, sys
from pathlib import Path
from palm_island.storage.service import Store

folder, at = Path(sys.argv[1]), int(sys.argv[2])
calls = [0]

def counted(real):
    def call(*args, **kwargs):
        calls[0] += 1
        if calls[0] == at:
            os._exit(137)
        return real(*args, **kwargs)
    return call

chosen = Store.list_backups(folder)[0]
for name in ("replace", "rename", "link", "unlink"):
    setattr(os, name, counted(getattr(os, name)))
Store.restore_backup(chosen, folder)
"""


def test_a_kill_at_every_step_of_a_restore_leaves_a_campaign_file(tmp_path: Path) -> None:
    """Killed before each rename, link or unlink of a restore: ``campaign.db`` is always
    there (the damaged one or the restored one), and the next start works."""
    source = tmp_path / "source"
    played_store(source)
    damaged = b"garbage" * 1000
    outcomes = []
    for at in range(1, 12):
        folder = tmp_path / f"kill-{at}"
        shutil.copytree(source, folder)
        (folder / "campaign.db").write_bytes(damaged)
        done = subprocess.run(
            [sys.executable, "-c", KILL_CODE, str(folder), str(at)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode in (0, 137), done.stderr
        assert (folder / "campaign.db").exists(), f"killed at step {at}: no campaign file"
        restored = (folder / "campaign.db").read_bytes() != damaged
        outcomes.append((done.returncode, restored))
        if not restored:
            Store.restore_backup(Store.list_backups(folder)[0], folder)
        with Store.open(folder) as store:
            assert len(store.history()) == 2
        leftovers = [p.name for p in folder.rglob("*") if ".tmp" in p.name]
        assert leftovers == [], f"killed at step {at}: {leftovers}"
    assert (0, True) in outcomes and (137, False) in outcomes


def test_rotation_never_deletes_the_backup_it_just_wrote_when_the_clock_goes_back(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path) as store:
        future = datetime(2030, 1, 1, tzinfo=UTC)
        for minute in range(backups.AUTO_KEEP):
            backups.take_backup(store.conn, tmp_path, now=future + timedelta(minutes=minute))
        written = backups.take_backup(store.conn, tmp_path, now=datetime(2020, 1, 1, tzinfo=UTC))
        assert written.exists()
        offered = Store.list_backups(tmp_path)
        assert offered[0].path == written


def test_a_daily_backup_from_the_future_does_not_block_new_ones(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        later = datetime.now(UTC) + timedelta(days=30)
        assert backups.daily_backup(store.conn, tmp_path, now=later + timedelta(days=2))
        assert backups.daily_backup(store.conn, tmp_path, now=later)
        assert not backups.daily_backup(store.conn, tmp_path, now=later + timedelta(hours=1))


def test_every_backup_carries_its_sequence_and_newest_game_inside(tmp_path: Path) -> None:
    played_store(tmp_path, games=2)
    for backup in Store.list_backups(tmp_path):
        conn = sqlite3.connect(f"{backup.path.as_uri()}?mode=ro&immutable=1", uri=True)
        row = conn.execute("SELECT sequence, taken_at, kind FROM backup_info").fetchone()
        conn.close()
        assert row[0] == backup.sequence >= 1 and row[2] == backup.kind
    sequences = [b.sequence for b in Store.list_backups(tmp_path)]
    assert sequences == sorted(sequences, reverse=True) and len(set(sequences)) == len(sequences)


# --- 3. one safe-write path, one safe-read path ------------------------------------


@pytest.mark.parametrize("how", ["direct", "relative", "symlink", "hardlink", "wal", "backup"])
def test_the_store_s_own_files_are_never_an_export_target(
    tmp_path: Path, how: str, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    ids = played_store(data)
    db = data / "campaign.db"
    before = db.read_bytes()
    if how == "direct":
        target = db
    elif how == "relative":
        target = data / ".." / "data" / "campaign.db"
    elif how == "symlink":
        target = tmp_path / "link.json"
        target.symlink_to(db)
    elif how == "hardlink":
        target = tmp_path / "hard.json"
        os.link(db, target)
    elif how == "wal":
        target = data / "campaign.db-wal"
    else:
        target = next((data / "backups").glob("campaign.*.db"))
    for force in ([], ["--force"]):
        code = main(["--data-dir", str(data), "export", str(ids[0]), str(target), *force])
        assert code == 1
        assert "the game's own files" in capsys.readouterr().err
    assert db.read_bytes() == before
    assert not target.exists() or not target.read_bytes().startswith(b"{")
    with Store.open(data, read_only=True) as store:
        assert len(store.history()) == 2


def test_an_existing_file_is_kept_unless_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    ids = played_store(data)
    out = tmp_path / "mine.txt"
    out.write_text("my notes", encoding="utf-8")
    os.chmod(out, 0o644)
    assert main(["--data-dir", str(data), "export", str(ids[0]), str(out)]) == 1
    assert "already exists; add --force" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == "my notes"
    assert main(["--data-dir", str(data), "export", str(ids[0]), str(out), "--force"]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["moves"]
    assert [p.name for p in tmp_path.iterdir() if ".tmp" in p.name] == []


def test_a_planted_symlink_at_the_temp_name_is_never_followed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    ids = played_store(data)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    out = tmp_path / "out.json"
    # The temp names 3ad0244 used (pid-based, predictable) all point at the victim.
    for name in (f".out.json.{os.getpid()}.tmp", "out.tmp"):
        (tmp_path / name).symlink_to(victim)
    assert main(["--data-dir", str(data), "export", str(ids[0]), str(out)]) == 0
    settings = settings_module()
    (data / "settings.tmp").symlink_to(victim)
    settings.save_settings(data, settings.Settings(theme="nord"))
    assert victim.read_text(encoding="utf-8") == "precious"
    assert json.loads(out.read_text(encoding="utf-8"))["moves"]


@pytest.mark.parametrize("unnamed", [True, False], ids=["O_TMPFILE", "named temp"])
def test_temp_files_are_created_exclusively_without_following_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, unnamed: bool
) -> None:
    """A named temp is created O_EXCL|O_NOFOLLOW; where the system has unnamed temp
    files (O_TMPFILE) there is no name to plant anything at."""
    from palm_island.storage import safe_write

    tmpfile = getattr(os, "O_TMPFILE", 0)
    if unnamed and not tmpfile:
        pytest.skip("no O_TMPFILE here")
    if not unnamed:
        monkeypatch.setattr(safe_write, "_create_anonymous", lambda target, mode: None)
    seen: list[int] = []
    real = os.open

    def spy(path: object, flags: int, *args: object) -> int:
        if str(path).endswith(".tmp") or (tmpfile and flags & tmpfile == tmpfile):
            seen.append(flags)
        return real(path, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(safe_write.os, "open", spy)
    safe_write.write_file(tmp_path / "a.json", b"{}", replace=False)
    settings = settings_module()
    settings.save_settings(tmp_path, settings.Settings(theme="nord"))
    assert len(seen) == 2
    for flags in seen:
        if unnamed:
            assert flags & tmpfile == tmpfile
        else:
            assert flags & os.O_EXCL and flags & os.O_NOFOLLOW and flags & os.O_CREAT
    assert (os.stat(tmp_path / "a.json").st_mode & 0o777) == 0o600


def test_deeply_nested_settings_fall_back_to_the_defaults_with_a_notice(tmp_path: Path) -> None:
    settings = settings_module()
    for depth, reason in ((200_000, "limit"), (1_000, "nested")):
        (tmp_path / "settings.json").write_text("[" * depth, encoding="utf-8")
        loaded = settings.load_settings(tmp_path)
        got = getattr(loaded, "settings", loaded)
        assert got.theme is None
        assert "settings.json" in (loaded.problem or "") and reason in loaded.problem


HANG_CODE = """
import sys
from pathlib import Path
from palm_island.storage.settings import load_settings
print(load_settings(Path(sys.argv[1])).problem)
"""


def test_special_files_are_refused_without_waiting(tmp_path: Path) -> None:
    """A FIFO as ``campaign.db``, ``settings.json`` or a backup: every command answers
    in one line at once (3ad0244 waited forever for a writer)."""
    data = tmp_path / "data"
    played_store(data)
    fifo_backup = data / "backups" / "campaign.auto-999999.db"
    os.mkfifo(fifo_backup)
    done = cli(data, "doctor")
    assert done.returncode == 0, done.stdout + done.stderr
    os.mkfifo(data / "settings.json")
    done = subprocess.run(
        [sys.executable, "-c", HANG_CODE, str(data)], capture_output=True, text=True, timeout=30
    )
    assert "pipe" in done.stdout and "default" in done.stdout
    (data / "campaign.db").unlink()
    os.mkfifo(data / "campaign.db")
    for command in (["history"], ["doctor"], ["campaign", "list"]):
        done = cli(data, *command)
        said = (done.stdout + done.stderr).strip()
        assert done.returncode == 1 and "Traceback" not in said, said
        assert "pipe" in said and "doctor --restore" in said


def test_a_data_folder_that_is_a_file_is_a_clear_error(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.write_text("not a folder", encoding="utf-8")
    for command in (["history"], ["doctor"], ["campaign", "list"], ["campaign", "create", "A"]):
        done = cli(data, *command)
        said = (done.stdout + done.stderr).strip()
        assert done.returncode != 0 and "Traceback" not in said, said
        assert "not a folder" in said and len(said.splitlines()) == 1, said


def test_a_backups_folder_that_is_a_file_is_named_by_doctor(tmp_path: Path) -> None:
    played_store(tmp_path)
    shutil.rmtree(tmp_path / "backups")
    (tmp_path / "backups").write_text("in the way", encoding="utf-8")
    for command in (["history"], ["campaign", "create", "Bo"]):
        done = cli(tmp_path, *command)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    done = cli(tmp_path, "doctor")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "backups: is a file, not a folder" in done.stdout


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a mode-000 folder anyway")
def test_a_data_folder_without_permissions_is_a_clear_error(tmp_path: Path) -> None:
    data = tmp_path / "data"
    played_store(data)
    data.chmod(0)
    try:
        for command in (["history"], ["doctor"], ["campaign", "list"]):
            done = cli(data, *command)
            said = (done.stdout + done.stderr).strip()
            assert done.returncode != 0 and "Traceback" not in said, said
            assert "permission denied" in said.lower()
    finally:
        data.chmod(0o700)


def test_a_data_folder_that_cannot_be_read_is_named_even_as_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """What a mode-000 folder gives a normal user, simulated where root reads anyway."""
    data = tmp_path / "data"
    played_store(data)
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, m, **k: Path(p) != data and real(p, m, **k))
    for command in (["history"], ["doctor"], ["campaign", "list"], ["campaign", "create", "Bo"]):
        assert main(["--data-dir", str(data), *command]) == 1
        said = capsys.readouterr()
        lines = (said.out + said.err).strip().splitlines()
        assert len(lines) == 1 and "permission denied" in lines[0], lines


# --- 4. imports deduplicate inside the transaction, on canonical moves --------------


def _import(folder: str, path: str, start: float) -> str:
    import time

    time.sleep(max(0.0, start - time.time()))
    return str(main(["--data-dir", folder, "import", path]))


def test_parallel_imports_of_one_file_store_one_copy(tmp_path: Path) -> None:
    source = tmp_path / "source"
    ids = played_store(source, games=1)
    record = tmp_path / "game.json"
    assert main(["--data-dir", str(source), "export", str(ids[0]), str(record)]) == 0
    target = tmp_path / "target"
    Store.open(target).close()
    import time

    start = time.time() + 1.5
    context = multiprocessing.get_context("fork")
    with context.Pool(4) as pool:
        codes = pool.starmap(_import, [(str(target), str(record), start)] * 4)
    with Store.open(target, read_only=True) as store:
        assert len(store.history()) == 1, codes
    assert sorted(codes) == ["0", "1", "1", "1"]


def test_move_spelling_cannot_hide_a_duplicate_and_is_stored_canonically(
    tmp_path: Path,
) -> None:
    source = tmp_path / "source"
    ids = played_store(source, games=1)
    record = tmp_path / "game.json"
    assert main(["--data-dir", str(source), "export", str(ids[0]), str(record)]) == 0
    raw = json.loads(record.read_text(encoding="utf-8"))
    canonical = list(raw["moves"])
    raw["moves"] = [f"  {m.lower()}  ".replace(" pay ", "   PAY ") for m in canonical]
    spelt = tmp_path / "spelt.json"
    spelt.write_text(json.dumps(raw), encoding="utf-8")
    target = tmp_path / "target"
    assert main(["--data-dir", str(target), "import", str(spelt)]) == 0
    assert main(["--data-dir", str(target), "import", str(record)]) == 1
    with Store.open(target, read_only=True) as store:
        (entry,) = store.history()
        stored = store.replay_data(entry.game_id).record.moves
    assert list(stored) == canonical


def test_a_long_s_is_not_a_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from palm_island.engine import InvalidMoveError, Move

    with pytest.raises(InvalidMoveError):
        Move.parse("ſ1")
    source = tmp_path / "source"
    ids = played_store(source, games=1)
    record = tmp_path / "game.json"
    assert main(["--data-dir", str(source), "export", str(ids[0]), str(record)]) == 0
    raw = json.loads(record.read_text(encoding="utf-8"))
    first = next(i for i, m in enumerate(raw["moves"]) if m.startswith("S"))
    raw["moves"][first] = "ſ" + raw["moves"][first][1:]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    assert main(["--data-dir", str(tmp_path / "target"), "import", str(bad)]) == 1
    assert "ASCII" in capsys.readouterr().err


def test_a_write_removes_its_target_s_temps_left_by_a_killed_writer(tmp_path: Path) -> None:
    """An export killed mid-write leaves ``.NAME.PID-X.tmp`` in the player's folder, where
    no store start cleans: the next write of that file removes it (only a gone writer's,
    only that target's)."""
    from palm_island.storage import safe_write

    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    dead = int(gone.stdout)
    target = tmp_path / "game12.json"
    left = tmp_path / f".game12.json.{dead}-0a1b2c3d.tmp"
    live = tmp_path / f".game12.json.{os.getpid()}-0a1b2c3d.tmp"
    other = tmp_path / f".other.json.{dead}-0a1b2c3d.tmp"
    for path in (left, live, other):
        path.write_text("half a record")
    safe_write.write_file(target, b"{}", replace=False)
    assert target.read_bytes() == b"{}"
    assert not left.exists() and live.exists() and other.exists()
