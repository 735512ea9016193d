"""Pilot tests of issue 21 in the app: a game open in another window is watched (or
taken over once that window is gone), a campaign renamed or deleted from the
command line while the app is open is a notice and the title, and a full disk at
the game-ending move leaves the game playable."""

from __future__ import annotations

import datetime as dt
import sqlite3
import subprocess
from pathlib import Path

import pytest

from palm_island.engine import Move, apply_move, score
from palm_island.policies import random_policy
from palm_island.storage.service import Store
from palm_island.stored_session import StoredSession
from palm_island.tui.app import PalmIslandApp
from palm_island.tui.screens.end import EndScreen
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.title import TitleScreen
from storage_helpers import hold_for

from .helpers import wait_until
from .store_helpers import opened, store_app


def noted(app: PalmIslandApp) -> list[str]:
    """Every notice the app shows from now on (the app's public ``notify``)."""
    notes: list[str] = []
    original = app.notify

    def keep(message: str, **options: object) -> None:
        notes.append(message)
        original(message, **options)  # type: ignore[arg-type]

    app.notify = keep  # type: ignore[method-assign]
    return notes


def left_game(folder: Path, moves: int) -> int:
    with Store.open(folder) as store:
        store.create_campaign("My island")
        game = store.new_game("My island", seed=5)
        policy = random_policy(5)
        for _ in range(moves):
            game.play(policy(game.state))
        return game.saved_id


def store_move(folder: Path, game_id: int, ply: int, notation: str) -> None:
    """What the holding window's autosave writes."""
    conn = sqlite3.connect(folder / "campaign.db")
    with conn:
        conn.execute("INSERT INTO move VALUES (?, ?, ?)", (game_id, ply, notation))
    conn.close()


@pytest.mark.slow
async def test_a_game_open_in_another_window_is_watched_then_taken_over(tmp_path: Path) -> None:
    from palm_island.tui.holding import HeldElsewhereScreen, WatchScreen

    game_id = left_game(tmp_path, 6)
    other = subprocess.Popen(["sleep", "120"])
    try:
        hold_for(tmp_path, game_id, other.pid)
        app = store_app(tmp_path)
        async with app.run_test(size=(120, 34)) as pilot:
            await opened(pilot)
            notes = noted(app)
            await pilot.press("o")  # Continue
            await pilot.pause()
            assert isinstance(app.screen, HeldElsewhereScreen)
            assert f"process {other.pid}" in str(app.screen.query_one("Static").render())
            await pilot.press("w")
            await pilot.pause()
            watching = app.screen
            assert isinstance(watching, WatchScreen)
            assert len(watching.session.moves) == 6
            await pilot.press("d")  # a move key does nothing while watching
            await pilot.pause()
            # The other window plays a move; the watcher follows within a second.
            stored = Store.open(tmp_path)
            nxt = stored.resume_game(game_id)
            stored.close()
            store_move(tmp_path, game_id, 7, str(random_policy(9)(nxt.state)))
            await wait_until(
                pilot, lambda: len(watching.session.moves) == 7, "the watcher to follow"
            )
            await pilot.press("t")  # that window is still open: refused
            await pilot.pause()
            assert app.screen is watching and any("Still open" in n for n in notes)
            other.kill()
            other.wait()
            await pilot.press("t")  # gone now: taken over, played here
            await pilot.pause()
            assert isinstance(app.screen, GameScreen) and not isinstance(app.screen, WatchScreen)
            assert (
                isinstance(app.controller.session, StoredSession)
                and len(app.controller.session.moves) == 7
            )
            await pilot.press("d")
            await pilot.pause()
            assert len(app.controller.session.moves) == 8
    finally:
        other.kill()
        other.wait()


@pytest.mark.slow
async def test_a_campaign_deleted_or_renamed_elsewhere_is_a_notice_not_a_crash(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("My island")
        store.create_campaign("Ana")
    app = store_app(tmp_path)
    async with app.run_test(size=(120, 34)) as pilot:
        await opened(pilot)
        notes = noted(app)
        current = app.controller.campaign_name
        assert current is not None
        for key in ("n", "f", "z"):
            with Store.open(tmp_path) as other:  # the command line, meanwhile
                other.rename_campaign(current, current + " 2")
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen), key
            assert any(current in n and "no longer" in n for n in notes), key
            assert app.controller.campaign_name is not None
            current = app.controller.campaign_name
        with Store.open(tmp_path) as other:
            for summary in other.campaigns():
                other.delete_campaign(summary.name, confirm=True)
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("f")  # the campaign made current is usable
        await pilot.pause()
        assert not isinstance(app.screen, TitleScreen)


