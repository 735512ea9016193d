"""Every file a command writes: a missing folder is named, and a writer killed at any
instant leaves nothing in the player's folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cli_parsers import every_command, options
from palm_island.cli import main
from palm_island.storage.service import Store
from storage_helpers import finished_games

WRITERS: dict[str, list[str]] = {
    "export": ["export", "1", "{out}"],
    "autoplay --out": ["autoplay", "--seed", "3", "--out", "{out}"],
    "solve --out": ["solve", "--seed", "1", "--width", "1", "--out", "{out}"],
}
"""Every command that writes a file the player names (a new one fails here until added)."""
READERS = {"import", "replay", "verify", "analyse"}
"""Commands whose file argument is read, never written."""


def test_the_writers_are_every_command_with_a_file_to_write() -> None:
    writing = set()
    for command in every_command():
        for action in options(command):
            if "--out" in action.option_strings:
                writing.add(f"{command} --out")
            elif not action.option_strings and action.dest == "file" and command not in READERS:
                writing.add(command)  # a file argument that is written, not read
    assert writing == set(WRITERS)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    with Store.open(folder) as store:
        store.create_campaign("Ana")
        finished_games(store, "Ana", range(1))
    return folder


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
@pytest.mark.parametrize("command", list(WRITERS))
@pytest.mark.parametrize(
    ("where", "says"),
    [
        ("missing/deeper/g.json", "there is no folder {tmp}/missing/deeper"),
        ("a-file/g.json", "{tmp}/a-file is not a folder"),
    ],
    ids=["missing folder", "a file as folder"],
)
def test_a_write_into_a_folder_that_is_not_there_names_the_folder(
    data: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    command: str,
    where: str,
    says: str,
) -> None:
    (tmp_path / "a-file").write_text("in the way")
    out = tmp_path / where
    argv = [a.replace("{out}", str(out)) for a in WRITERS[command]]
    assert main(["--data-dir", str(data), *argv]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    line = [e for e in err if e.startswith("palm-island:")]
    assert line == [f"palm-island: {out}: not written: {says.format(tmp=tmp_path)}"]


KILLED_EXPORT = textwrap.dedent(
    f"""
    import sys, time
    sys.path.insert(0, {str(Path(__file__).parent)!r})
    from fault_harness import installed
    from palm_island.cli import main

    def stop(kind, site):
        if kind == "fs:fsync":  # the data is written, not yet published
            print("writing", flush=True)
            time.sleep(60)

    with installed(stop):
        main(sys.argv[1:])
    """
)


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_an_export_killed_mid_write_leaves_nothing_in_the_folder(
    data: Path, tmp_path: Path, sig: signal.Signals
) -> None:
    target = tmp_path / "exports"
    target.mkdir()
    argv = ["--data-dir", str(data), "export", "1", str(target / "g.json")]
    with subprocess.Popen(
        [sys.executable, "-c", KILLED_EXPORT, *argv], stdout=subprocess.PIPE, text=True
    ) as child:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "writing"
        os.kill(child.pid, sig)
        child.wait(timeout=30)
    assert sorted(p.name for p in target.iterdir()) == []
