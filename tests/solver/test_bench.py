"""``palm-island bench --solver`` prints solver and greedy side by side."""

from __future__ import annotations

import pytest

from palm_island.cli import main


def test_solver_bench_prints_both_rows(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--solver", "--seeds", "2", "--width", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 deals (seeds 1-2)" in out
    assert "greedy (one step)" in out and "solver (width 2)" in out


def test_solver_bench_refuses_too_many_seeds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--solver", "--seeds", "101"]) == 2
    assert "--seeds is 1 to 100" in capsys.readouterr().err


def test_solver_bench_refuses_a_zero_width(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--solver", "--seeds", "1", "--width", "0"]) == 2
    assert "argument --width: must be from 1" in capsys.readouterr().err  # arguments.py
