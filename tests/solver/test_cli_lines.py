"""``solve --json`` / ``--out`` and ``analyse``: the line as data, a record that
verifies, and an analysis that agrees with the par."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from palm_island.cli import main


def test_solve_json_and_out_give_a_record_that_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "line.json"
    assert main(["solve", "--seed", "7", "--width", "20", "--json", "--out", str(out)]) == 0
    found = json.loads(capsys.readouterr().out)
    assert set(found) == {"score", "bound", "moves"} and found["bound"] >= found["score"]
    assert main(["verify", str(out)]) == 0
    assert f"score {found['score']} " in capsys.readouterr().out
    assert main(["analyse", str(out), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bound"] == found["bound"]
    assert [t["played"] for t in report["turns"]] == found["moves"]
    assert all(t["value_best"] >= t["value_played"] for t in report["turns"])


def test_analyse_refuses_a_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "/nonexistent/game.json"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("palm-island: ") and len(err.splitlines()) == 1
