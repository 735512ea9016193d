"""No traceback, no hang (issue 21 item 7): every command runs through the one error
mapper (palm_island/exits.py); an OSError, a closed pipe, Ctrl+C, a store error or
a bug each become one line on stderr and a documented exit status; arguments bound
their numbers."""

from __future__ import annotations

import errno
import importlib
import os
import pkgutil
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import palm_island.commands
from palm_island.campaign.service import CampaignError
from palm_island.cli import COMMANDS, main
from palm_island.storage.errors import LoadError, SaveError

ARGUMENTS: dict[str, list[str]] = {
    "play": [],
    "deal": ["--seed", "1"],
    "autoplay": ["--seed", "1"],
    "replay": ["game.json", "--check"],
    "solve": ["--seed", "1"],
    "daily": [],
    "verify": ["game.json"],
    "export": ["1", "out.json"],
    "import": ["game.json"],
    "history": [],
    "campaign": ["list"],
    "doctor": [],
    "analyse": ["game.json"],
    "serve": [],
}
"""The fewest arguments each command accepts: a new command must be added here."""


def command_modules() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(palm_island.commands.__path__))


def test_every_command_module_is_registered_and_listed_here() -> None:
    """A module added to commands/ must be a registered command (so main's mapper runs
    it) and get its arguments above (so the injections below cover it)."""
    assert command_modules() == sorted(COMMANDS)
    assert sorted(ARGUMENTS) == sorted(COMMANDS)


def raising(error: BaseException) -> Callable[..., int]:
    def run(*_: object) -> int:
        raise error

    return run


INJECTED: dict[str, tuple[BaseException, int, str]] = {
    "disk full": (
        OSError(errno.ENOSPC, "No space left on device", "/d/campaign.db"),
        1,
        "/d/campaign.db: no space left on the device",
    ),
    "permission": (PermissionError(errno.EACCES, "Permission denied", "/d"), 1, "/d: permission"),
    "read-only": (OSError(errno.EROFS, "Read-only file system", "/d/x"), 1, "read-only file"),
    "not found": (FileNotFoundError(errno.ENOENT, "No such file", "/d/y"), 1, "/d/y: no such"),
    "not a dir": (NotADirectoryError(errno.ENOTDIR, "Not a directory", "/d"), 1, "not a dir"),
    "is a dir": (IsADirectoryError(errno.EISDIR, "Is a directory", "/d"), 1, "is a directory"),
    "exists": (FileExistsError(errno.EEXIST, "File exists", "/d"), 1, "/d: already exists"),
    "sqlite": (sqlite3.OperationalError("disk I/O error"), 1, "campaign file: disk I/O"),
    "load": (LoadError("db_damaged", "campaign.db", "damaged"), 2, "campaign.db: damaged"),
    "save": (SaveError("campaign.db", "could not save"), 2, "campaign.db: could not save"),
    "campaign": (CampaignError("there is no campaign named 'A'"), 2, "no campaign named"),
    "recursion": (RecursionError("maximum recursion depth"), 1, "nested too deeply"),
    "bug": (ZeroDivisionError("division by zero"), 70, "internal error (ZeroDivisionError"),
    "interrupt": (KeyboardInterrupt(), 130, "interrupted"),
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("case", sorted(INJECTED))
def test_an_error_in_any_command_is_one_line_and_a_status(
    command: str,
    case: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    error, status, words = INJECTED[case]
    module = importlib.import_module(f"palm_island.commands.{command}")
    monkeypatch.setattr(module, "run", raising(error))
    assert main([command, *ARGUMENTS[command]]) == status
    out, err = capsys.readouterr()
    assert "Traceback" not in err and out == ""
    assert err.count("\n") == 1 and err.startswith("palm-island: "), err
    assert words in err


@pytest.mark.parametrize("command", COMMANDS)
def test_a_closed_pipe_in_any_command_is_quiet_141(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    module = importlib.import_module(f"palm_island.commands.{command}")
    monkeypatch.setattr(module, "run", raising(BrokenPipeError(errno.EPIPE, "Broken pipe")))
    assert main([command, *ARGUMENTS[command]]) == 141
    assert capsys.readouterr() == ("", "")


def run_into_closed_pipe(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    """``palm-island ARGS | true`` without the race: the reader is gone before the
    command writes anything."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [sys.executable, "-m", "palm_island", "--data-dir", str(data), *args],
            stdin=subprocess.DEVNULL,
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    finally:
        os.close(write)


@pytest.mark.parametrize(
    "args", [("history",), ("deal", "--seed", "3"), ("campaign", "list"), ("doctor",)]
)
def test_a_real_closed_pipe_exits_141_without_a_word(args: tuple[str, ...], tmp_path: Path) -> None:
    fixture = Path(__file__).parent / "data" / "db" / "campaign.v3.db"
    (tmp_path / "campaign.db").write_bytes(fixture.read_bytes())
    result = run_into_closed_pipe(*args, data=tmp_path)
    assert result.returncode == 141, result.stderr
    assert result.stderr == ""


@pytest.mark.slow
def test_sigint_during_a_command_exits_130_with_one_line(tmp_path: Path) -> None:
    # A search of minutes (width 200,000) in a cache of its own; on a timeout the
    # child's Python stack is dumped (faulthandler on SIGABRT) into the failure.
    env = {**os.environ, "PYTHONFAULTHANDLER": "1", "PALM_ISLAND_CACHE_DIR": str(tmp_path)}
    # As a terminal's foreground job gets it, SIGINT is set to raise KeyboardInterrupt:
    # a test run started in the background of a non-interactive shell (a CI script's
    # `&`) inherits SIGINT ignored, and Python then keeps it ignored in the child.
    foreground = (
        "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "sys.argv = ['palm-island', 'daily', '--width', '200000']; "
        "runpy.run_module('palm_island', run_name='__main__', alter_sys=True)"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", foreground],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        # Interrupt the search: the deal is printed (flushed) just before it begins
        # (no progress lines on a pipe: progress_bar.py).
        for _ in range(3):
            line = process.stdout.readline()
            if line.startswith("deal:"):
                break
        assert line.startswith("deal:"), line
        process.send_signal(signal.SIGINT)
        try:
            _, err = process.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGABRT)
            _, err = process.communicate(timeout=30)
            pytest.fail(f"no exit 60 s after SIGINT; the child was at:\n{err}")
    finally:
        process.kill()
    assert process.returncode == 130, err
    assert "Traceback" not in err
    assert err.strip().splitlines() == ["palm-island: interrupted"]


@pytest.mark.parametrize(
    "args",
    [
        ("autoplay", "--seed", str(2**63)),
        ("deal", "--seed", "-1"),
        ("solve", "--seed", "1", "--budget", "inf"),
        ("solve", "--seed", "1", "--budget", "1e308"),
        ("solve", "--seed", "1", "--budget", "nan"),
        ("solve", "--seed", "1", "--budget", "0"),
        ("solve", "--seed", "1", "--width", str(10**20)),
        ("daily", "--width", "0"),
        ("export", str(2**63), "x.json"),
    ],
)
def test_numbers_out_of_range_are_usage_errors(
    args: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(list(args)) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "error: argument" in err and "must be" in err


def test_the_game_with_a_data_dir_that_is_a_file_is_one_line_before_textual_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import palm_island.commands as commands
    import palm_island.tui.app as app

    monkeypatch.setattr(commands, "needs_terminal", lambda: None)
    monkeypatch.setattr(app, "run_app", lambda **_: pytest.fail("the app started"))
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["--data-dir", str(blocker), "play"]) == 2  # a storage error (exits.py)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{blocker}: is a file, not a folder" in err
