"""The title's menu: the seed typed as digits, the cursor, keys and clicks."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from palm_island.tui.app import PalmIslandApp
from palm_island.tui.screens.help import HelpScreen
from palm_island.tui.screens.preview import PreviewScreen
from palm_island.tui.screens.title import TitleScreen
from palm_island.tui.widgets.keybar import KeyBar
from palm_island.tui.widgets.menu import Menu

from .helpers import app_for, session
from .store_helpers import opened, store_app


def title_of(app: PalmIslandApp) -> TitleScreen:
    assert isinstance(app.screen, TitleScreen)
    return app.screen


async def click_entry(pilot: Pilot[None], entry: str) -> None:
    menu = pilot.app.screen.query_one(Menu)
    assert await pilot.click(menu, offset=(menu.size.width // 2, menu.line_of(entry)))


async def test_digits_replace_the_seed_then_extend_it_and_enter_deals_it() -> None:
    app = app_for(123456)
    async with app.run_test(size=(100, 32)) as pilot:
        title = title_of(app)
        assert title.menu.text_of("seed").split() == ["Seed", "(deal)", "123456", "0-9"]
        await pilot.press("4", "2")  # the first digit replaces the seed shown
        assert title.menu.text_of("seed").split()[2] == "42"
        await pilot.press("7", "backspace", "5")
        assert title.seed_text == "425"
        assert title.menu.cursor == "new"  # typing does not move the cursor
        await pilot.press("enter")
        assert isinstance(app.screen, PreviewScreen)
        assert session(app).seed == 425


async def test_a_seed_is_at_most_nine_digits_and_a_cleared_seed_deals_at_random() -> None:
    app = app_for(7)  # "random" seeds come from the fixed source: 1000, 1001, ...
    async with app.run_test(size=(100, 32)) as pilot:
        title = title_of(app)
        await pilot.press(*"12345678901")
        assert title.seed_text == "123456789"
        await pilot.press(*["backspace"] * 9)
        assert title.menu.text_of("seed").split()[2] == "random"
        await pilot.press("n")
        assert session(app).seed == 1000


async def test_the_cursor_moves_over_the_entries_only_and_wraps() -> None:
    app = app_for(7)
    async with app.run_test(size=(100, 32)) as pilot:
        menu = title_of(app).menu
        assert menu.has_focus and menu.cursor == "new"
        seen = [menu.cursor]
        for _ in range(6):
            await pilot.press("down")
            seen.append(menu.cursor)
        assert seen == ["new", "daily", "help", "quit", "colour", "seed", "new"]
        await pilot.press("k", "shift+tab")
        assert menu.cursor == "colour"
        await pilot.press("end")
        assert menu.cursor == "quit"
        await pilot.press("home")
        assert menu.cursor == "colour"
        await pilot.press("enter")  # choosing the colour entry toggles it
        assert "red" in menu.text_of("colour")
        await pilot.press("c")
        assert "blue" in menu.text_of("colour")


async def test_every_entry_can_be_chosen_with_the_mouse() -> None:
    app = app_for(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await click_entry(pilot, "colour")
        assert title_of(app).colour == "red"
        await click_entry(pilot, "help")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        bar = app.screen.query_one(KeyBar)
        assert await pilot.click(bar, offset=(bar.offset_of("screen.toggle_colour"), 0))
        assert title_of(app).colour == "blue"
        await click_entry(pilot, "new")
        assert isinstance(app.screen, PreviewScreen)
        assert session(app).deck_colour == "blue" and session(app).seed == 7


@pytest.mark.parametrize("entry", ["campaign-name", "gap"])
async def test_rows_that_are_not_entries_ignore_clicks(tmp_path: Path, entry: str) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        menu = title_of(app).menu
        before = menu.cursor
        await click_entry(pilot, entry)
        assert isinstance(app.screen, TitleScreen) and menu.cursor == before


async def test_an_ascii_terminal_gets_an_ascii_title() -> None:
    app = app_for(7, ascii_only=True)
    async with app.run_test(size=(100, 32)):
        title = title_of(app)
        shown = [*str(title.menu.render()).splitlines(), str(title.query_one(KeyBar).render())]
        assert all(line.isascii() for line in shown), shown
        assert any(line.lstrip().startswith("> New game") for line in shown)
        assert "up/down Menu" in shown[-1]
