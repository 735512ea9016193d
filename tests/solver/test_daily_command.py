"""``palm-island daily`` prints a date's seed, deal and par; a bad date is one clear line."""

from __future__ import annotations

import pytest

from palm_island.cli import main
from palm_island.engine import new_game, position_notation
from palm_island.solver import Budget, solve
from palm_island.storage.catalog_files import standard_catalog


def test_daily_for_a_fixed_date(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "--date", "2026-11-29", "--width", "20"]) == 0
    lines = capsys.readouterr().out.splitlines()
    start = new_game(standard_catalog(), seed=20261129)
    assert lines[:3] == [
        "date: 2026-11-29",
        "seed: 20261129",
        f"deal: {position_notation(start)}",
    ]
    assert lines[3].startswith(f"par: {solve(start, Budget(20)).score} (solver, width 20, ")


@pytest.mark.parametrize("argv", [["--date", "2026-13-01"], ["--date", "soon"], ["--width", "0"]])
def test_bad_arguments_are_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", *argv]) == 2
    err = capsys.readouterr().err  # ours, or argparse's usage error for a bounded number
    assert err.startswith("palm-island: ") or "palm-island daily: error: argument" in err
