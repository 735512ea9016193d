"""Snapshots of the solver's parts of the game: the hint line, the analysis screen.

Fixed seeds and budgets, no clock; every background search has finished before the
picture is taken (``wait_for_complete``), so the frames are deterministic.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from palm_island.policies import greedy_policy
from palm_island.solver import Budget

from .helpers import SIZES, app_for, open_game, play_moves

Snap = Callable[..., bool]


@pytest.mark.parametrize("size", SIZES)
def test_hint_shown(snap_compare: Snap, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[None]) -> None:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 8)
        await pilot.press("h")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    app = app_for(2, compute_par=True, hint_budget=Budget(100))
    assert snap_compare(app, run_before=before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_analysis_screen(snap_compare: Snap, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[None]) -> None:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 200)  # seed 2: 124 turns to the end
        await pilot.press("a")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(app_for(2, compute_par=True), run_before=before, terminal_size=size)
