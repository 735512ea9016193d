"""``palm-island solve`` prints a legal line and its score; bad deals get one clear line."""

from __future__ import annotations

import pytest

from palm_island.cli import main


def test_solve_a_seed_prints_the_line_and_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--seed", "1", "--width", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("round 1: ")
    assert "best score found: " in out


def test_solve_a_deal_given_by_codes(capsys: pytest.CaptureFixture[str]) -> None:
    deal = "CH1 CH2 CH3 HO1 HO2 LG1 LG2 LG3 MK QU1 QU2 QU3 TE1 TE2 TH TM"
    assert main(["solve", "--deal", deal, "--width", "2"]) == 0
    assert "best score found: " in capsys.readouterr().out


@pytest.mark.parametrize(
    ("deal", "message"),
    [("CH1 CH2", "16 buildings"), ("XX " * 16, "unknown"), ("CH1 " * 16, "repeated")],
)
def test_a_bad_deal_is_refused(deal: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--deal", deal]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("option", "message"), [(["--width", "0"], "width"), (["--budget", "0"], "seconds")]
)
def test_a_bad_budget_is_refused(
    option: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", "--seed", "1", *option]) == 2
    assert message in capsys.readouterr().err
