"""``palm-island play --seed 7`` starts that deal (the new game's setup first: a
saved game's difficulty and feats are the player's to choose)."""

from __future__ import annotations

from pathlib import Path

import pytest

from palm_island.tui.app import cli_config, make_app
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.setup import SetupScreen

from .store_helpers import opened


@pytest.mark.slow  # over 1 s of CPU (PALM_ISLAND_CHECK_SLOW=1): make test, not make check
async def test_play_seed_opens_the_new_game_of_that_seed(tmp_path: Path) -> None:
    config = cli_config(7, False, tmp_path, None)
    config.compute_par = False
    app = make_app(config)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")  # Start, in the setup modal
        await pilot.press("enter")  # the deck preview
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.controller.session is not None and app.controller.session.seed == 7
