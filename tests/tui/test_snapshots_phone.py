"""Snapshot tests of every screen on a phone held upright: 55×60 cells, what a
390 px phone shows at a 12 px font (``tests/tui/test_phone_wraps.py`` checks the
same screens for entries broken across rows). Baselines live in ``__snapshots__``;
regenerate with ``pytest --snapshot-update`` only after reading the rendered SVGs.
Screens of a campaign are taken before any game ends: a finished game's date
would change the picture every day.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from palm_island.policies import greedy_policy

from .helpers import app_for, open_game, par_shown, play_moves, wait_until
from .store_helpers import opened, store_app

Snap = Callable[..., bool]
PHONE = (55, 60)


def test_phone_title(snap_compare: Snap) -> None:
    assert snap_compare(app_for(7), terminal_size=PHONE)


def test_phone_deck_preview(snap_compare: Snap) -> None:
    assert snap_compare(app_for(7), press=["enter"], terminal_size=PHONE)


def test_phone_game(snap_compare: Snap) -> None:
    assert snap_compare(app_for(7), press=["enter", "enter"], terminal_size=PHONE)


def test_phone_payment_choice(snap_compare: Snap) -> None:
    async def before(pilot: Pilot[None]) -> None:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 8)  # seed 2, turn 8: two ways to pay
        await pilot.press("1", "r")

    assert snap_compare(app_for(2), run_before=before, terminal_size=PHONE)


def test_phone_help(snap_compare: Snap) -> None:
    assert snap_compare(app_for(7), press=["enter", "enter", "question_mark"], terminal_size=PHONE)


def test_phone_end_of_game(snap_compare: Snap) -> None:
    async def before(pilot: Pilot[None]) -> None:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 200)  # stops at the end (seed 2)
        await pilot.app.workers.wait_for_complete()
        await wait_until(pilot, par_shown(pilot.app), "the end screen's par")

    assert snap_compare(app_for(2, compute_par=True), run_before=before, terminal_size=PHONE)


def test_phone_tutorial(snap_compare: Snap) -> None:
    assert snap_compare(app_for(7), press=["t"], terminal_size=PHONE)


def _in_store(*keys: str) -> Callable[[Pilot[None]], Awaitable[None]]:
    async def before(pilot: Pilot[None]) -> None:
        await opened(pilot)
        await pilot.press(*keys)
        await pilot.pause()

    return before


STORE_SCREENS = {
    "campaigns": ("m", "c", *"Second", "enter"),  # a list of two
    "new-game": ("n",),
    "feats": ("f",),
    "history": ("y",),
    "statistics": ("z",),
}


@pytest.mark.parametrize("keys", STORE_SCREENS.values(), ids=STORE_SCREENS.keys())
def test_phone_campaign_screens(snap_compare: Snap, keys: tuple[str, ...], tmp_path: Path) -> None:
    app = store_app(tmp_path, seed=2)
    assert snap_compare(app, run_before=_in_store(*keys), terminal_size=PHONE)
