"""Helpers for the UI tests of saved games: an app on a temporary campaign file."""

from __future__ import annotations

import itertools
from pathlib import Path

from textual.pilot import Pilot

from palm_island.tui.app import AppConfig, PalmIslandApp, make_app
from palm_island.tui.screens.game import GameScreen

from .helpers import wait_until

FEAT_SEED = 1
"""A deal whose greedy game unlocks FT1 in a new campaign (checked in the test)."""


def store_app(data_dir: Path, seed: int = 7, **options: object) -> PalmIslandApp:
    """The app as ``make play`` builds it, saving to ``data_dir`` (never the user's);
    ``options`` set other ``AppConfig`` fields (e.g. ``ascii_only``)."""
    counter = itertools.count(1000)
    # No background par search: it is the solver's test's business, and its
    # progress would make the end screen's snapshot depend on timing.
    config = AppConfig(
        seed=seed,
        seed_source=lambda: next(counter),
        use_store=True,
        data_dir=data_dir,
        compute_par=False,
    )
    for name, value in options.items():
        setattr(config, name, value)
    return make_app(config)


async def opened(pilot: Pilot[None]) -> None:
    """Wait until the app has opened the campaign file (just after its first frame)
    and the title shows the campaign's menu."""
    app = pilot.app
    assert isinstance(app, PalmIslandApp)
    await wait_until(pilot, lambda: not app.controller.store_pending, "the campaign file")
    await pilot.pause()
    await pilot.pause()


async def new_saved_game(pilot: Pilot[None]) -> None:
    """Title → setup (difficulty, feats) → deck preview → game: ``n``, then ``enter``
    (Start, in the setup modal) and ``enter`` (the deck preview)."""
    await pilot.press("n")
    await pilot.press("enter")  # Start, in the setup modal
    await pilot.press("enter")  # the deck preview
    await pilot.pause()
    assert isinstance(pilot.app.screen, GameScreen)
