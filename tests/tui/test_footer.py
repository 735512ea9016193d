"""The game's footer rebuilds only when its keys change."""

from __future__ import annotations

from textual.widget import Widget

from palm_island.engine import legal_moves

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
