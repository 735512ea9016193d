"""``python -m benchmarks --solver`` prints solver and greedy side by side."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchmarks.cli import main


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
def test_solver_bench_prints_both_rows(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--solver", "--seeds", "2", "--width", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 deals (seeds 1-2)" in out
    assert "greedy (one step)" in out and "solver (width 2)" in out
    found = re.search(
        r"mean par ([\d.]+), mean bound ([\d.]+), mean gap ([\d.]+).*proven (\d+) of 2", out
    )
    assert found, out
    par, bound, gap = (float(found.group(i)) for i in (1, 2, 3))
    assert bound >= par and gap == pytest.approx(bound - par)
    assert re.search(r"bound [\d.]+ s CPU per deal \(solve [\d.]+ s\)", out), out


def test_solver_bench_refuses_too_many_seeds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--solver", "--seeds", "101"]) == 2
    assert "--seeds is 1 to 100" in capsys.readouterr().err


def test_solver_bench_refuses_a_zero_width(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--solver", "--seeds", "1", "--width", "0"]) == 2
    assert "argument --width: must be from 1" in capsys.readouterr().err  # arguments.py


ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
def test_solver_bench_against_a_checkout_pairs_each_deal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # This checkout against itself, loaded a second time under another name; fresh seeds.
    args = ["--against", str(ROOT), "--solver", "--first-seed", "7001", "--seeds", "2"]
    assert main([*args, "--width", "3"]) == 0
    out = capsys.readouterr().out
    assert "(width 3) against" in out and "seeds 7001-7002" in out
    lines = [line for line in out.splitlines() if line.strip().startswith("seed ")]
    assert [line.split(":")[0].strip() for line in lines] == ["seed 7001", "seed 7002"]
    for line in lines:  # the same solver and width: the same score on both sides
        mine = re.search(r"this (\d+) in", line)
        theirs = re.search(r"reference (\d+) in", line)
        assert mine and theirs and mine.group(1) == theirs.group(1), line
    assert "CPU ratio of pairs: median" in out and "mean score: this" in out


def test_solver_bench_against_a_folder_without_a_checkout_fails_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--against", str(tmp_path), "--solver", "--seeds", "1"]) == 2
    err = capsys.readouterr().err
    assert "bench --against" in err and err.strip().count("\n") == 0


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
def test_solver_bench_from_a_first_seed_plays_those_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--solver", "--first-seed", "500", "--seeds", "2", "--width", "2"]) == 0
    assert "2 deals (seeds 500-501)" in capsys.readouterr().out


@pytest.mark.slow
def test_analysis_bench_prints_each_deal_s_costs_and_the_three_ratios(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--analysis", "--first-seed", "3", "--seeds", "1"]) == 0
    out = capsys.readouterr().out
    deal = re.search(
        r"seed 3: (\d+) moves; bound ([\d.]+) s, search ([\d.]+) s, analysis ([\d.]+) s", out
    )
    assert deal is not None, out
    assert int(deal.group(1)) > 100 and float(deal.group(3)) > 0 and float(deal.group(4)) > 0
    assert out.count(": median ") == 3
