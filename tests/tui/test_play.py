"""Pilot tests: whole games through the UI, keys only and mouse only."""

from __future__ import annotations

import pytest

from palm_island.engine import Catalog, new_game, score
from palm_island.policies import greedy_policy, play_out
from palm_island.tui.screens.end import EndScreen
from palm_island.tui.screens.game import GameScreen

from .helpers import app_for, open_game, play_by_keys, play_by_mouse, session


@pytest.mark.slow
async def test_a_whole_game_played_with_the_keyboard_scores_as_the_engine(
    catalog: Catalog,
) -> None:
    expected_final, expected_moves = play_out(new_game(catalog, seed=2), greedy_policy())
    app = app_for(2)
    policy = greedy_policy()
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        while not session(app).state.is_over:
            await play_by_keys(pilot, policy(session(app).state))
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        assert session(app).moves == tuple(expected_moves)
        assert score(session(app).state).total == score(expected_final).total


@pytest.mark.slow
@pytest.mark.sweep  # a whole game by mouse, ~30 s: make sweep (CI); make test plays one by keyboard
async def test_a_whole_game_played_with_the_mouse_scores_as_the_engine(catalog: Catalog) -> None:
    expected_final, expected_moves = play_out(new_game(catalog, seed=0), greedy_policy())
    app = app_for(0)
    policy = greedy_policy()
    async with app.run_test(size=(100, 32)) as pilot:
        assert await pilot.click("#new")
        assert await pilot.click("#start")
        assert isinstance(app.screen, GameScreen)
        while not session(app).state.is_over:
            await play_by_mouse(pilot, policy(session(app).state))
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        assert session(app).moves == tuple(expected_moves)
        assert score(session(app).state).total == score(expected_final).total
        assert await pilot.click("#again")
        assert session(app).moves == () and session(app).start == new_game(catalog, seed=0)
