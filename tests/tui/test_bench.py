"""``palm-island bench --tui`` keeps working: each child reaches the screen it times.

Figures are printed by the bench, never asserted (see docs/tui.md, Benchmark).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from palm_island.tui import bench


def test_each_start_up_child_reaches_its_screen(tmp_path: Path) -> None:
    store = f", use_store=True, data_dir=__import__('pathlib').Path({str(tmp_path)!r})"
    quick = {"store": "", **bench.FIRST_FRAME}
    cases = {
        bench.EMPTY_CHILD: "Screen",
        bench.APP_CHILD.format(in_game=False, prelude=bench.CLI_PRELUDE, **quick): "TitleScreen",
        bench.APP_CHILD.format(in_game=True, prelude="", **quick): "GameScreen",
        bench.APP_CHILD.format(
            in_game=False, prelude="", store=store, **bench.MENU_READY
        ): "TitleScreen",
    }
    for code, screen in cases.items():
        seconds, shown = bench.startup_seconds(code)
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
