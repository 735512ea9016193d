"""Untrusted text and files: nothing a file, a name or a pipe holds can crash the
game, drive the terminal, hang a command or pass for a result it did not earn.

Commands run as a player runs them (a subprocess, no terminal), each under a
memory limit and a timeout, so a loader that reads ``/dev/zero`` or waits on a
FIFO fails the test instead of the machine.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from check_budget import first_in_check
from palm_island.campaign.service import CampaignError
from palm_island.cli import main
from palm_island.storage.service import Store
from storage_helpers import finished_games

MEMORY_LIMIT = 1 << 30


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run(
    *args: str, data: Path | None = None, timeout: float = 30
) -> subprocess.CompletedProcess[str]:
    """``palm-island ARGS`` with no terminal: stdin from /dev/null, output piped."""
    env = {**os.environ, "PALM_ISLAND_DATA_DIR": str(data or "/nonexistent-palm-dir")}
    return subprocess.run(
        [sys.executable, "-m", "palm_island", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        preexec_fn=_limit,
        check=False,
    )


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


@pytest.fixture(scope="module")
def record_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("record") / "game.json"
    assert main(["autoplay", "--seed", "6", "--out", str(out)]) == 0
    return out.read_text(encoding="utf-8")


def _write(folder: Path, name: str, raw: dict[str, object] | str) -> Path:
    path = folder / name
    path.write_text(raw if isinstance(raw, str) else json.dumps(raw), encoding="utf-8")
    return path


# --- markup and control characters -------------------------------------------------


def test_a_campaign_named_like_markup_is_listed_as_it_is(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("[/]")
    result = run("campaign", "list", data=tmp_path)
    assert result.returncode == 0 and result.stdout == "[/]: 0 games, best -, 0 feats\n"


def test_campaign_list_counts_one_game_in_the_singular(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        finished_games(store, "Ana", range(1))
    result = run("campaign", "list", data=tmp_path)
    assert result.stdout.startswith("Ana: 1 game, best ")


@pytest.mark.parametrize("name", ["evil\u202etxt.exe", "two\u2028lines", "bell\x07", "zw\u200bsp"])
def test_control_and_bidi_characters_are_refused_in_names(tmp_path: Path, name: str) -> None:
    with Store.open(tmp_path) as store, pytest.raises(CampaignError, match="U\\+"):
        store.create_campaign(name)


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
def test_stored_control_characters_are_escaped_on_output(tmp_path: Path) -> None:
    import sqlite3

    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        finished_games(store, "Ana", range(1))
    conn = sqlite3.connect(tmp_path / "campaign.db")
    with conn:  # as a hand edit or an older release could have left it
        conn.execute("UPDATE campaign SET name = ?", ("\x1b]0;pwned\x07\x1b[2J\u202e",))
    conn.close()
    for args in (("history",), ("campaign", "list")):
        result = run(*args, data=tmp_path)
        assert result.returncode == 0, result.stderr
        assert "\x1b" not in result.stdout and "\x07" not in result.stdout
        assert "\u202e" not in result.stdout
        assert "\\x1b]0;pwned\\x07" in result.stdout


# --- derived fields are recomputed --------------------------------------------------


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
def test_a_record_with_a_false_rank_is_refused(tmp_path: Path, record_text: str) -> None:
    raw = json.loads(record_text)
    true_rank = raw["result"]["rank"]
    raw["result"]["rank"] = "Astounding" if true_rank != "Astounding" else "Castaway"
    path = _write(tmp_path, "forged.json", raw)
    for args in (("import", str(path)), ("verify", str(path)), ("replay", str(path), "--check")):
        result = run(*args, data=tmp_path / "store")
        assert result.returncode == 1
        assert f"score {raw['result']['score']} is {true_rank!r}" in one_line(result)


def test_a_rank_holding_terminal_escapes_is_refused_and_never_printed(
    tmp_path: Path, record_text: str
) -> None:
    raw = json.loads(record_text)
    raw["result"]["rank"] = "\u001b]0;pwned\u0007\u001b[2J"
    path = _write(tmp_path, "escape.json", raw)
    result = run("import", str(path), data=tmp_path / "store")
    assert result.returncode == 1 and "result.rank" in one_line(result)
    assert "\x1b" not in result.stdout + result.stderr
    assert "\x07" not in result.stdout + result.stderr


def test_a_campaign_name_with_bidi_characters_in_a_record_is_refused(
    tmp_path: Path, record_text: str
) -> None:
    raw = json.loads(record_text)
    raw["setup"]["campaign"] = "Ana\u202e"
    result = run("import", str(_write(tmp_path, "bidi.json", raw)), data=tmp_path / "store")
    assert result.returncode == 1 and "setup.campaign" in one_line(result)
    assert "\u202e" not in result.stderr


def test_an_imported_game_stores_the_recomputed_result(tmp_path: Path, record_text: str) -> None:
    path = _write(tmp_path, "game.json", record_text)
    with Store.open(tmp_path / "store") as store:
        game_id = store.import_game(path)
        row = store.conn.execute("SELECT score, rank FROM game WHERE id = ?", (game_id,))
        score, rank = row.fetchone()
    raw = json.loads(record_text)
    assert (score, rank) == (raw["result"]["score"], raw["result"]["rank"])


# --- one loader: caps, nesting, huge integers, devices --------------------------------

HOSTILE = {
    "deep.json": "[" * 1000 + "]" * 1000,
    "deeper.json": '{"a":' * 10000 + "1" + "}" * 10000,
    "bigint.json": '{"format": "palm-island/record", "seed": ' + "9" * 5000 + "}",
    "empty.json": "",
    "binary.json": "\udcff",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("command", first_in_check(["import", "verify", "replay-check"]))
def test_a_hostile_file_is_refused_in_one_line_by_every_command(
    tmp_path: Path, name: str, command: str
) -> None:
    path = tmp_path / name
    path.write_bytes(HOSTILE[name].encode("utf-8", errors="surrogateescape"))
    args = ["replay", str(path), "--check"] if command == "replay-check" else [command, str(path)]
    result = run(*args, data=tmp_path / "store")
    assert result.returncode == 1
    one_line(result)


@pytest.mark.parametrize("command", first_in_check(["import", "verify", "replay-check"]))
def test_dev_zero_is_refused_unread(command: str, tmp_path: Path) -> None:
    args = (
        ["replay", "/dev/zero", "--check"] if command == "replay-check" else [command, "/dev/zero"]
    )
    result = run(*args, data=tmp_path)
    assert result.returncode == 1 and "not a regular file" in one_line(result)


def test_an_undo_count_of_two_to_the_63_is_refused(tmp_path: Path, record_text: str) -> None:
    raw = json.loads(record_text)
    raw["undo_count"] = 2**63
    result = run("import", str(_write(tmp_path, "undo.json", raw)), data=tmp_path / "store")
    assert result.returncode == 1 and "undo_count" in one_line(result)


def test_an_oversized_file_is_refused_from_its_size(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * ((1 << 20) + 1))
    result = run("replay", str(path), "--check")
    assert result.returncode == 1 and "limit is 1 MiB" in one_line(result)


# --- hangs --------------------------------------------------------------------------


@pytest.mark.parametrize("command", first_in_check(["import", "verify", "replay-check"]))
def test_a_fifo_is_refused_without_waiting(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    args = ["replay", str(fifo), "--check"] if command == "replay-check" else [command, str(fifo)]
    started = time.monotonic()
    result = run(*args, data=tmp_path / "store", timeout=20)
    assert time.monotonic() - started < 10
    assert result.returncode == 1 and "not a regular file" in one_line(result)


@pytest.mark.parametrize("args", [(), ("play",), ("play", "--seed", "7")], ids=str)
def test_without_a_terminal_the_game_exits_2_at_once_with_one_line(args: tuple[str, ...]) -> None:
    started = time.monotonic()
    result = run(*args, timeout=20)
    assert time.monotonic() - started < 3 + 2  # plus the interpreter's start on a busy machine
    assert result.returncode == 2 and "needs a terminal" in one_line(result)
    assert result.stdout == ""  # no escape codes into the pipe


def test_replay_of_a_missing_file_fails_before_the_app_starts(tmp_path: Path) -> None:
    result = run("replay", "/nonexistent.json", timeout=20)
    assert result.returncode == 1 and "no such file" in one_line(result).lower()
    assert result.stdout == ""


def test_play_with_a_negative_seed_fails_before_the_app_starts() -> None:
    result = run("play", "--seed", "-1", timeout=20)
    # argparse's usage error, as for every command's seed (tests/test_cli_seeds.py)
    assert result.returncode == 2 and "argument --seed" in result.stderr.splitlines()[-1]
    assert result.stdout == "" and "Traceback" not in result.stderr


# --- duplicates ---------------------------------------------------------------------


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
def test_importing_the_same_game_twice_is_refused_naming_the_first(
    tmp_path: Path, record_text: str
) -> None:
    path = _write(tmp_path, "game.json", record_text)
    first = run("import", str(path), data=tmp_path / "store")
    assert first.returncode == 0 and "imported as game 1" in first.stdout
    # The same game re-formatted, with another seed and campaign label, is still it.
    raw = json.loads(record_text)
    raw["seed"], raw["setup"]["campaign"] = 99, "Other"
    again = _write(tmp_path, "again.json", json.dumps(raw, indent=None))
    second = run("import", str(again), data=tmp_path / "store")
    assert second.returncode == 1 and "already stored as game 1" in one_line(second)
    with Store.open(tmp_path / "store") as store:
        assert len(store.history()) == 1
