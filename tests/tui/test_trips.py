"""What a new player tripped on (issue 22): hints kept with the game, the daily deal's
one attempt a day, no saved game without a move, and the rest, item by item."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path

from palm_island.policies import greedy_policy
from palm_island.solver import Budget
from palm_island.storage.service import Store
from palm_island.tui.screens.ask import AskScreen
from palm_island.tui.screens.end import EndScreen
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.title import TitleScreen
from palm_island.tui.widgets.log import MoveLog
from palm_island.tui.widgets.result import ResultLines

from .helpers import game_screen, play_moves, session
from .store_helpers import new_saved_game, opened, store_app

DAY = dt.date(2026, 12, 1)


async def _hint(pilot: object) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    await pilot.press("h")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_hints_used_are_kept_with_the_saved_game_across_a_resume(tmp_path: Path) -> None:
    app = store_app(tmp_path, hint_budget=Budget(10))
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await new_saved_game(pilot)
        await _hint(pilot)  # a hint before the first move counts too
        await play_moves(pilot, greedy_policy(), 3)
        await _hint(pilot)
        assert session(app).hints_used == 2
    again = store_app(tmp_path, hint_budget=Budget(10))
    async with again.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await pilot.press("o")  # Continue
        await pilot.pause()
        assert isinstance(again.screen, GameScreen)
        assert session(again).hints_used == 2
        await _hint(pilot)
        await play_moves(pilot, greedy_policy(), 200)
        await pilot.pause()
        assert isinstance(again.screen, EndScreen)
        result = again.screen.query_one(ResultLines)
        assert "3 hints used" in str(result.render())
    with Store.open(tmp_path) as store:
        assert [g.hints for g in map(store.game, [e.game_id for e in store.history()])] == [3]


async def test_looking_at_a_deal_and_leaving_stores_no_game(tmp_path: Path) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await pilot.press("n", "enter")  # setup -> deck preview
        await pilot.press("escape")  # back to the title without a move
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert not app.screen.check_action("entry", ("continue",))
        await pilot.press("ctrl+p", *"Daily deal")  # the palette's daily deal, too
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.store is not None and app.store.unfinished_count() == 0
        assert "unfinished" not in str(app.screen.query_one("#saved").render())


def test_games_with_no_move_stored_by_an_older_release_are_cleaned_up(tmp_path: Path) -> None:
    """A version-2 file with an empty game in play and a game with moves: upgrading
    removes only the empty one."""
    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        empty = store.new_game("Ana", seed=3)
        played = store.new_game("Ana", seed=4)
        played.play(greedy_policy()(played.state))
        assert store.unfinished_count() == 2
    conn = sqlite3.connect(tmp_path / "campaign.db")
    conn.execute("DROP TABLE game_play")
    conn.execute("PRAGMA user_version = 2")
    conn.commit()
    conn.close()
    with Store.open(tmp_path) as store:
        assert [g.game_id for g in store.saved_games()] == [played.game_id]
        assert empty.game_id not in [g.game_id for g in store.saved_games()]
        assert len(store.game(played.game_id).record.moves) == 1  # type: ignore[arg-type]


async def _finish_daily(pilot: object, app: object) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    await pilot.press("d")
    await pilot.pause()
    await pilot.press("enter")  # deck preview -> game
    await pilot.pause()
    await play_moves(pilot, greedy_policy(), 200)
    await pilot.pause()


async def test_the_daily_deal_is_one_official_attempt_a_day(tmp_path: Path) -> None:
    app = store_app(tmp_path, today=DAY, hint_budget=Budget(10))
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await pilot.press("d", "enter", "d")  # the daily deal, one move
        first = session(app)
        await pilot.press("escape")
        await pilot.press("d")  # again: the unfinished daily resumes, no second one
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert session(app).moves == first.moves and session(app).turn == 1
        await _hint(pilot)
        await play_moves(pilot, greedy_policy(), 200)
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        share = app.screen.query_one(ResultLines).share
        assert share is not None and share.endswith(", 1 hint")
        await pilot.press("t")  # title
        await pilot.pause()
        await pilot.press("d")  # finished today: its result, and a practice game offered
        await pilot.pause()
        assert isinstance(app.screen, AskScreen)
        assert share.split(" (par")[0].split(",")[0] in app.screen.question
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and session(app).practice
        assert "practice" in app.screen.query_one(MoveLog).header
        await play_moves(pilot, greedy_policy(), 200)
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        assert app.screen.query_one(ResultLines).share is None  # never the daily result
        assert "Practice game" in str(app.screen.query_one(ResultLines).render())
    with Store.open(tmp_path) as store:
        attempts = store.daily_games(20261201)
        assert [(status, practice) for _, status, practice in attempts] == [
            ("finished", False),
            ("finished", True),
        ]
        entries = store.history()
        assert [e.practice for e in entries] == [False, True]


async def test_a_daily_deal_again_from_the_end_screen_is_practice(tmp_path: Path) -> None:
    app = store_app(tmp_path, today=DAY)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await _finish_daily(pilot, app)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("g")  # same deal again
        await pilot.pause()
        assert session(app).practice
        await pilot.press("enter", "d")
        assert isinstance(game_screen(app), GameScreen)
    with Store.open(tmp_path) as store:
        assert [a[2] for a in store.daily_games(20261201)] == [False, True]


async def test_campaign_name_dialog_stays_open_on_an_empty_or_taken_name(tmp_path: Path) -> None:
    from textual.widgets import Input, Static

    from palm_island.tui.screens.ask import InputScreen
    from palm_island.tui.screens.campaign import CampaignScreen

    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await pilot.press("m")  # the campaign screen
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        await pilot.press("c", "enter")  # create, empty name
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, InputScreen)
        refused = str(dialog.query_one("#refused", Static).render())
        assert "needs a name" in refused
        await pilot.press(*"d", "backspace")  # typed into the dialog, not "delete"
        await pilot.press(*"MY ISLAND", "enter")  # "My island" exists
        await pilot.pause()
        assert app.screen is dialog
        assert dialog.query_one(Input).value == "MY ISLAND"  # the text is kept
        assert "already exists" in str(dialog.query_one("#refused", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        assert app.store is not None
        assert [c.name for c in app.store.campaigns()] == ["My island"]
        await pilot.press("c", *"Ana", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen) and app.campaign_name == "Ana"


def test_campaign_names_are_unique_whatever_their_case(tmp_path: Path) -> None:
    import pytest

    from palm_island.campaign.service import CampaignError

    with Store.open(tmp_path) as store:
        store.create_campaign("ana")
        for taken in ("Ana", "ANA", "ana"):
            with pytest.raises(CampaignError, match="already exists"):
                store.create_campaign(taken)
        store.create_campaign("Am\u00e9lie")
        with pytest.raises(CampaignError, match="already exists"):
            store.create_campaign("AME\u0301LIE")  # e + combining acute, upper case
        store.create_campaign("Bob")
        with pytest.raises(CampaignError, match="already exists"):
            store.rename_campaign("Bob", "ANA")
        store.rename_campaign("ana", "Ana")  # its own name in another case: fine
        # a pair an older release let in stays, both reachable; no new collision
        store.conn.execute(
            "INSERT INTO campaign (name, created_at, updated_at) VALUES ('bob', 'x', 'x')"
        )
        assert {c.name for c in store.campaigns()} >= {"Bob", "bob"}
        with pytest.raises(CampaignError, match="already exists"):
            store.create_campaign("BOB")


async def test_end_screen_at_80x24_scrolls_the_cards_by_keys_from_the_start() -> None:
    from textual.containers import VerticalScroll

    from .helpers import app_for, open_game

    app = app_for(7, compute_par=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 200)
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        cards = app.screen.query_one("#breakdown", VerticalScroll)
        assert cards.max_scroll_y > 0 and cards.scroll_y == 0  # not every row fits
        await pilot.press("pagedown")
        await pilot.pause()
        assert cards.scroll_y > 0
        await pilot.press("home")
        await pilot.pause()
        assert cards.scroll_y == 0
        await pilot.press("down")
        await pilot.pause()
        assert cards.scroll_y == 1
        await pilot.press("end")
        await pilot.pause()
        assert cards.scroll_y == cards.max_scroll_y


async def test_quit_from_the_command_palette_asks_as_q_does() -> None:
    from .helpers import app_for, open_game

    app = app_for(7, compute_par=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        await pilot.press("d")  # one move: a game in progress
        await pilot.press("ctrl+p", *"Quit")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmQuitScreen"
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.is_running


LONG_NAMES = (
    "[link=file:///etc/passwd]y[/link]",
    "A campaign name of forty characters long",
    "漢字の島漢字の島漢字の島漢字の島",
    "Ame\u0301lie et Zoe\u0308",
)


async def test_long_names_are_cut_by_cell_width_and_rows_stay_aligned(tmp_path: Path) -> None:
    from rich.cells import cell_len
    from textual.widgets import OptionList, Static

    from palm_island.tui.screens.campaign import CampaignScreen

    with Store.open(tmp_path) as store:
        for name in LONG_NAMES:
            store.create_campaign(name)
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for name in LONG_NAMES:
            app.campaign_name = name
            app.refresh_title()
            await pilot.pause()
            row = str(app.screen.query_one("#campaign-row", Static).render())
            assert "\n" not in row.strip() and row.startswith("Campaign")
            shown = row.removeprefix("Campaign").strip()
            assert shown and cell_len(shown) <= 24  # something shows, on one line
            assert shown == name or shown.endswith("…")
            assert name[:4] in shown  # the name as text, never read as markup
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        options = app.screen.query_one(OptionList)
        rows = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert len(rows) == len(LONG_NAMES)
        columns = {cell_len(row[: row.index(" game")]) for row in rows}
        assert len(columns) == 1, rows  # the counts line up under each other


async def test_after_using_card_2_the_selection_returns_to_card_1() -> None:
    from .helpers import app_for, open_game, play_by_keys

    app = app_for(7, compute_par=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        for _ in range(30):  # until card 2 has an action to use
            on_card_2 = [m for m in session(app).legal_moves() if m.card == 2]
            if on_card_2:
                break
            await pilot.press("d")
        assert on_card_2
        await play_by_keys(pilot, on_card_2[0])
        await pilot.pause()
        assert session(app).moves[-1] == on_card_2[0]
        assert game_screen(app).selected == 1


async def test_history_screen_says_feats_in_play_not_a_bare_dash(tmp_path: Path) -> None:
    from textual.widgets import DataTable

    with Store.open(tmp_path) as store:
        store.create_campaign("My island")
        game = store.new_game("My island", seed=7)
        while not game.is_over:
            game.play(greedy_policy()(game.state))
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await pilot.press("y")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        labels = [str(column.label) for column in table.columns.values()]
        assert labels[-1] == "Feats in play"
        assert str(table.get_row_at(0)[-1]) == "none"
