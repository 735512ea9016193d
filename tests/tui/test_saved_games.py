"""Pilot tests of the Saved games screen: nothing stored is unreachable from the app."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from textual.widgets import Button

from palm_island.policies import random_policy
from palm_island.storage.service import Store
from palm_island.tui.screens.ask import AskScreen
from palm_island.tui.screens.damaged import DamagedScreen
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.saved_games import SavedGamesScreen
from palm_island.tui.screens.title import TitleScreen
from storage_helpers import finished_games

from .helpers import footer_text, session
from .store_helpers import opened, store_app


def _left_at_turn_7(folder: Path) -> tuple[int, object]:
    """A campaign game left at turn 7 (as if the player had quit there)."""
    with Store.open(folder) as store:
        store.create_campaign("My island")
        game = store.new_game("My island", seed=5)
        policy = random_policy(5)
        for _ in range(7):
            game.play(policy(game.state))
        assert game.game_id is not None
        return game.game_id, game.state


@pytest.mark.slow
async def test_a_daily_deal_keeps_the_unfinished_game_and_saved_games_reaches_it(
    tmp_path: Path,
) -> None:
    game_id, left_at = _left_at_turn_7(tmp_path)
    app = store_app(tmp_path)
    app.config.today = dt.date(2026, 11, 30)
    notes: list[str] = []
    async with app.run_test(size=(120, 32)) as pilot:
        await opened(pilot)
        original = app.notify

        def keep(message: str, **options: object) -> None:
            notes.append(message)
            original(message, **options)  # type: ignore[arg-type]

        app.notify = keep  # type: ignore[method-assign]
        await pilot.press("d")  # the daily deal, while the turn-7 game is unfinished
        await pilot.pause()
        assert any("kept" in note and "Saved games" in note for note in notes)
        await pilot.press("enter", "d")  # start playing it: one move makes it a saved game
        await pilot.press("escape")  # back to the title
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert "2 unfinished" in str(app.screen.query_one("#saved", Button).label)
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SavedGamesScreen)
        assert [g.game_id for g in screen.games][1] == game_id  # the daily one is newer
        old = screen.games[1]
        assert (old.turn, old.campaign, old.seed) == (7, "My island", 5)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert session(app).state == left_at


@pytest.mark.slow
async def test_abandoning_a_saved_game_asks_first(tmp_path: Path) -> None:
    game_id, _ = _left_at_turn_7(tmp_path)
    app = store_app(tmp_path)
    async with app.run_test(size=(120, 32)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AskScreen)
        await pilot.press("n")  # no: nothing changes
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen) and len(app.screen.games) == 1
        keys = footer_text(app)
        assert "Abandon" in keys
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen) and app.screen.games == []
        keys = footer_text(app)
        assert "Abandon" not in keys and "Back" in keys  # nothing left to abandon
    with Store.open(tmp_path) as store:
        status = store.conn.execute("SELECT status FROM game WHERE id = ?", (game_id,))
        assert status.fetchone()[0] == "abandoned"


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
async def test_continue_takes_the_newest_unfinished_game_in_any_campaign(tmp_path: Path) -> None:
    _left_at_turn_7(tmp_path)
    with Store.open(tmp_path) as store:
        store.create_campaign("Ben")
        newest = store.new_game("Ben", seed=9)
        newest.play(random_policy(9)(newest.state))
    app = store_app(tmp_path)
    async with app.run_test(size=(120, 32)) as pilot:
        await opened(pilot)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.controller.campaign_name == "Ben" and session(app).state == newest.state


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
async def test_the_restore_dialog_lists_backups_newest_first_with_what_they_hold(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("My island")
        finished_games(store, "My island", range(2))
    (tmp_path / "campaign.db").write_bytes(b"not a database" * 500)
    app = store_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        screen = app.screen
        assert isinstance(screen, DamagedScreen)
        assert screen.backups[0].contents is not None
        assert screen.backups[0].contents.finished_games == 2
        orders = [b.order for b in screen.backups]
        assert orders == sorted(orders, reverse=True)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.controller.store is not None
        assert len(app.controller.store.history("My island")) == 2


@pytest.mark.slow
async def test_a_campaign_named_like_markup_opens_every_screen_as_text(tmp_path: Path) -> None:
    """A campaign named ``[/]`` crashed the app on ``m`` (campaigns) and ``n`` (setup)."""
    from palm_island.tui.screens.campaign import CampaignScreen
    from palm_island.tui.screens.setup import SetupScreen

    with Store.open(tmp_path) as store:
        store.create_campaign("[/]")
    app = store_app(tmp_path)
    async with app.run_test(size=(120, 32)) as pilot:
        await opened(pilot)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        heading = app.screen.query_one(".heading")
        assert "New game in [/]" in str(heading.render())
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
async def test_history_names_a_damaged_game_and_lists_the_others(tmp_path: Path) -> None:
    import sqlite3

    from palm_island.tui.screens.history import HistoryScreen

    with Store.open(tmp_path) as store:
        store.create_campaign("My island")
        finished_games(store, "My island", range(2))
    conn = sqlite3.connect(tmp_path / "campaign.db")
    with conn:
        conn.execute("UPDATE game SET header = CAST(x'7bff' AS TEXT) WHERE id = 1")
    conn.close()
    app = store_app(tmp_path)
    async with app.run_test(size=(120, 32)) as pilot:
        await opened(pilot)
        await pilot.press("y")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        assert screen.selected_game() == 2
        assert "Left out, damaged: game 1" in str(screen.query_one("#history-message").render())


@pytest.mark.slow
async def test_saved_games_names_a_daily_deal_and_the_turn_the_game_shows(tmp_path: Path) -> None:
    """The row says "daily 2026-11-30" (not its seed) and the turn to play, as the
    game's own header does; a restart still knows the daily deal."""
    from palm_island.tui.screens.saved_games import saved_game_line
    from palm_island.tui.widgets.log import MoveLog
    from palm_island.tui.widgets.status import StatusBar

    app = store_app(tmp_path)
    app.config.today = dt.date(2026, 11, 30)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await pilot.press("d", "enter", "d")  # the daily deal, its preview, one discard
        await pilot.pause()
        assert "Turn 2 " in str(app.screen.query_one(StatusBar).render())
    restarted = store_app(tmp_path)  # a new run: nothing remembered but the file
    async with restarted.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        await pilot.pause()
        screen = restarted.screen
        assert isinstance(screen, SavedGamesScreen)
        row = str(saved_game_line(screen.games[0]))
        assert "daily 2026-11-30, blue" in row and "turn   2" in row
        await pilot.press("enter")
        await pilot.pause()
        log = restarted.screen.query_one(MoveLog)
        assert "Daily deal of 2026-11-30" in "\n".join(str(line.text) for line in log.lines)
