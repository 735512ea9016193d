"""Headless commands for saved data: verify, export, import, history; the store benchmark."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from palm_island.cli import main
from palm_island.storage.service import Store
from storage_helpers import finished_games

RECORDS = Path(__file__).parent / "data" / "records"


def test_verify_accepts_a_v1_record_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(RECORDS / "record.v1.finished.json")]) == 0
    assert "ok — finished, score 19" in capsys.readouterr().out


def test_verify_names_the_step_of_an_illegal_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = json.loads((RECORDS / "record.v1.finished.json").read_text(encoding="utf-8"))
    raw["moves"][4] = "F2 pay TE1"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(raw), encoding="utf-8")
    assert main(["verify", str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"palm-island: {bad}: move 5 (F2 pay TE1): not legal here")
    assert len(err.splitlines()) == 1


def test_export_import_history_and_campaign_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        games = finished_games(store, "Ana", range(4))
    data = ["--data-dir", str(tmp_path)]
    out = tmp_path / "out.json"
    other = ["--data-dir", str(tmp_path / "other")]
    assert main([*data, "export", str(games[0].game_id), str(out)]) == 0
    assert main([*other, "import", str(out)]) == 0
    assert main([*data, "history", "--campaign", "Ana"]) == 0
    assert main([*data, "verify", "--campaign", "Ana"]) == 0
    text = capsys.readouterr().out
    assert "imported as game 1" in text and "games 4" in text and "verified" in text
    assert main([*data, "export", "99", str(out)]) == 2
    assert main([*data, "verify", "--campaign", "Nobody"]) == 1


def test_bench_store_prints_commit_percentiles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from benchmarks.cli import main as bench_main

    assert bench_main(["--data-dir", str(tmp_path), "--store", "--store-games", "1"]) == 0
    out = capsys.readouterr().out
    assert "per-move commit: p50" in out and "p99" in out


def test_headless_store_commands_do_not_import_textual(tmp_path: Path) -> None:
    code = (
        "import sys; from palm_island.cli import main; "
        f"main(['--data-dir', {str(tmp_path)!r}, 'history']); "
        "main(['verify', sys.argv[1]]); "
        "assert 'textual' not in sys.modules, 'textual imported'"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(RECORDS / "record.v1.finished.json")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


def test_storage_works_in_the_c_locale_without_default_encodings(tmp_path: Path) -> None:
    code = (
        "import sys; from palm_island.cli import main; "
        "from palm_island.storage.service import Store; "
        "from palm_island.policies import random_policy; "
        f"d = {str(tmp_path)!r}; s = Store.open(d); s.create_campaign('\\u0139\\u00e9a \\u26f5'); "
        "g = s.new_game('\\u0139\\u00e9a \\u26f5', seed=1); p = random_policy(1)\n"
        "while not g.is_over: g.play(p(g.state))\n"
        "s.export_game(g.game_id, __import__('pathlib').Path(d) / 'game.json'); s.close(); "
        "assert main(['--data-dir', d, 'history', '--campaign', '\\u0139\\u00e9a \\u26f5']) == 0; "
        "assert main(['verify', d + '/game.json']) == 0"
    )
    env = {
        **os.environ,
        "LC_ALL": "C",
        "PYTHONUTF8": "0",
        "PYTHONCOERCECLOCALE": "0",
        "PYTHONWARNDEFAULTENCODING": "1",
    }
    done = subprocess.run(
        [sys.executable, "-W", "error::EncodingWarning", "-c", code],
        capture_output=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]


def test_campaign_command_creates_renames_and_deletes_only_with_yes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = ["--data-dir", str(tmp_path)]
    assert main([*data, "campaign", "create", "Ana"]) == 0
    assert main([*data, "campaign", "create", "Ana"]) == 2
    assert main([*data, "campaign", "rename", "Ana", "Bo"]) == 0
    assert main([*data, "campaign", "delete", "Bo"]) == 2
    assert main([*data, "campaign", "list"]) == 0
    assert "Bo: 0 games" in capsys.readouterr().out
    assert main([*data, "campaign", "delete", "Bo", "--yes"]) == 0


def test_doctor_restores_the_newest_backup_and_keeps_the_damaged_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = ["--data-dir", str(tmp_path)]
    Store.open(tmp_path).close()  # the first open of the day takes a backup
    assert main([*data, "doctor"]) == 0
    (tmp_path / "campaign.db").write_bytes(b"garbage" * 1000)
    assert main([*data, "doctor"]) == 1
    assert "campaign file is damaged" in capsys.readouterr().out
    assert main([*data, "doctor", "--restore", "--yes"]) == 0
    assert list(tmp_path.glob("campaign.damaged-*.db"))
    assert main([*data, "doctor"]) == 0


def test_a_mistyped_command_is_named_with_the_closest_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 22, item 10: not argparse's bare "unrecognized arguments"."""
    assert main(["dael"]) == 2
    err = capsys.readouterr().err
    assert "no command 'dael'" in err and "did you mean 'deal'" in err
    assert main(["--data-dir", "/nonexistent", "hisotry"]) == 2
    assert "did you mean 'history'" in capsys.readouterr().err


def test_history_and_campaign_list_say_when_there_is_nothing_and_history_has_headings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from palm_island.policies import greedy_policy

    data = ["--data-dir", str(tmp_path)]
    assert main([*data, "campaign", "list"]) == 0
    assert "no campaigns yet" in capsys.readouterr().out
    assert main([*data, "history"]) == 0
    assert "no finished games yet" in capsys.readouterr().out
    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        for seed, practice in ((20261201, False), (20261201, True), (7, False)):
            game = store.new_game("Ana", seed=seed, practice=practice)
            while not game.is_over:
                game.play(greedy_policy()(game.state))
    assert main([*data, "history"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["game", "finished", "(UTC)"] and "feats in play" in lines[0]
    assert "daily 2026-12-01" in lines[1]
    assert "practice 2026-12-01" in lines[2]
    assert "seed 7" in lines[3] and lines[3].endswith("none")
