"""Reading never leaves anything behind and works where nothing can be written:
read-only commands leave no -wal/-shm, and a read-only data folder still shows
history, campaigns, exports and analyses, saying saving is off."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from palm_island.cli import main
from palm_island.storage.service import Store
from storage_helpers import finished_games
from test_damage_and_concurrency import read_only_dir  # noqa: F401 -- a fixture

READ_ONLY_COMMANDS = [
    ["history"],
    ["history", "--campaign", "Ana"],
    ["campaign", "list"],
    ["doctor"],
    ["export", "1", "{tmp}/out.json"],
    ["analyse", "1", "--json"],
]
"""Every command that only reads the campaign file (a kept analysis is the one write:
it is skipped where the file cannot be written)."""


@pytest.fixture(scope="module")
def analysed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store whose game 1 has its analysis kept (so analyse answers at once)."""
    folder = tmp_path_factory.mktemp("analysed") / "data"
    with Store.open(folder) as store:
        store.create_campaign("Ana")
        finished_games(store, "Ana", range(1))
        moves = store.replay_data(1).moves
        turns = [
            {"turn": i, "played": str(m), "best": str(m), "value_played": 9, "value_best": 9}
            | {"bound": 40}
            for i, m in enumerate(moves, 1)
        ]
        report = {"par": 30, "bound": 40, "turns": turns}
        store.save_game_analysis(1, analysis_tag(), json.dumps(report))
    return folder


def analysis_tag() -> str:
    from palm_island.solver import ANALYSIS_BUDGET, DEFAULT_BUDGET
    from palm_island.solver.lines import solver_tag

    return f"{solver_tag(ANALYSIS_BUDGET.width)}-par{DEFAULT_BUDGET.width}"


def side_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(("-wal", "-shm")))


@pytest.mark.parametrize("argv", READ_ONLY_COMMANDS, ids=" ".join)
def test_a_read_only_command_leaves_no_wal_or_shm(
    analysed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert side_files(analysed) == []
    assert main(["--data-dir", str(analysed), *argv]) == 0, capsys.readouterr().err
    assert side_files(analysed) == []


def test_a_window_s_wal_and_shm_are_left_to_it(analysed: Path, tmp_path: Path) -> None:
    """While the game has the file open its -wal/-shm are its own: a command run
    meanwhile leaves them, and the game goes on writing."""
    window = sqlite3.connect(analysed / "campaign.db", isolation_level=None)
    try:
        window.execute("PRAGMA journal_mode = WAL")
        window.execute("BEGIN")
        window.execute("UPDATE campaign SET updated_at = updated_at")
        window.execute("COMMIT")
        assert side_files(analysed) == ["campaign.db-shm", "campaign.db-wal"]
        done = subprocess.run(
            [sys.executable, "-m", "palm_island", "--data-dir", str(analysed), "history"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert side_files(analysed) == ["campaign.db-shm", "campaign.db-wal"]
        window.execute("BEGIN")
        window.execute("UPDATE campaign SET updated_at = updated_at")
        window.execute("COMMIT")
    finally:
        window.close()
    assert side_files(analysed) == []


@pytest.mark.slow
def test_a_read_only_data_folder_reads_and_says_saving_is_off(
    read_only_dir: Path,  # noqa: F811 -- the fixture imported above
    tmp_path: Path,
) -> None:
    """analyse 1 said "unable to open database file"; now it analyses the game and
    says the analysis is not kept."""
    env = {"PALM_ISLAND_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    before = sorted(p.name for p in read_only_dir.rglob("*"))
    for argv in READ_ONLY_COMMANDS:
        argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
        done = subprocess.run(
            [sys.executable, "-m", "palm_island", "--data-dir", str(read_only_dir), *argv],
            capture_output=True,
            text=True,
            timeout=300,
            env=env,
            check=False,
        )
        assert done.returncode == 0, (argv, done.stderr)
        assert "unable to open" not in done.stderr
        if argv[0] == "analyse":
            assert "saving is off" in done.stderr and "is read-only" in done.stderr
            assert '"turns"' in done.stdout
    assert sorted(p.name for p in read_only_dir.rglob("*")) == before


@pytest.mark.parametrize("argv", [["play"], ["replay", "{record}"]], ids=["play", "replay"])
def test_the_game_starts_on_a_read_only_folder(
    read_only_dir: Path,  # noqa: F811 -- the fixture imported above
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
) -> None:
    """No refusal before the app: a folder that can be read opens, saving off."""
    import palm_island.commands as commands
    import palm_island.tui.app as app

    record = tmp_path / "game.json"
    assert main(["autoplay", "--seed", "3", "--out", str(record)]) == 0
    started: list[dict[str, object]] = []

    def run_app(**options: object) -> int:
        started.append(options)
        return 0

    monkeypatch.setattr(commands, "needs_terminal", lambda: None)
    monkeypatch.setattr(app, "run_app", run_app)
    argv = [a.replace("{record}", str(record)) for a in argv]
    assert main(["--data-dir", str(read_only_dir), *argv]) == 0
    assert [kw["data_dir"] for kw in started] == [read_only_dir]
