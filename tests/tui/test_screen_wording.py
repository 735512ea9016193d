"""What the screens say and how they fit: the feat list and each feat's text, the score
history's labels, card lines and the daily deal's status line at 80 columns, the
analysis without a costly move, the look-only card, the log after Continue."""

from __future__ import annotations

import datetime as dt
import itertools
import sqlite3
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import astuple, replace
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.app import App, ComposeResult

from palm_island.campaign.model import FeatUnlock
from palm_island.engine import GameState, Move, apply_move, observe
from palm_island.policies import greedy_policy
from palm_island.session import GameSession
from palm_island.solver import Budget, MoveAnalysis
from palm_island.storage import holders
from palm_island.storage.catalog_files import standard_catalog
from palm_island.storage.service import Store
from palm_island.stored_session import StoredSession
from palm_island.tui.app import PalmIslandApp
from palm_island.tui.glyphs import UNICODE
from palm_island.tui.options import card_options
from palm_island.tui.render import card_faces
from palm_island.tui.screens.game import LOOK_ONLY
from palm_island.tui.screens.saved_games import SavedGamesScreen
from palm_island.tui.screens.setup import FeatList, SetupScreen
from palm_island.tui.screens.stats import StatsScreen
from palm_island.tui.widgets import analysis as analysis_widget
from palm_island.tui.widgets.analysis import AnalysisPanel
from palm_island.tui.widgets.card import CardWidget
from palm_island.tui.widgets.log import MoveLog
from palm_island.tui.widgets.status import StatusBar

from .helpers import (
    app_for,
    app_in_game,
    game_screen,
    in_game,
    palette_shows,
    screen_rows,
    session,
)
from .store_helpers import opened, store_app
from .test_newcomer import screen_text


