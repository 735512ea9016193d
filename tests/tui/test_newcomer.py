"""What a new player meets: words not rule numbers, the deck places of stored cards,
the score chart, the feats, the command palette, the theme kept, resizing, --ascii."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from textual.command import CommandList
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList, RadioButton, Static

from palm_island.policies import greedy_policy
from palm_island.storage.service import Store
from palm_island.storage.settings import settings_path
from palm_island.tui.app import PalmIslandApp
from palm_island.tui.render import ordinal, stored_places
from palm_island.tui.screens.end import EndScreen
from palm_island.tui.screens.feats import FeatsScreen
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.help import HelpScreen
from palm_island.tui.screens.peek import PeekScreen
from palm_island.tui.screens.replay import ReplayScreen
from palm_island.tui.screens.setup import SetupScreen
from palm_island.tui.screens.stats import StatsScreen
from palm_island.tui.screens.title import TitleScreen
from palm_island.tui.widgets.card import CardWidget
from palm_island.tui.widgets.log import MoveLog
from palm_island.tui.widgets.stored import StoredPanel

from .helpers import (
    app_for,
    app_in_game,
    footer_row,
    footer_text,
    game_screen,
    in_game,
    keys_settled,
    open_game,
    palette_shows,
    play_by_keys,
    play_moves,
    session,
    wait_until,
)
from .store_helpers import FEAT_SEED, new_saved_game, opened, store_app

RULE_NUMBER = re.compile(r"\(R\d+\)|\bR\d{1,2}\b(?! ?[a-z0-9])")


def shot_text(app: PalmIslandApp) -> str:
    """The screen as exported (SVG), with its escaped spaces made plain again."""
    return html.unescape(app.export_screenshot()).replace("\xa0", " ")


def radios(app: PalmIslandApp) -> list[str]:
    return [str(button.render()).strip() for button in app.screen.query(RadioButton)]


def screen_text(screen: Screen[Any]) -> str:
    """Every text a player reads on ``screen``: widgets, border titles, options."""
    parts: list[str] = []
    widgets: list[Widget] = [screen, *screen.query("*")]
    for widget in widgets:
        parts += [str(widget.border_title or ""), str(widget.border_subtitle or "")]
        if isinstance(widget, Static):
            parts.append(str(widget.render()))
        if isinstance(widget, OptionList):
            parts += [str(widget.get_option_at_index(i).prompt) for i in range(widget.option_count)]
    return "\n".join(parts)


def assert_no_rule_numbers(screen: Screen[Any]) -> None:
    text = screen_text(screen)
    found = re.findall(r"\(R\d+\)|R\d+\)", text)
    assert not found, (type(screen).__name__, found)


# Every screen of a whole game is checked for rule numbers in test_play.py's
# keyboard game (one whole-game walk for its checks).


@pytest.mark.slow  # over 1.3 s: make test, not make check (its 90 s CPU budget)
async def test_the_turn_shown_is_the_turn_being_played() -> None:
    app = app_in_game(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await pilot.press("d", "d", "d")
        screen = game_screen(app)
        status = str(screen.query_one("#status", Static).render())
        assert "Turn 4 " in status
        assert screen.query_one("#log", MoveLog).entries[-1].startswith("Turn 3:")


@pytest.mark.slow
async def test_stored_cards_show_their_place_in_the_deck_here_and_in_the_choice() -> None:
    app = app_for(2)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 8)  # seed 2, turn 9: two ways to pay
        places = stored_places(session(app).state)
        assert len(places) >= 2
        panel = str(game_screen(app).query_one(StoredPanel).render()).splitlines()
        for (place, card), line in zip(places, panel, strict=False):
            assert line.startswith(card.code) and f" {ordinal(place)}" in line
        assert panel[0].endswith("next")  # the nearest the top comes back first
        await pilot.press("1", "r")
        choice = game_screen(app).choice
        assert choice.is_open
        text = screen_text(app.screen)
        first_place, first = places[0]
        assert f"{first.code} " in text and f"({ordinal(first_place)}, returns first)" in text
        # the cards stay in view above the compact choice
        cards = game_screen(app).query_one("#card-1")
        assert choice.region.y >= cards.region.bottom
        await pilot.press("escape")
        assert not choice.is_open


@pytest.mark.slow
async def test_the_end_screen_shows_the_score_chart_with_the_band_reached() -> None:
    app = app_in_game(2)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_game(pilot)
        await play_moves(pilot, greedy_policy(), 200)
        assert isinstance(app.screen, EndScreen)
        chart = str(app.screen.query_one("#chart", Static).render()).splitlines()
        ranks = session(app).state.catalog.ranks
        assert chart[0] == "Score chart" and len(chart) == len(ranks) + 1
        reached = [line for line in chart[1:] if line.startswith("▶")]
        assert len(reached) == 1 and app.screen.breakdown.rank in reached[0]


@pytest.mark.slow
async def test_feats_screen_lists_all_feats_locked_too_and_stats_name_them(
    tmp_path: Path,
) -> None:
    app = store_app(tmp_path, seed=FEAT_SEED)
    async with app.run_test(size=(100, 32)) as pilot:
        await new_saved_game(pilot)
        await play_moves(pilot, greedy_policy(), 200)
        assert isinstance(app.screen, EndScreen)
        unlocked = str(app.screen.query_one("#unlocked", Static).render())
        assert "Feat unlocked! FT1 Granary" in unlocked
        assert "A new game can now use: FT1 Granary" in unlocked
        await pilot.press("t", "f")
        assert isinstance(app.screen, FeatsScreen)
        text = screen_text(app.screen)
        assert app.controller.store is not None
        feats = app.controller.store.feats.feats
        assert len(feats) == 6
        for feat in feats:
            assert feat.goal in text
            mark = "[x]" if feat.code == "FT1" else "[ ]"
            assert f"{mark} {feat.code} {feat.name}" in text
        assert "unlocked by game 1" in text and "Its card:" in text
        await pilot.press("escape")
        assert await pilot.click("#stats")  # the mouse
        assert isinstance(app.screen, StatsScreen)
        assert "Feats unlocked  1 of 6: Granary" in screen_text(app.screen)


@pytest.mark.slow
async def test_setup_shows_what_is_chosen_in_text_and_tab_reaches_the_feats(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("My island")
    app = store_app(tmp_path, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("n")
        assert isinstance(app.screen, SetupScreen)
        assert app.focused is not None and app.focused.id == "difficulty"
        assert radios(app) == ["(*) easy (e)", "( ) medium (m)", "( ) hard (h)"]
        await pilot.press("m")
        assert radios(app) == ["( ) easy (e)", "(*) medium (m)", "( ) hard (h)"]
        await pilot.press("tab")
        assert app.focused is not None and app.focused.id == "start"  # no feats yet
        await pilot.press("escape")


async def palette_titles(pilot: Pilot[None]) -> list[str]:
    """The commands the palette lists when opened (then closed again)."""
    await pilot.press("ctrl+p")
    await wait_until(
        pilot,
        lambda: any(listed.option_count for listed in pilot.app.screen.query(CommandList)),
        "the palette's commands",
    )
    listed = pilot.app.screen.query_one(CommandList)
    titles = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
    await pilot.press("escape")
    return titles


@pytest.mark.slow
async def test_command_palette_runs_game_commands(tmp_path: Path) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        titles = " | ".join(await palette_titles(pilot))
        for name in ("New game", "Daily deal", "Campaign", "Feats", "History", "Statistics"):
            assert name in titles
        assert "Theme" in titles  # Textual's own commands stay
        assert "Hint" not in titles and "Continue" not in titles
        await pilot.press("ctrl+p", *"Feats")
        await palette_shows(pilot, "Feats")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FeatsScreen)
        await pilot.press("escape")
        await new_saved_game(pilot)
        await play_by_keys(pilot, greedy_policy()(session(app).state))
        titles = " | ".join(await palette_titles(pilot))
        for name in ("Hint", "Undo", "Peek", "Help", "New game"):
            assert name in titles
        await pilot.press("ctrl+p", *"Undo")
        await palette_shows(pilot, "Undo")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and session(app).turn == 0


@pytest.mark.slow  # over 1.3 s: make test, not make check (its 90 s CPU budget)
async def test_the_theme_chosen_is_remembered_in_the_data_directory(tmp_path: Path) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        app.theme = "nord"
        await pilot.pause()
    assert settings_path(tmp_path).exists()
    kept = settings_path(tmp_path).stat()
    again = store_app(tmp_path)
    async with again.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        assert again.theme == "nord"
    # Applying the kept theme is not a choice to keep again: the file is not rewritten
    # (an atomic rewrite is a new file).
    now = settings_path(tmp_path).stat()
    assert (now.st_ino, now.st_mtime_ns) == (kept.st_ino, kept.st_mtime_ns)
    settings_path(tmp_path).write_text("{not json")  # a bad file: the default, no crash
    third = store_app(tmp_path)
    async with third.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert third.theme == PalmIslandApp(None, third.config).theme


@pytest.mark.slow
async def test_resizing_to_80_and_back_keeps_the_cards_padding() -> None:
    app = app_in_game(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        card = game_screen(app).query_one("#card-1", CardWidget)
        assert card.styles.padding.left == 1
        await pilot.resize_terminal(80, 24)
        assert card.styles.padding.left == 0  # narrow: the text gets the column
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert card.styles.padding.left == 1
        assert str(card.render()).splitlines()[0].startswith("Quarry QU3")
        await pilot.resize_terminal(70, 20)  # too small: the notice covers the table
        await pilot.pause()
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert card.styles.padding.left == 1
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        await pilot.resize_terminal(85, 30)  # big enough, but narrow
        await pilot.pause()
        assert card.styles.padding.left == 0


@pytest.mark.slow
async def test_ascii_pop_ups_and_footer_draw_only_ascii_frames(tmp_path: Path) -> None:
    app = app_for(2, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 8)
        for keys in (["1", "r"], ["escape", "p"], ["escape", "d", "q"]):
            await pilot.press(*keys)
            shot = app.export_screenshot()
            blocks = set(re.findall(r"[\u2580-\u259f\u2500-\u257f]", shot))
            assert not blocks, (type(app.screen).__name__, blocks)


@pytest.mark.slow  # over 1.3 s: make test, not make check (its 90 s CPU budget)
async def test_the_replay_footer_fits_80_columns(tmp_path: Path) -> None:
    from .test_replay_viewer import finished_game

    finished_game(tmp_path)
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("y", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await keys_settled(pilot)
        y, drawn = footer_row(app)
        assert y == 23
        shown = [b.description for _, b, _, _ in app.screen.active_bindings.values() if b.show]
        assert shown and all(description in drawn for description in shown), drawn


@pytest.mark.slow  # over 0.3 s of CPU: make test, not make check (60 s budget)
async def test_title_footer_offers_continue_as_o(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("My island")
        game = store.new_game("My island", difficulty="easy", seed=3)
        game.play(greedy_policy()(game.state))
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert isinstance(app.screen, TitleScreen)
        await keys_settled(pilot)
        assert "o Continue" in footer_text(app)


@pytest.mark.slow
async def test_each_pop_up_lists_its_own_keys_not_the_screen_behind_it(tmp_path: Path) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("n")
        assert isinstance(app.screen, SetupScreen)
        assert "Start" in footer_text(app) and "Medium" in footer_text(app)
        assert "New game" not in footer_text(app)  # the title's key, dead behind the pop-up
        await pilot.press("enter", "enter", "d")  # start, preview, one move
        assert isinstance(app.screen, GameScreen)
        for key, screen, own, behind in (
            ("p", PeekScreen, "Put it back", "Discard"),
            ("question_mark", HelpScreen, "Close", "Discard"),
            ("q", "ConfirmQuitScreen", "Keep playing", "Discard"),
        ):
            await pilot.press(key)
            assert type(app.screen).__name__ == getattr(screen, "__name__", screen)
            assert own in footer_text(app) and behind not in footer_text(app)
            await pilot.press("escape")
            assert isinstance(app.screen, GameScreen)


NOT_ASCII = re.compile(r"[^\x00-\x7f]")


@pytest.mark.slow
async def test_ascii_screens_and_pop_ups_draw_only_ascii(tmp_path: Path) -> None:
    """Frames, buttons, lists, the key bar (its palette divider, Textual's ``⏎`` and
    arrows): nothing outside ASCII on the title, the setup, the lists and the replay."""
    from .test_replay_viewer import finished_game

    finished_game(tmp_path)
    app = store_app(tmp_path, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for keys, screen in (
            ([], "TitleScreen"),
            (["ctrl+p"], "CommandPalette"),
            (["escape", "n"], "SetupScreen"),
            (["escape", "s"], "SavedGamesScreen"),
            (["escape", "m"], "CampaignScreen"),
            (["escape", "y"], "HistoryScreen"),
            (["enter"], "ReplayScreen"),
        ):
            await pilot.press(*keys)
            await pilot.pause()
            assert type(app.screen).__name__ == screen
            drawn = NOT_ASCII.findall(shot_text(app).split("<text", 1)[1])
            assert not drawn, (screen, sorted(set(drawn)))
