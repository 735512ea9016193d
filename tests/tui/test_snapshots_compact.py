"""Snapshot tests of the compact layout: a narrow terminal, a tmux pane, a phone.

48×44 is about what a 390 px phone shows at 12-13 CSS px; 44×40 is the layout's
minimum (``tui/layout.py``). Baselines live in ``__snapshots__``; regenerate with
``pytest --snapshot-update`` only after reading the rendered SVGs.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from palm_island.policies import greedy_policy
from palm_island.tui.layout import COMPACT

from .helpers import app_for, open_game, par_shown, play_moves, wait_until

Snap = Callable[..., bool]
PHONE = (48, 44)
MINIMUM = (COMPACT.minimum.width, COMPACT.minimum.height)
SIZES = [PHONE, MINIMUM]
SIZE_IDS = ["48x44", "44x40"]


def test_compact_title(snap_compare: Snap) -> None:
    assert snap_compare(app_for(7), terminal_size=PHONE)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_compact_first_turn(snap_compare: Snap, size: tuple[int, int]) -> None:
    assert snap_compare(app_for(7), press=["enter", "enter"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_compact_payment_choice(snap_compare: Snap, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[None]) -> None:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 8)  # seed 2, turn 8: two ways to pay
        await pilot.press("1", "r")

    assert snap_compare(app_for(2), run_before=before, terminal_size=size)


def test_compact_stored_cards_and_log(snap_compare: Snap) -> None:
    async def before(pilot: Pilot[None]) -> None:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 8)  # three cards stored

    assert snap_compare(app_for(2), run_before=before, terminal_size=PHONE)


def test_compact_end_of_game(snap_compare: Snap) -> None:
    async def before(pilot: Pilot[None]) -> None:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 200)  # stops at the end (seed 2, 124 turns)
        await pilot.app.workers.wait_for_complete()  # the par, searched in the background
        await wait_until(pilot, par_shown(pilot.app), "the end screen's par")  # it polls

    assert snap_compare(app_for(2, compute_par=True), run_before=before, terminal_size=PHONE)


def test_compact_tutorial(snap_compare: Snap) -> None:
    assert snap_compare(app_for(7), press=["t"], terminal_size=PHONE)


def test_below_the_compact_minimum(snap_compare: Snap) -> None:
    size = (MINIMUM[0] - 1, MINIMUM[1])
    assert snap_compare(app_for(7), press=["enter", "enter"], terminal_size=size)
