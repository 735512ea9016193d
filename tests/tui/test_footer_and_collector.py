"""The game's footer rebuilds only when its keys change, and full garbage
collections wait for a drawn frame while a game is on the table."""

from __future__ import annotations

import gc

from textual.widget import Widget

from palm_island.engine import legal_moves
from palm_island.tui import collector

from .helpers import app_for, game_screen, open_game, play_by_keys, session


def footer_keys(widgets: list[Widget]) -> list[str]:
    return [str(key.render()) for key in widgets]


async def test_the_footer_keeps_its_keys_when_a_key_changes_none_of_them() -> None:
    app = app_for(3)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        await pilot.pause()
        before = list(app.screen.query("FooterKey"))
        await pilot.press("2", "1")  # selecting a card: the same keys apply
        await pilot.pause()
        assert list(app.screen.query("FooterKey")) == before  # the same widgets, not rebuilt
        assert not any("Undo" in text for text in footer_keys(before))

        await play_by_keys(pilot, legal_moves(session(app).state)[-1])  # discard
        await pilot.pause()
        after = list(app.screen.query("FooterKey"))
        assert any("Undo" in text for text in footer_keys(after))  # a new key: rebuilt


async def test_the_footer_follows_an_open_choice_and_its_closing() -> None:
    app = app_for(3)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        screen = game_screen(app)
        state = session(app).state
        table = footer_keys(list(app.screen.query("FooterKey")))
        screen.choice.ask(state, legal_moves(state)[:2])
        await pilot.pause()
        asking = footer_keys(list(app.screen.query("FooterKey")))
        assert any("Cancel" in text for text in asking)
        assert not any("Discard" in text for text in asking)
        await pilot.press("escape")
        await pilot.pause()
        assert footer_keys(list(app.screen.query("FooterKey"))) == table


async def test_full_collections_are_held_only_while_a_game_is_on_the_table() -> None:
    threshold = gc.get_threshold()
    app = app_for(3)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        await pilot.pause()
        assert gc.get_threshold()[2] > 1_000_000  # no automatic full pass
        assert gc.get_freeze_count() > 0  # what the table needs is frozen
        await pilot.press("escape")  # back to the title, the game kept
        await pilot.pause()
        assert gc.get_threshold() == threshold
        assert gc.get_freeze_count() == 0


def test_a_due_full_collection_runs_after_a_frame() -> None:
    collector.hold_full_passes()
    try:
        keep: list[list[object]] = []
        while gc.get_count()[2] < collector.FULL_PASS_AFTER:
            keep.append([keep])  # containers, so younger passes run and count up
        collector.after_frame()
        assert gc.get_count()[2] == 0  # the full pass ran and reset the count
    finally:
        collector.release_full_passes()
    assert gc.get_freeze_count() == 0
