"""The headless command line, as a script or a bug report would use it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from palm_island import __version__
from palm_island.cli import main

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "palm_island", *args], capture_output=True, text=True, check=False
    )


def test_version_and_help() -> None:
    assert run("--version").stdout.strip() == f"palm-island {__version__}"
    help_text = run("--help").stdout
    for command in ("deal", "autoplay", "replay", "solve"):
        assert command in help_text
    assert "bench" not in help_text  # the benchmarks are the checkout's, not the game's


def test_deal_prints_the_starting_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--seed", "1"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("1/0 ") and line.endswith(" RT:FU") and len(line.split()) == 18


@pytest.mark.slow  # over 0.3 s of CPU: make test, not make check (60 s budget)
def test_autoplay_writes_a_record_that_replay_check_verifies(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    played = run("autoplay", "--seed", "5", "--policy", "greedy", "--out", str(out))
    assert played.returncode == 0, played.stderr
    record = json.loads(out.read_text())
    assert record["seed"] == 5 and record["result"]["turns"] == len(record["moves"])
    checked = run("replay", str(out), "--check")
    assert checked.returncode == 0, checked.stderr
    assert f"score {record['result']['score']} " in checked.stdout
    assert played.stdout.splitlines()[0] == checked.stdout.splitlines()[0]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not JSON"),
        ('{"format": "palm-island/record", "schema_version": 9}', "schema_version 9 is newer"),
    ],
)
def test_replay_check_reports_a_bad_file_in_one_line(
    tmp_path: Path, content: str, message: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    result = run("replay", str(bad), "--check")
    assert result.returncode == 1
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_replay_check_names_the_step_of_an_illegal_move(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    assert main(["autoplay", "--seed", "6", "--out", str(out)]) == 0
    record = json.loads(out.read_text())
    record["moves"][9] = "R2 pay TE2"
    out.write_text(json.dumps(record))
    result = run("replay", str(out), "--check")
    assert result.returncode == 1
    assert "move 10 (R2 pay TE2): not legal here" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_missing_file_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path / "nope.json"), "--check")
    assert result.returncode == 1 and "no such file" in result.stderr.lower()
    assert "Traceback" not in result.stderr


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m benchmarks`` from the checkout, as ``make bench`` runs it."""
    return subprocess.run(
        [sys.executable, "-m", "benchmarks", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def test_bench_prints_throughput_figures() -> None:
    result = bench("--games", "20", "--runs", "1")
    assert result.returncode == 0, result.stderr
    assert "turns/s" in result.stdout and "records/s" in result.stdout


def test_bench_against_another_checkout_times_both_pair_by_pair() -> None:
    # This checkout against itself (loaded a second time under another name).
    result = bench("--games", "4", "--runs", "2", "--against", str(ROOT))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.count("pair 1: this") == 2 and out.count("pair 2: this") == 2, out
    assert "random legal playouts" in out and "replay" in out
    assert out.count("ratio of pairs") == 2


def test_the_game_has_no_bench_command(capsys: pytest.CaptureFixture[str]) -> None:
    """The benchmarks are run from the checkout (``make bench``); the installed game
    has no command that reaches for them."""
    assert main(["bench", "--games", "1", "--runs", "1"]) == 2
    assert "there is no command 'bench'" in capsys.readouterr().err


def test_bench_takes_every_option_the_bench_command_had() -> None:
    from benchmarks.cli import build_parser

    shown = build_parser().format_help()
    options = (
        "--games", "--runs", "--against", "--tui", "--web", "--solver", "--analysis",
        "--seeds", "--first-seed", "--verbose", "--budget", "--width", "--store",
        "--store-games", "--feats", "--data-dir",
    )  # fmt: skip
    assert [o for o in options if f"{o} " not in shown and f"{o}\n" not in shown] == []


def test_bench_numbers_out_of_range_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks.cli import main as bench_main

    assert bench_main(["--games", str(10**20)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "error: argument --games" in err and "must be" in err


def test_bench_against_a_directory_without_a_checkout_fails_in_one_line(
    tmp_path: Path,
) -> None:
    result = bench("--games", "4", "--runs", "1", "--against", str(tmp_path))
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "bench --against" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_broken_card_data_is_reported_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from palm_island.engine import parse_catalog
    from palm_island.storage import catalog_files

    def broken() -> object:
        return parse_catalog('{"format": "palm-island/cards"}', "data/cards.json")

    monkeypatch.setattr(catalog_files, "standard_catalog", broken)
    assert main(["deal", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("palm-island: data/cards.json: version: Field required")
    assert len(err.strip().splitlines()) == 1


def test_the_autoplay_choices_are_the_policies() -> None:
    from palm_island.commands.autoplay import POLICY_NAMES
    from palm_island.policies import POLICIES

    assert sorted(POLICY_NAMES) == sorted(POLICIES)


def test_options_without_a_command_open_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from palm_island.commands import play

    seen: list[tuple[int | None, bool]] = []

    def fake_run(args: object) -> int:
        seen.append((args.seed, args.ascii))  # type: ignore[attr-defined]
        return 0

    monkeypatch.setattr(play, "run", fake_run)
    assert main(["--seed", "7", "--ascii"]) == 0
    assert main([]) == 0
    assert seen == [(7, True), (None, False)]


def test_only_the_command_being_run_is_registered_except_for_help() -> None:
    from palm_island.cli import COMMANDS, commands_needed

    assert commands_needed(["play", "--seed", "3"]) == ("play",)
    assert commands_needed(["--data-dir", "/tmp/x", "deal", "--seed", "3"]) == ("deal",)
    assert commands_needed(["--help"]) == COMMANDS
    assert commands_needed(["-h", "deal"]) == COMMANDS
    assert commands_needed(["deal", "--help"]) == ("deal",)
    assert commands_needed(["nonsense"]) == COMMANDS