def unlock_every_feat(app: PalmIslandApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the campaign read as if every feat were earned (the dialog only reads it)."""
    store = app.controller.store
    assert store is not None
    real = store.campaign
    unlocks = tuple(FeatUnlock(code, 1, "2026-12-03") for code in store.feats.codes)
    monkeypatch.setattr(store, "campaign", lambda name: replace(real(name), unlocks=unlocks))


async def open_setup(app: PalmIslandApp, monkeypatch: pytest.MonkeyPatch) -> SetupScreen:
    """The title's New game dialog, every feat unlocked."""
    unlock_every_feat(app, monkeypatch)
    await app.push_screen(SetupScreen(app.controller))
    assert isinstance(app.screen, SetupScreen)
    return app.screen


def difficulty(app: PalmIslandApp) -> str:
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    return screen.difficulty


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
@pytest.mark.parametrize("reach", ["down", "tab"])
async def test_the_feat_list_is_reached_as_its_heading_says(
    reach: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        setup = await open_setup(app, monkeypatch)
        await pilot.pause()
        heading = screen_text(setup)
        assert "tab or down moves here, space ticks" in heading
        assert app.focused is not None and app.focused.id == "difficulty"
        await pilot.press(reach, "space")
        feats = setup.query_one(FeatList)
        assert app.focused is feats
        assert feats.selected == ("FT1",)  # the first feat, ticked
        assert difficulty(app) == "easy"  # space did not change the difficulty
        await pilot.press("up")  # from the first feat: back to the difficulty
        assert app.focused is not None and app.focused.id == "difficulty"
        await pilot.press("right", "space")  # left/right still choose there
        assert difficulty(app) == "medium"


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
async def test_each_feat_shows_what_its_card_does_not_its_goal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        setup = await open_setup(app, monkeypatch)
        await pilot.press("down")
        assert app.controller.store is not None
        feats = app.controller.store.feats
        for i, feat in enumerate(feats.feats):
            if i:
                await pilot.press("down")
            await pilot.pause()
            shown = screen_text(setup)
            assert feat.goal not in shown  # earned already: the goal is no news here
            faces = card_faces(
                feats.catalog.cards[feat.card_id], app.controller.glyphs
            ).plain.splitlines()
            assert len(faces) == 4
            assert all(face in shown for face in faces), f"{feat.code}'s card is not shown"
            drawn = "\n".join(screen_rows(app))
            assert all(face in drawn for face in faces), f"{feat.code}'s card is cut"
        assert any("Start (enter)" in row for row in screen_rows(app))  # the dialog fits 80x24


def fake_statistics(app: PalmIslandApp, monkeypatch: pytest.MonkeyPatch, scores: list[int]) -> None:
    """The campaign's statistics as if these games (oldest first) were finished."""
    store = app.controller.store
    assert store is not None
    real = store.statistics
    played = tuple(scores)
    monkeypatch.setattr(
        store, "statistics", lambda name: replace(real(name), games=len(played), scores=played)
    )


@pytest.mark.parametrize(
    ("scores", "says", "never"),
    [
        ([46, 40], ["first 46 → last 40 stars", "lowest 40, highest 46"], "40 to 46"),
        (
            [10] + [30 + n % 7 for n in range(74)],  # 75 games: the chart draws the last 60
            ["last 60 of 75 games: first 30 → last 33 stars", "lowest 30, highest 36"],
            "lowest 10",
        ),
    ],
)
async def test_the_score_history_says_first_last_lowest_and_highest(
    scores: list[int],
    says: list[str],
    never: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        fake_statistics(app, monkeypatch, scores)
        await app.push_screen(StatsScreen(app.controller))
        await pilot.pause()
        rows = "\n".join(screen_rows(app))
        assert all(words in rows for words in says), rows
        assert never not in rows


@pytest.mark.slow  # 3 s: a whole game, every action marked in turn
async def test_no_card_line_is_cut_at_80_columns_hint_marks_included() -> None:
    """Every line of cards 1 and 2 at 80x24, along a greedy game, with the hint or a
    lesson marking each of its actions in turn: whole, never cut (issue 38, 11)."""
    app = app_in_game(7)
    policy = greedy_policy()
    async with app.run_test(size=(80, 24)) as pilot:
        await in_game(pilot)
        screen = game_screen(app)
        checked = 0
        while not session(app).state.is_over:
            state = session(app).state
            view = observe(state)
            for position in (1, 2):
                card = screen.query_one(f"#card-{position}", CardWidget)
                width = card.content_size.width
                options, note = card_options(state, position)
                kinds = [option.kind for option in options] + ["discard"] * (position == 1)
                for kind, way in itertools.product(kinds, ("hinted", "marked")):
                    card.show(view.top[position - 1], options, note, selected=True, **{way: kind})
                    content = card.content
                    assert isinstance(content, Text)
                    assert " <-" in content.plain  # the marker shows, whole
                    for line in content.plain.splitlines():
                        assert (
                            cell_len(line) <= width and app.controller.glyphs.ellipsis not in line
                        ), f"cut at {width} columns: {line!r}"
                    checked += 1
            screen.play(policy(state))
        assert checked > 300


DAY = dt.date(2026, 12, 3)


@pytest.mark.slow  # 2 s: a whole daily deal at 80 columns
async def test_the_daily_deals_status_line_says_daily_and_is_never_cut() -> None:
    """The status line names the daily deal by its date and fits 80 columns on every
    turn (the longest turn numbers and scores included), as every line must."""
    app = app_for(7, today=DAY)
    policy = greedy_policy()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d", "enter")  # the daily deal, past its deck preview
        screen = game_screen(app)
        status = screen.query_one(StatusBar)
        await pilot.pause()
        widest = 0
        while True:
            content = status.content
            assert isinstance(content, Text) and "daily 2026-12-03" in content.plain
            assert content.cell_len <= status.content_size.width, content.plain
            widest = max(widest, len(content.plain))
            state = session(app).state
            move = policy(state)
            if state.turn in (0, 100) or apply_move(state, move).state.is_over:  # as drawn
                await pilot.pause()
                row = screen_rows(app)[status.region.y]
                assert content.plain in row and app.controller.glyphs.ellipsis not in row, row
            screen.play(move)
            if session(app).state.is_over:
                break
        assert widest > 70  # long lines were met


class AnalysisHost(App[None]):
    """The analysis panel alone, on a game of three moves."""

    def __init__(self) -> None:
        super().__init__()
        game = GameSession.from_seed(standard_catalog(), 7)
        for _ in range(3):
            game.play(greedy_policy()(game.state))
        self.game = game

    def compose(self) -> ComposeResult:
        yield AnalysisPanel(self.game.start, self.game.moves, Budget(3), UNICODE, id="panel")


@pytest.mark.parametrize("lost", [0, 2])
async def test_an_analysis_with_no_costly_move_shows_no_empty_table(
    lost: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game on the par line has no move to list: no bare header (issue 38, 11)."""

    def judged(start: GameState, moves: Sequence[Move], *args: object, **kwargs: object) -> object:
        return tuple(  # every move the solver's own, but the last when ``lost``
            MoveAnalysis(turn, move, move, 40, 40 - lost * (turn == len(moves)), 50)
            for turn, move in enumerate(moves, 1)
        )

    monkeypatch.setattr(analysis_widget, "analyse", judged)
    app = AnalysisHost()
    async with app.run_test(size=(100, 32)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        panel = app.query_one(AnalysisPanel)
        assert panel.report is not None
        rows = " ".join(" ".join(screen_rows(app)).split())  # wrapped lines joined
        if lost:
            assert "1 move cost stars" in rows and "Best possible" in rows
        else:
            assert "No move cost stars" in rows
            assert "Turn" not in rows and "Played" not in rows and "Best possible" not in rows


@pytest.mark.slow  # over 1 s of CPU (PALM_ISLAND_CHECK_SLOW=1): make test, not make check
async def test_card_3_says_it_is_only_for_planning_by_key_and_by_click(
    notifications: Callable[[App[Any]], list[str]],
) -> None:
    app = app_in_game(7)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_game(pilot)
        notes = notifications(app)
        screen = game_screen(app)
        before = session(app).state
        await pilot.press("3")
        assert notes == [LOOK_ONLY] and "card 1 or 2" in LOOK_ONLY
        assert screen.selected == 1 and session(app).state is before
        await pilot.press("2")
        assert await pilot.click("#card-3")
        assert notes == [LOOK_ONLY, LOOK_ONLY] and screen.selected == 2
        assert session(app).state is before  # nothing played


def hold_in_another_window(folder: Path, game_id: int) -> None:
    """Record a live holder of ``game_id`` that is not this window: this process's
    own pid and start (so it is alive) under another token, as a second window
    of the same program would be."""
    other = replace(holders.me(), token="another-window")
    with closing(sqlite3.connect(folder / "campaign.db")) as conn, conn:
        conn.execute(
            "INSERT OR REPLACE INTO game_holder (game_id, token, pid, host, boot, "
            "process_start, since, heartbeat) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, *astuple(other)),
        )


@pytest.mark.slow  # over 0.3 s of CPU: make test, not make check (60 s budget)
async def test_abandon_is_not_offered_for_a_game_another_window_plays(
    tmp_path: Path, notifications: Callable[[App[Any]], list[str]]
) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("My island")
        game = StoredSession(store.new_game("My island", seed=5))
        game.play(game.legal_moves()[0])
        game_id = game.saved_id
    hold_in_another_window(tmp_path, game_id)
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        notes = notifications(app)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)  # no question: it cannot be done
        assert notes and "open in another window" in notes[-1] and "abandon it there" in notes[-1]
    with Store.open(tmp_path) as store:
        assert store.unfinished_game("My island") is not None  # still in play


@pytest.mark.slow  # 1-2 s each: a stored game of 50 moves, opened another way
@pytest.mark.parametrize("way", ["continue", "saved games", "palette"])
async def test_every_way_back_into_a_game_shows_the_latest_move_in_the_log(
    way: str, tmp_path: Path
) -> None:
    """Item 10 of issue 38, not reproduced here (tmux, Pilot at five sizes, a resize
    while mounting, the browser): each way into a game in progress is checked for the
    latest turn drawn at the log's foot, so a regression on any of them shows."""
    with Store.open(tmp_path) as store:
        store.create_campaign("My island")
        game = store.new_game("My island", seed=7)
        for _ in range(50):
            game.play(greedy_policy()(game.state))
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        if way == "continue":
            await pilot.press("o")
        elif way == "saved games":
            await pilot.press("s")
            await pilot.pause()
            await pilot.press("enter")
        else:
            await pilot.press("ctrl+p")
            await pilot.pause()
            await pilot.press(*"Continue")
            await palette_shows(pilot, "Continue")  # it searches off the key's handler
            await pilot.press("enter")
        await pilot.pause()
        log = game_screen(app).query_one(MoveLog)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        rows = "\n".join(screen_rows(app))
        assert log.entries[-1][:24] in rows  # "Turn 50: store QU3 (card", drawn
