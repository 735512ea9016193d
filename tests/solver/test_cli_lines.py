"""``solve --json`` / ``--out`` and ``analyse``: the line as data, a record that
verifies, and an analysis that agrees with the par."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from palm_island.cli import main


@pytest.mark.slow
def test_solve_json_and_out_give_a_record_that_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "line.json"
    assert main(["solve", "--seed", "7", "--width", "20", "--json", "--out", str(out)]) == 0
    found = json.loads(capsys.readouterr().out)
    assert set(found) == {"score", "bound", "proven", "moves"} and found["bound"] >= found["score"]
    assert found["proven"] == (found["bound"] == found["score"])
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


@pytest.mark.slow
def test_analyse_a_stored_game_uses_its_kept_lines_and_keeps_the_analysis(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from palm_island.solver import ANALYSIS_BUDGET, DEFAULT_BUDGET, Budget, solve
    from palm_island.solver.lines import deal_key, joined, solver_tag
    from palm_island.storage.service import Store
    from storage_helpers import finished_games

    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        (game,) = finished_games(store, "Ana", range(3, 4))
        start = game.states[0]
        par = solve(start, Budget(30))  # kept as the deal's par line, as the game keeps it
        store.save_solver_line(
            deal_key(start), solver_tag(DEFAULT_BUDGET.width), "", joined(par.moves)
        )
    data = ["--data-dir", str(tmp_path)]
    assert main([*data, "analyse", str(game.game_id), "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["par"] == par.score
    assert first["turns"][0]["value_best"] >= par.score
    with Store.open(tmp_path) as store:
        tag = f"{solver_tag(ANALYSIS_BUDGET.width)}-par{DEFAULT_BUDGET.width}"
        assert store.game_analysis(game.saved_id, tag) is not None
    assert main([*data, "analyse", str(game.game_id)]) == 0
    text = capsys.readouterr()
    assert text.out.startswith(f"Par {par.score}")
    assert "analysing" not in text.err  # read back: no search
