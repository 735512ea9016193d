"""``python -m benchmarks --tui`` keeps working: each child reaches the screen it times.

Figures are printed by the bench, never asserted (see docs/tui.md, Benchmark).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from benchmarks import tui as bench


@pytest.mark.slow  # over 1.5 s: make test, not make check (its 90 s CPU budget)
def test_each_start_up_child_reaches_its_screen(tmp_path: Path) -> None:
    saved = ("--data-dir", str(tmp_path))
    cases = {
        bench.EMPTY: "Screen",
        bench.CLI: "TitleScreen",
        bench.IN_GAME: "GameScreen",
        (*saved, *bench.MENU_READY): "TitleScreen",
    }
    for options, screen in cases.items():
        seconds, shown = bench.startup_seconds(options)
        assert shown == screen
        assert 0 < seconds < 60
    assert (tmp_path / "campaign.db").exists()  # the last child really opened the file


@pytest.mark.slow
def test_key_to_frame_times_every_key_it_sends() -> None:
    times, unchanged = asyncio.run(bench.key_to_frame(7, (100, 32), moves=25))
    timed = [t for group in times.values() for t in group]
    assert len(times["opening a choice"]) > 0  # seed 7 asks for a payment early on
    assert len(timed) + unchanged >= 25  # at least one key per move, each one sent
    assert len(timed) > unchanged
    assert all(t > 0 for t in timed)
    # Every move's log line is drawn, and timed.
    assert len(times["the move's log line"]) == 25
