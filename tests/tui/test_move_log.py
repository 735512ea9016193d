"""The move log: every step in words, cut back on undo, the newest in view."""

from __future__ import annotations

import pytest

from palm_island.policies import greedy_policy
from palm_island.tui.render import event_line
from palm_island.tui.widgets.log import MoveLog

from .helpers import app_in_game, game_screen, in_game, play_moves, session


@pytest.mark.slow
async def test_the_log_lists_every_step_follows_the_newest_and_cuts_back_on_undo() -> None:
    app = app_in_game(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_game(pilot)
        await play_moves(pilot, greedy_policy(), 12)  # more rows than the log shows
        await pilot.pause()
        log = game_screen(app).query_one(MoveLog)

        def expected() -> list[str]:
            steps = session(app).steps
            return [log.header] + [event_line(e) for step in steps for e in step.events]

        assert log.entries == expected()
        assert log.max_scroll_y > 0 and log.scroll_offset.y == log.max_scroll_y
        assert expected()[-1].startswith("Turn 12:")

        await pilot.press("u", "u", "u")
        await pilot.pause()
        assert log.entries == expected()
        assert expected()[-1].startswith("Turn 9:")
        assert log.scroll_offset.y == log.max_scroll_y

        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert log.entries == expected()


@pytest.mark.slow  # over 1.3 s: make test, not make check (its 90 s CPU budget)
async def test_a_key_that_adds_nothing_to_the_log_leaves_it_where_the_player_scrolled() -> None:
    app = app_in_game(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_game(pilot)
        await play_moves(pilot, greedy_policy(), 12)
        await pilot.pause()
        log = game_screen(app).query_one(MoveLog)
        assert log.max_scroll_y > 0
        log.scroll_to(y=0, animate=False)  # reading the first turns
        await pilot.pause()
        await pilot.press("2", "1")  # select card 2, then card 1: no new turn
        await pilot.pause()
        assert log.scroll_offset.y == 0
