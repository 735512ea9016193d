"""Progress is shown only on a terminal's stderr, never into a pipe or a log, and
``--quiet`` turns it off: one mechanism (progress_bar.py) for every command."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

import palm_island.commands
from cli_parsers import every_command, options
from palm_island import progress_bar as progress
from palm_island.storage.service import Store
from storage_helpers import finished_games

COMMANDS_DIR = Path(palm_island.commands.__file__).parent
SHOWS_PROGRESS = {"solve", "daily", "analyse", "doctor"}
"""Commands with a long search (each passes its searches through progress.progress)."""


def test_every_command_that_searches_takes_quiet_and_no_other_writes_progress() -> None:
    """A command module that passes ``on_progress`` or prints a percentage to stderr
    anywhere but progress_bar.py fails here."""
    quiet = {c for c in every_command() if any("--quiet" in a.option_strings for a in options(c))}
    assert quiet == SHOWS_PROGRESS
    for module in COMMANDS_DIR.glob("*.py"):
        text = module.read_text(encoding="utf-8")
        assert not re.search(r"on_progress=(?!tell\b)", text), module.name
        assert not re.search(r"print\(f?\".*%.*sys\.stderr", text), module.name
        assert "rich.progress" not in text, module.name


class Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(
    ("tty", "quiet", "expected"),
    [(True, False, True), (True, True, False), (False, False, False), (False, True, False)],
)
def test_progress_is_shown_on_a_terminal_unless_quiet(
    tty: bool, quiet: bool, expected: bool
) -> None:
    assert progress.shown(quiet, Stream(tty)) is expected


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("data")
    with Store.open(folder) as store:
        store.create_campaign("Ana")
        finished_games(store, "Ana", range(1))
    return folder


RUNS = {
    "solve": ["solve", "--seed", "3", "--width", "20", "--json"],
    "daily": ["daily", "--date", "2026-01-05", "--width", "20"],
    "analyse": ["analyse", "1", "--json"],
    "doctor": ["doctor"],
}


@pytest.mark.slow
@pytest.mark.parametrize(
    "command",
    [
        # analyse searches a whole game (5 s of CPU): make sweep's (CI); its progress
        # goes through the same progress.progress (the test above checks every command)
        pytest.param(command, marks=pytest.mark.sweep) if command == "analyse" else command
        for command in sorted(SHOWS_PROGRESS)
    ],
)
def test_a_search_into_a_pipe_writes_nothing_on_stderr(
    command: str, data: Path, tmp_path: Path
) -> None:
    """``solve --json 2>err`` wrote ten ``searching: N%`` lines."""
    env = {"PALM_ISLAND_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-m", "palm_island", "--data-dir", str(data), *RUNS[command]],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout and done.stderr == ""


def on_a_terminal(argv: list[str], tmp_path: Path) -> bytes:
    """What the command writes to stderr when stderr is a terminal (a pty)."""
    import os
    import pty

    leader, follower = pty.openpty()
    env = {"PALM_ISLAND_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", "TERM": "xterm"}
    with subprocess.Popen(
        [sys.executable, "-m", "palm_island", *argv],
        stdout=subprocess.PIPE,
        stderr=follower,
        env=env,
    ) as child:
        os.close(follower)
        out, _ = child.communicate(timeout=300)
    assert child.returncode == 0 and out
    written = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal's other end is closed: all is read
            break
        if not chunk:
            break
        written += chunk
    os.close(leader)
    return written


@pytest.mark.slow
@pytest.mark.parametrize("quiet", [False, True], ids=["bar", "quiet"])
def test_on_a_terminal_the_bar_is_drawn_unless_quiet(quiet: bool, tmp_path: Path) -> None:
    argv = ["solve", "--seed", "3", "--width", "20", *(["--quiet"] if quiet else [])]
    written = on_a_terminal(argv, tmp_path)
    assert (b"searching" in written) is not quiet, written[:200]
    if quiet:
        assert written == b""


def test_doctor_says_it_is_replaying_every_game(
    data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """doctor took 19.8 s at 10,000 games without a word: its replay is a bar."""
    from palm_island.cli import main

    seen: list[tuple[str, bool]] = []
    real = progress.progress

    def spy(label: str, quiet: bool):  # type: ignore[no-untyped-def]
        seen.append((label, quiet))
        return real(label, quiet)

    monkeypatch.setattr(progress, "progress", spy)
    assert main(["--data-dir", str(data), "doctor"]) == 0
    assert seen == [("replaying every stored game", False)]
    capsys.readouterr()


def test_check_games_reports_its_progress(data: Path) -> None:
    shares: list[float] = []
    with Store.open(data, read_only=True) as store:
        assert store.check_games(on_progress=shares.append) == []
    assert shares == [1.0]  # one game: checked, all done
