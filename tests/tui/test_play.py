"""Pilot tests: whole games through the UI, keys only and mouse only."""

from __future__ import annotations

import pytest

from benchmarks.keys import keys_for
from palm_island.engine import Catalog, new_game, score
from palm_island.policies import greedy_policy, play_out
from palm_island.tui.options import card_options
from palm_island.tui.screens.end import EndScreen
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.help import HelpScreen
from palm_island.tui.screens.peek import PeekScreen
from palm_island.tui.widgets.card import CardWidget

from .helpers import app_for, game_screen, play_by_mouse, session
from .test_newcomer import assert_no_rule_numbers


@pytest.mark.slow
async def test_a_whole_game_played_with_the_keyboard_at_80_columns(catalog: Catalog) -> None:
    """One whole game by keys on the smallest table (80x24), checked as it goes: the
    moves and score are the engine's; no card line is cut off (``…``) at any turn; no
    rule number shows on any screen (the game, a payment choice open, help, the
    peek, the end screen, the log of returns and round ends). One walk for the
    three: a whole game through Pilot is about 8 s of CPU, each check alone a few ms.
    Greedy seed 757206: card 2 lacks three resources at once; 22 payment choices."""
    seed = 757206
    expected_final, expected_moves = play_out(new_game(catalog, seed=seed), greedy_policy())
    app = app_for(seed)
    policy = greedy_policy()
    choices = 0
    async with app.run_test(size=(80, 24)) as pilot:
        assert_no_rule_numbers(app.screen)
        await pilot.press("enter")  # the deck preview
        assert_no_rule_numbers(app.screen)
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert_no_rule_numbers(app.screen)
        await pilot.press("escape", "p")
        assert isinstance(app.screen, PeekScreen)
        assert_no_rule_numbers(app.screen)
        await pilot.press("escape")
        while not session(app).state.is_over:
            state = session(app).state
            for position in (1, 2, 3):
                card = game_screen(app).query_one(f"#card-{position}", CardWidget)
                lines = card.render_lines(card.outer_size.region)
                cut = [strip.text for strip in lines if "…" in strip.text]
                assert not cut, (position, cut, card_options(state, position))
            move = policy(state)
            keys = keys_for(state, move)
            await pilot.press(*keys[:2])
            if game_screen(app).choice.is_open:
                choices += 1
                assert_no_rule_numbers(app.screen)
            if keys[2:]:
                await pilot.press(*keys[2:])
            assert_no_rule_numbers(app.screen)
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        assert session(app).moves == tuple(expected_moves)
        assert score(session(app).state).total == score(expected_final).total
        assert_no_rule_numbers(app.screen)
        assert_no_rule_numbers(game_screen(app))  # the log: returns and round ends
    assert choices > 0


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
