"""A campaign folder that can be read but not written (a read-only mount, a folder
shared without write access) opens the game with saving off (issue 38, 6): the
title, history, replays and quick games work, and nothing in the folder changes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.history import HistoryScreen
from palm_island.tui.screens.preview import PreviewScreen
from palm_island.tui.screens.title import TitleScreen
from test_damage_and_concurrency import read_only_dir  # noqa: F401 -- a fixture


@pytest.mark.slow
async def test_a_read_only_folder_plays_with_saving_off_and_reads_its_games(
    read_only_dir: Path,  # noqa: F811 -- the fixture imported above
    notifications: Callable[[App[Any]], list[str]],
) -> None:
    """Title, history and a game work on a folder that cannot be written; the title
    says saving is off, the game is a quick one, and nothing in the folder changes
    (the file's games are still there to read, none is offered to play on)."""
    from tui.helpers import screen_rows, session, wait_until
    from tui.store_helpers import opened, store_app

    before = {p.name: p.stat().st_mtime_ns for p in read_only_dir.rglob("*")}
    app = store_app(read_only_dir)
    notes = notifications(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        controller = app.controller
        assert controller.saving_off == f"{read_only_dir} is read-only"
        assert controller.campaign_name == "Ana" and not controller.saves_games()
        assert [n for n in notes if n.startswith("Saving is off")] == [
            f"Saving is off: {read_only_dir} is read-only. Games played now are not saved; "
            "history, replays and analyses read it as it is."
        ]
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen), "History")
        await wait_until(pilot, lambda: any("Ana" in row for row in screen_rows(app)), "a game")
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, PreviewScreen), "the deck")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        await pilot.pause()
        await pilot.press("d")
        await wait_until(pilot, lambda: len(session(app).moves) == 1, "a move played")
        assert not session(app).saved  # a quick game: nothing to save it in
    after = {p.name: p.stat().st_mtime_ns for p in read_only_dir.rglob("*")}
    assert after == before
