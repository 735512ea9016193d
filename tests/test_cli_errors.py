"""Every command that takes a stored game or a record file reads it through one
parser (arguments.py), and each error line names what it is about."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_parsers import every_command, options
from palm_island import arguments
from palm_island.cli import main
from palm_island.storage.service import Store
from storage_helpers import finished_games

TAKES_A_GAME: dict[str, object] = {
    "analyse": arguments.game_or_file,
    "export": arguments.game_id,
    "replay": arguments.record_file,
    "verify": arguments.record_file,
    "import": arguments.record_file,
}
"""The parser of each command's game or file argument (a new one fails here)."""


def test_every_game_or_file_argument_goes_through_the_shared_parsers() -> None:
    found = {}
    for command in every_command():
        for action in options(command):
            if not action.option_strings and action.dest in {"game", "file"}:
                if command == "export" and action.dest == "file":
                    continue  # written, not read: tests/test_cli_writes.py
                found[command] = action.type
    assert found == TAKES_A_GAME


@pytest.mark.parametrize(
    ("text", "parsed"),
    [("12", 12), ("game.json", Path("game.json")), ("./12", Path("12")), ("１２", Path("１２"))],
)
def test_digits_are_a_game_and_anything_else_a_file(text: str, parsed: object) -> None:
    assert arguments.game_or_file(text) == parsed


USAGE = [
    ("analyse", "0"),
    ("analyse", "99999999999999999999999"),
    ("export", "0"),
    ("export", "99999999999999999999999"),
    ("analyse", ""),
    ("replay", ""),
    ("verify", ""),
    ("import", ""),
]


@pytest.mark.parametrize(("command", "value"), USAGE)
def test_a_number_out_of_range_or_an_empty_name_is_a_usage_error(
    command: str, value: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    extra = [str(tmp_path / "out.json")] if command == "export" else []
    assert main(["--data-dir", str(tmp_path), command, value, *extra]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.startswith(f"palm-island {command}: error: argument ")
    assert "internal error" not in err


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    with Store.open(folder) as store:
        store.create_campaign("Ana")
        finished_games(store, "Ana", range(1))
    return folder


def bad_files(tmp: Path) -> dict[str, Path]:
    (tmp / "bad.json").write_text("{not json")
    (tmp / "folder").mkdir()
    return {
        "missing": tmp / "nosuch.json",
        "not JSON": tmp / "bad.json",
        "a folder": tmp / "folder",
    }


READERS = [
    ["analyse", "{file}"],
    ["replay", "{file}", "--check"],
    ["verify", "{file}"],
    ["import", "{file}"],
]


@pytest.mark.slow  # over 0.3 s of CPU: make test, not make check (60 s budget)
@pytest.mark.parametrize("argv", READERS, ids=[a[0] for a in READERS])
@pytest.mark.parametrize("fault", ["missing", "not JSON", "a folder"])
def test_a_bad_file_is_named_in_one_line(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], fault: str
) -> None:
    path = bad_files(tmp_path)[fault]
    code = main(["--data-dir", str(data), *[a.replace("{file}", str(path)) for a in argv]])
    assert code == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"palm-island: {path}: "), err


@pytest.mark.parametrize(
    "argv", [["analyse", "999"], ["export", "999", "{out}"]], ids=["analyse", "export"]
)
def test_a_game_that_is_not_there_is_named(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    argv = [a.replace("{out}", str(tmp_path / "o.json")) for a in argv]
    assert main(["--data-dir", str(data), *argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["palm-island: there is no game 999 (`palm-island history` lists them)"]
