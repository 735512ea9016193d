"""A game left under one language continues under the other in the app: the same
position, its moves on, and the record the same file whichever language played it
(issue 48's done-when; the command line's side: tests/i18n/test_across_languages.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from palm_island.i18n import speaking
from palm_island.policies import greedy_policy
from palm_island.storage.service import Store
from palm_island.tui.screens.game import GameScreen

from .helpers import play_moves, session, wait_until
from .store_helpers import opened, store_app

pytestmark = pytest.mark.slow


async def continue_and_play(folder: Path, language: str, moves: int) -> tuple[object, object]:
    """Open the app under ``language``, continue the newest game (``o``), play
    ``moves`` moves; the position found and the one left."""
    app = store_app(folder)
    with speaking(language):
        async with app.run_test(size=(100, 32)) as pilot:
            await opened(pilot)
            await pilot.press("o")
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
            found = session(app).state
            await play_moves(pilot, greedy_policy(), moves)
            left = session(app).state
    return found, left


@pytest.mark.parametrize(("first", "then"), [("en", "es"), ("es", "en")])
async def test_a_game_left_in_one_language_continues_in_the_other(
    tmp_path: Path, first: str, then: str
) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("Isla")
        game = store.new_game("Isla", seed=5)
        game.play(greedy_policy()(game.state))  # a game with a move is one to continue
    _, left_first = await continue_and_play(tmp_path, first, 6)
    found_then, left_then = await continue_and_play(tmp_path, then, 6)
    assert found_then == left_first
    found_again, _ = await continue_and_play(tmp_path, first, 0)
    assert found_again == left_then
    assert left_then != left_first
