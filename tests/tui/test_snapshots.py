"""Snapshot tests: what the player sees, at 100×32 and at the minimum 80×24.

Baselines live in ``__snapshots__``; regenerate with ``pytest --snapshot-update``
only after reading the rendered SVGs. Fixed seeds, no clock, no randomness.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from palm_island.policies import greedy_policy

from .helpers import SIZES, app_for, open_game, par_shown, play_moves, wait_until

Snap = Callable[..., bool]


@pytest.mark.parametrize("size", SIZES)
def test_title(snap_compare: Snap, size: tuple[int, int]) -> None:
    assert snap_compare(app_for(7), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_deck_preview_before_the_first_turn(snap_compare: Snap, size: tuple[int, int]) -> None:
    assert snap_compare(app_for(7), press=["enter"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_first_turn_of_seed_7(snap_compare: Snap, size: tuple[int, int]) -> None:
    assert snap_compare(app_for(7), press=["enter", "enter"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_payment_choice(snap_compare: Snap, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[None]) -> None:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 8)  # seed 2, turn 8: two ways to pay
        await pilot.press("1", "r")

    assert snap_compare(app_for(2), run_before=before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_r20_release_choice(snap_compare: Snap, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[None]) -> None:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 48)  # seed 0, turn 48: store at 4/4
        await pilot.press("1", "s")

    assert snap_compare(app_for(0), run_before=before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_peek(snap_compare: Snap, size: tuple[int, int]) -> None:
    assert snap_compare(app_for(7), press=["enter", "enter", "2", "p"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_end_of_game(snap_compare: Snap, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[None]) -> None:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 200)  # stops at the end (seed 2, 124 turns)
        await pilot.app.workers.wait_for_complete()  # the par, searched in the background
        await wait_until(pilot, par_shown(pilot.app), "the end screen's par")

    assert snap_compare(app_for(2, compute_par=True), run_before=before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare: Snap, size: tuple[int, int]) -> None:
    assert snap_compare(app_for(7), press=["enter", "enter", "question_mark"], terminal_size=size)


def test_terminal_too_small(snap_compare: Snap) -> None:
    assert snap_compare(app_for(7), press=["enter", "enter"], terminal_size=(70, 20))


async def _eight_turns_of_seed_2(pilot: Pilot[None]) -> None:
    await open_game(pilot)
    await play_moves(pilot, greedy_policy(), 8)  # three cards stored


@pytest.mark.parametrize("size", SIZES)
def test_no_color_game(
    snap_compare: Snap, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")  # read (and removed) by App.__init__
    assert snap_compare(app_for(2), run_before=_eight_turns_of_seed_2, terminal_size=size)


def test_ascii_game(snap_compare: Snap) -> None:
    app = app_for(2, ascii_only=True)
    assert snap_compare(app, run_before=_eight_turns_of_seed_2, terminal_size=(80, 24))