class FullDisk:
    """The store's connection with the end-of-game write failing as SQLite fails on a
    full disk (``Store.conn`` is a plain attribute: the seam)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
        if "status = 'finished'" in sql:
            raise sqlite3.OperationalError("database or disk is full")
        return self.conn.execute(sql, *args)  # type: ignore[arg-type]

    def __getattr__(self, name: str) -> object:
        return getattr(self.conn, name)


def left_one_discard_from_the_end(folder: Path) -> None:
    discard = Move.parse("D")
    with Store.open(folder) as store:
        store.create_campaign("My island")
        game = store.new_game("My island", seed=11)
        policy = random_policy(11)
        while not apply_move(game.state, discard).state.is_over:
            game.play(policy(game.state))


@pytest.mark.slow
async def test_a_full_disk_at_the_last_move_then_the_next_key_plays_it(tmp_path: Path) -> None:
    left_one_discard_from_the_end(tmp_path)
    app = store_app(tmp_path)
    async with app.run_test(size=(120, 34)) as pilot:
        await opened(pilot)
        notes = noted(app)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.controller.store is not None
        real = app.controller.store.conn
        app.controller.store.conn = FullDisk(real)  # type: ignore[assignment]
        await pilot.press("d")  # the game-ending move: not saved
        await pilot.pause()
        assert any("move not played" in n for n in notes)
        assert isinstance(app.screen, GameScreen) and not app.screen.session.state.is_over
        ended = apply_move(app.screen.session.state, Move.parse("D")).state
        app.controller.store.conn = real  # space freed
        await pilot.press("d")  # the same key again: played, the game ends
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        (finished,) = app.controller.store.history("My island")  # stored once, as it ended
        assert finished.score == score(ended).total


@pytest.mark.slow  # over 1.3 s: make test, not make check (its 90 s CPU budget)
async def test_a_write_from_a_stale_view_is_refused_and_the_game_reloads(tmp_path: Path) -> None:
    game_id = left_game(tmp_path, 8)
    app = store_app(tmp_path)
    async with app.run_test(size=(120, 34)) as pilot:
        await opened(pilot)
        notes = noted(app)
        await pilot.press("o")
        await pilot.pause()
        assert (
            isinstance(app.controller.session, StoredSession)
            and len(app.controller.session.moves) == 8
        )
        with Store.open(tmp_path) as other:  # meanwhile, another view of the game undoes two
            behind = other.resume_game(game_id)
            behind.undo()
            behind.undo()
        await pilot.press("d")  # played on the stale view: refused, then reloaded
        await pilot.pause()
        assert any("another window" in n for n in notes)
        assert isinstance(app.screen, GameScreen) and len(app.controller.session.moves) == 6
        await pilot.press("d")  # on the reloaded game: saved as move 7
        await pilot.pause()
        with Store.open(tmp_path) as store:
            assert len(store.resume_game(game_id).moves) == 7
            assert store.check_games() == []


@pytest.mark.slow
async def test_the_daily_deal_started_in_another_window_first_is_opened_not_doubled(
    tmp_path: Path,
) -> None:
    """Issue 36: two windows starting the daily deal at once made two official attempts.
    This window is on the deal when another stores the attempt first (and plays it):
    this window's first move is refused and the other window's game is offered."""
    from palm_island.tui.holding import HeldElsewhereScreen

    other = subprocess.Popen(["sleep", "120"])
    try:
        app = store_app(tmp_path)
        app.config.today = dt.date(2026, 11, 30)
        async with app.run_test(size=(120, 34)) as pilot:
            await opened(pilot)
            notes = noted(app)
            await pilot.press("d", "enter")  # the daily deal, its preview
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            with Store.open(tmp_path) as second:  # the other window, meanwhile
                first = second.new_game("My island", seed=20261130, deferred=True, official=True)
                first.play(random_policy(1)(first.state))
                hold_for(tmp_path, first.saved_id, other.pid)
            await pilot.press("d")  # this window's first move
            await pilot.pause()
            assert isinstance(app.screen, HeldElsewhereScreen)
            assert app.screen.game_id == first.saved_id
            assert any("started in another window" in n for n in notes)
        with Store.open(tmp_path) as store:
            assert [(i, p) for i, _s, p in store.daily_games(20261130)] == [(first.saved_id, False)]
    finally:
        other.kill()
        other.wait()


@pytest.mark.slow
async def test_deleting_a_campaign_with_a_game_open_elsewhere_names_it_and_asks_again(
    tmp_path: Path,
) -> None:
    from palm_island.tui.screens.ask import AskScreen
    from palm_island.tui.screens.campaign import CampaignScreen

    game_id = left_game(tmp_path, 3)
    other = subprocess.Popen(["sleep", "120"])
    try:
        hold_for(tmp_path, game_id, other.pid)
        app = store_app(tmp_path)
        async with app.run_test(size=(120, 34)) as pilot:
            await opened(pilot)
            await pilot.press("m")
            assert isinstance(app.screen, CampaignScreen)
            await pilot.press("d", "y")  # delete "My island"? yes
            await pilot.pause()
            asked = app.screen
            assert isinstance(asked, AskScreen)
            assert f"game {game_id} (process {other.pid} on " in asked.question
            await pilot.press("n")  # not anyway: kept
            await pilot.pause()
            assert (
                app.controller.store is not None
                and app.controller.store.game(game_id).status == "playing"
            )
            await pilot.press("d", "y")
            await pilot.pause()
            await pilot.press("y")  # yes, and yes anyway: deleted with its games
            await pilot.pause()
            with pytest.raises(KeyError):
                app.controller.store.game(game_id)
            # The only campaign went: a fresh "My island" is current, as on a first start.
            assert [c.games for c in app.controller.store.campaigns()] == [0]
    finally:
        other.kill()
        other.wait()
