"""history on an 80-column terminal: every line fits (it was about 105 columns);
into a pipe the full line stays for scripts."""

from __future__ import annotations

from pathlib import Path

import pytest

from palm_island.cli import main
from palm_island.commands import history
from palm_island.policies import greedy_policy
from palm_island.storage.service import Store


@pytest.fixture
def data(tmp_path: Path) -> Path:
    with Store.open(tmp_path) as store:
        store.create_campaign("A long campaign name")
        for seed, practice in ((20261201, False), (20261201, True), (999_999_999, False)):
            game = store.new_game("A long campaign name", seed=seed, practice=practice)
            while not game.is_over:
                game.play(greedy_policy()(game.state))
    return tmp_path


@pytest.mark.parametrize("width", [80, 72])
def test_every_history_line_fits_the_terminal(
    data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], width: int
) -> None:
    monkeypatch.setattr(history, "line_width", lambda: width)
    assert main(["--data-dir", str(data), "history"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4 and all(len(line) < width for line in lines), lines
    assert lines[0].split()[:3] == ["game", "finished", "campaign"]
    assert "daily 2026-12-01" in lines[1] and "practice 2026-12-01" in lines[2]
    assert "A long ca…" in lines[3]


def test_into_a_pipe_the_full_line_is_kept(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert history.line_width() is None  # pytest's captured stdout is no terminal
    assert main(["--data-dir", str(data), "history"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == history.heading() and lines[3].endswith("none")
