"""Snapshots of three tutorial steps: reading a card, the release choice, the round tracker."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from .helpers import SIZES, app_for
from .test_tutorial import play_to_step

Snap = Callable[..., bool]


async def _steps(pilot: Pilot[None], step: int, keys: tuple[str, ...] = ()) -> None:
    await play_to_step(pilot, step)
    await pilot.press(*keys)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("step", "keys"),
    [(1, ()), (7, ("s",)), (12, ("d", "d", "d", "d"))],
    ids=["reading-a-card", "release-choice", "round-tracker"],
)
def test_tutorial_steps(
    snap_compare: Snap, size: tuple[int, int], step: int, keys: tuple[str, ...]
) -> None:
    async def before(pilot: Pilot[None]) -> None:
        await _steps(pilot, step, keys)

    assert snap_compare(app_for(7), run_before=before, terminal_size=size)
