"""The move log: entries wrapped at spaces, cut back on undo, the newest in view."""

from __future__ import annotations

from palm_island.policies import greedy_policy
from palm_island.tui.render import event_line
from palm_island.tui.widgets.log import MoveLog, wrap

from .helpers import app_for, game_screen, open_game, play_moves, session


def test_wrap_breaks_at_spaces_and_cuts_only_words_longer_than_a_row() -> None:
    assert wrap("Turn 3: store Logger LG1", 10) == ["Turn 3:", "store", "Logger LG1"]
    assert wrap("abcdefghijkl xy", 5) == ["abcde", "fghij", "kl xy"]
    assert wrap("fits exactly", 12) == ["fits exactly"]
    assert wrap("", 8) == [""]
    assert wrap("  Round 1 ended (R22)", 12) == ["  Round 1", "ended (R22)"]


def shown_rows(log: MoveLog) -> list[str]:
    """The log's rows as drawn now (what a person sees inside its border)."""
    height = log.scrollable_content_region.height
    return [log.render_line(y).text.rstrip() for y in range(height)]


def newest_rows(log: MoveLog) -> list[str]:
    """Every entry wrapped to the log's width, the last screenful (the newest)."""
    height = log.scrollable_content_region.height
    rows = [
        row for entry in log.entries for row in wrap(entry, log.scrollable_content_region.width)
    ]
    return (rows[-height:] + [""] * height)[:height]


async def test_the_log_lists_every_step_follows_the_newest_and_cuts_back_on_undo() -> None:
    app = app_for(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 12)  # more rows than the log shows
        await pilot.pause()
        log = game_screen(app).query_one(MoveLog)

        def expected() -> list[str]:
            steps = session(app).steps
            return [log.header] + [event_line(e) for step in steps for e in step.events]

        assert log.entries == expected()
        width = log.scrollable_content_region.width
        assert len([r for e in log.entries for r in wrap(e, width)]) > len(shown_rows(log))
        assert shown_rows(log) == newest_rows(log)

        await pilot.press("u", "u", "u")
        await pilot.pause()
        assert log.entries == expected()
        assert shown_rows(log) == newest_rows(log)

        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert log.scrollable_content_region.width > width
        assert shown_rows(log) == newest_rows(log)


async def test_a_key_that_adds_nothing_to_the_log_leaves_it_where_the_player_scrolled() -> None:
    app = app_for(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 12)
        await pilot.pause()
        log = game_screen(app).query_one(MoveLog)
        assert log.max_scroll_y > 0
        log.scroll_to(y=0, animate=False, force=True)  # reading the first turns
        await pilot.pause()
        await pilot.press("2", "1")  # select card 2, then card 1: no new turn
        await pilot.pause()
        assert log.scroll_offset.y == 0
