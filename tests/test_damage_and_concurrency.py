"""Damage and concurrency: one damaged game row never hides the others, busy is
waited for (never called damage), and a read-only data directory can be read."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from palm_island.storage import db
from palm_island.storage.service import Store
from storage_helpers import finished_games

sys.path.insert(0, str(Path(__file__).parent))
import concurrent_opens


def run(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PALM_ISLAND_DATA_DIR": str(data)}
    return subprocess.run(
        [sys.executable, "-m", "palm_island", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )


@pytest.fixture
def three_games(tmp_path: Path) -> Path:
    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        finished_games(store, "Ana", range(3))
    conn = sqlite3.connect(tmp_path / "campaign.db")
    with conn:
        header = json.loads(conn.execute("SELECT header FROM game WHERE id = 1").fetchone()[0])
        del header["result"]["turns"]
        conn.execute("UPDATE game SET header = ? WHERE id = 1", (json.dumps(header),))
        conn.execute("UPDATE game SET header = CAST(x'7bff' AS TEXT) WHERE id = 2")
    conn.close()
    return tmp_path


def test_one_damaged_row_does_not_hide_the_others_and_is_named(three_games: Path) -> None:
    result = run("history", "--campaign", "Ana", data=three_games)
    assert result.returncode == 1
    rows = [line for line in result.stdout.splitlines() if line.strip()[:1].isdigit()]
    assert [row.split()[0] for row in rows] == ["3"]
    assert "game 1: result.turns: Field required" in result.stderr
    assert "game 2: stored text is not UTF-8" in result.stderr
    with Store.open(three_games) as store:
        assert [e.game_id for e in store.history()] == [3]
        assert [p.where for p in store.skipped] == ["game 1", "game 2"]


@pytest.mark.slow  # over 1 s of CPU (PALM_ISLAND_CHECK_SLOW=1): make test, not make check
def test_doctor_reports_then_quarantines_damaged_rows_without_deleting(three_games: Path) -> None:
    report = run("doctor", data=three_games)
    assert report.returncode == 1
    assert "game 1:" in report.stdout and "game 2:" in report.stdout
    assert "2 damaged games" in report.stdout
    fixed = run("doctor", "--quarantine", data=three_games)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert "set aside 2 damaged games" in fixed.stdout
    assert run("history", "--campaign", "Ana", data=three_games).returncode == 0
    assert run("doctor", data=three_games).returncode == 0
    with Store.open(three_games) as store:  # kept, only set aside
        assert store.conn.execute("SELECT count(*) FROM game").fetchone()[0] == 3
        assert [game_id for game_id, _ in store.quarantined()] == [1, 2]


def test_another_process_creating_the_file_between_our_checks_is_not_foreign(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The interleaving that made 1 of 420 concurrent opens say "not a Palm Island
    campaign file": another process creates and commits the whole schema just as
    we read ``user_version``. The checks now read one snapshot under a lock, so the
    other process has to wait for us (here it gives up at once: timeout 0)."""
    real_connect = db.connect
    intruded: list[str] = []

    def intrude(path: Path) -> None:
        other = sqlite3.connect(path, timeout=0, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")
            for statement in db.SCHEMA.split(";"):
                if statement.strip():
                    other.execute(statement)
            other.execute(f"PRAGMA application_id = {db.APPLICATION_ID}")
            other.execute(f"PRAGMA user_version = {db.SCHEMA_VERSION}")
            other.execute("COMMIT")
            intruded.append("created")
        except sqlite3.OperationalError as exc:
            intruded.append(str(exc))
        finally:
            other.close()

    def connect(path: Path, *, durable: bool = True) -> sqlite3.Connection:
        conn = real_connect(path, durable=durable)

        def trace(statement: str) -> None:
            if statement.strip() == "PRAGMA user_version" and not intruded:
                intrude(path)

        conn.set_trace_callback(trace)
        return conn

    monkeypatch.setattr(db, "connect", connect)
    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        assert [c.name for c in store.campaigns()] == ["Ana"]
    assert intruded  # the interleaving happened


@pytest.mark.slow
def test_a_busy_file_is_waited_for_not_reported_as_damage(tmp_path: Path) -> None:
    Store.open(tmp_path).close()
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
            "c.execute('BEGIN EXCLUSIVE'); print('locked', flush=True); time.sleep(1.0); "
            "c.execute('COMMIT')",
            str(tmp_path / "campaign.db"),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    with Store.open(tmp_path) as store:  # waits for the lock (busy timeout)
        store.create_campaign("Ana")
    holder.wait(10)


@pytest.mark.reliability
@pytest.mark.sweep  # many real processes, ~11 s: make sweep (CI), not make test
def test_many_processes_opening_a_fresh_directory_all_succeed() -> None:
    counts = concurrent_opens.run(rounds=30, processes=7)
    assert counts == {"ok": 210}, counts


def _mount_read_only(folder: Path) -> bool:
    """Root may write anywhere, so a read-only directory is a read-only bind mount."""
    for command in (
        ["mount", "--bind", str(folder), str(folder)],
        ["mount", "-o", "remount,ro,bind", str(folder)],
    ):
        if subprocess.run(command, capture_output=True, check=False).returncode != 0:
            subprocess.run(["umount", str(folder)], capture_output=True, check=False)
            return False
    return True


@pytest.fixture
def read_only_dir(tmp_path: Path) -> Iterator[Path]:
    """A data directory that cannot be written (as root: a read-only mount)."""
    data = tmp_path / "data"
    with Store.open(data) as store:
        store.create_campaign("Ana")
        finished_games(store, "Ana", range(1))
    if os.geteuid() == 0:
        if not _mount_read_only(data):
            pytest.skip("running as root and cannot mount a read-only directory")
        try:
            yield data
        finally:
            subprocess.run(["umount", str(data)], check=False)
        return
    for path in [data, *data.rglob("*")]:
        path.chmod(0o555 if path.is_dir() else 0o444)
    try:
        yield data
    finally:
        for path in [data, *data.rglob("*")]:
            path.chmod(0o755)


@pytest.mark.slow  # over 1.3 s: make test, not make check (its 90 s CPU budget)
def test_read_only_commands_work_in_a_read_only_data_directory(read_only_dir: Path) -> None:
    with pytest.raises(OSError):
        (read_only_dir / "probe").write_text("x")  # the directory really is read-only
    before = sorted(p.name for p in read_only_dir.rglob("*"))
    for args in (("history", "--campaign", "Ana"), ("campaign", "list"), ("doctor",)):
        result = run(*args, data=read_only_dir)
        assert result.returncode == 0, (args, result.stderr)
        assert "Traceback" not in result.stderr
    assert "Ana: 1 game" in run("campaign", "list", data=read_only_dir).stdout
    assert sorted(p.name for p in read_only_dir.rglob("*")) == before  # nothing written


def test_a_read_only_store_cannot_write(tmp_path: Path) -> None:
    Store.open(tmp_path).close()
    with Store.open(tmp_path, read_only=True) as store, pytest.raises(sqlite3.OperationalError):
        store.conn.execute("CREATE TABLE x (y INTEGER)")


def test_history_of_a_data_directory_never_used_creates_nothing(tmp_path: Path) -> None:
    result = run("history", data=tmp_path / "new")
    assert result.returncode == 0 and result.stdout == "no finished games yet\n"
    assert not (tmp_path / "new").exists()
