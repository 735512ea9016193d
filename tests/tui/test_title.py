"""The title: entries as buttons, the seed as an input, Continue, keys and clicks."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button

from palm_island.policies import greedy_policy
from palm_island.tui.app import PalmIslandApp
from palm_island.tui.screens.confirm import ConfirmQuitScreen
from palm_island.tui.screens.end import EndScreen
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.help import HelpScreen
from palm_island.tui.screens.preview import PreviewScreen
from palm_island.tui.screens.title import TitleScreen

from .helpers import app_for, footer_text, keys_settled, open_game, play_moves, session
from .store_helpers import opened, store_app


def title_of(app: PalmIslandApp) -> TitleScreen:
    assert isinstance(app.screen, TitleScreen)
    return app.screen


@pytest.mark.slow  # over 1.5 s: make test, not make check (its 90 s CPU budget)
async def test_digits_replace_the_seed_then_extend_it_and_enter_deals_it() -> None:
    app = app_for(123456)
    async with app.run_test(size=(100, 32)) as pilot:
        title = title_of(app)
        assert title.seed_text == "123456"
        await pilot.press("4", "2")  # the first digit replaces the seed shown
        assert title.seed_text == "42"
        await pilot.press("7", "backspace", "5")
        assert title.seed_text == "425"
        assert app.focused is not None and app.focused.id == "new"  # typing keeps the focus
        await pilot.press("enter")
        assert isinstance(app.screen, PreviewScreen)
        assert session(app).seed == 425


@pytest.mark.slow
async def test_the_seed_field_takes_digits_only_and_enter_in_it_deals() -> None:
    app = app_for(7)
    async with app.run_test(size=(100, 32)) as pilot:
        title = title_of(app)
        assert await pilot.click("#seed")
        await pilot.press("end", "backspace", "x", "3", "1")
        assert title.seed_text == "31"
        await pilot.press("enter")
        assert session(app).seed == 31


@pytest.mark.slow
async def test_a_seed_is_at_most_nine_digits_and_a_cleared_seed_deals_at_random() -> None:
    app = app_for(7)  # "random" seeds come from the fixed source: 1000, 1001, ...
    async with app.run_test(size=(100, 32)) as pilot:
        title = title_of(app)
        await pilot.press(*"12345678901")
        assert title.seed_text == "123456789"
        await pilot.press(*["backspace"] * 9)
        assert title.seed_text == ""
        await pilot.press("n")
        assert session(app).seed == 1000


@pytest.mark.slow
async def test_focus_starts_on_new_game_and_moves_over_the_entries() -> None:
    app = app_for(7)
    async with app.run_test(size=(100, 32)) as pilot:
        title = title_of(app)
        assert app.focused is not None and app.focused.id == "new"
        # a first start: the tutorial stands out at the top (never the focus)
        assert title.shown_entries() == ["tutorial-new", "new", "daily", "help", "quit"]
        await pilot.press("down")
        assert app.focused.id == "daily"
        await pilot.press("up", "up")
        assert app.focused.id == "tutorial-new"
        await pilot.press("up")
        assert app.focused.id == "language"
        await pilot.press("up")
        assert app.focused.id == "seed"
        await pilot.press("up")
        assert app.focused.id == "colour"
        await pilot.press("enter")  # the colour button toggles it
        assert title.colour == "red"
        await pilot.press("c")
        assert str(title.colour) == "blue"


@pytest.mark.slow
async def test_every_entry_can_be_chosen_with_the_mouse() -> None:
    app = app_for(7)
    async with app.run_test(size=(100, 32)) as pilot:
        assert await pilot.click("#colour")
        assert title_of(app).colour == "red"
        assert await pilot.click("#help")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert await pilot.click("#colour")
        assert str(title_of(app).colour) == "blue"
        assert await pilot.click("#new")
        assert isinstance(app.screen, PreviewScreen)
        assert session(app).deck_colour == "blue" and session(app).seed == 7


@pytest.mark.slow
async def test_escape_leaves_a_game_for_the_title_and_continue_resumes_it() -> None:
    app = app_for(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await keys_settled(pilot)
        assert "o Continue" not in footer_text(app)
        await open_game(pilot)
        await pilot.press("d", "d")
        kept = session(app)
        await pilot.press("escape")
        title = title_of(app)
        assert title.shown_entries()[0] == "continue"
        assert app.focused is not None and app.focused.id == "continue"
        await keys_settled(pilot)
        assert "o Continue" in footer_text(app)
        await pilot.press("o")
        assert isinstance(app.screen, GameScreen) and session(app) is kept
        assert kept.turn == 2
        await pilot.press("escape")
        assert await pilot.click("#continue")  # the mouse too
        assert isinstance(app.screen, GameScreen) and session(app) is kept
        await pilot.press("escape", "q")  # a kept game is still a game in progress
        assert isinstance(app.screen, ConfirmQuitScreen)


@pytest.mark.slow
async def test_a_finished_game_rolls_a_new_seed_unless_the_player_typed_one() -> None:
    app = app_for(5)
    app.controller.seed_typed("")  # as a plain `play`: the first seed was drawn, not chosen
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 200)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("t")
        title = title_of(app)
        assert title.seed_text == "1000"  # the next seed of the source
        await pilot.press("4", "2", "n", "enter")
        await play_moves(pilot, greedy_policy(), 200)
        await pilot.press("t")
        assert title_of(app).seed_text == "42"  # typed: kept for another go


@pytest.mark.slow  # over 0.3 s of CPU: make test, not make check (60 s budget)
async def test_campaign_entries_show_only_with_saved_games(tmp_path: Path) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        title = title_of(app)
        assert title.shown_entries() == [
            "tutorial-new",
            "new",
            "saved",
            "daily",
            "campaign",
            "feats",
            "history",
            "stats",
            "help",
            "quit",
        ]
        assert str(title.query_one("#campaign-row").render()).split() == [
            "Campaign",
            "My",
            "island",
        ]


async def test_an_ascii_terminal_gets_an_ascii_title() -> None:
    app = app_for(7, ascii_only=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await keys_settled(pilot)
        title = title_of(app)
        shown = [str(b.label) for b in title.query(Button)] + [footer_text(app)]
        assert all(line.isascii() for line in shown), shown
