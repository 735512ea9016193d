"""Issue 45: the data folder deleted, moved or replaced under a running game, from the
player's side: the game says so, stops saving (as in a read-only folder) and goes on
without a crash, and writes nothing into a folder put in its place; a game a server
starts after its folder went says so and does not start an empty campaign there."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from palm_island.commands.serve import app_command
from palm_island.storage.folder_identity import folder_id
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.preview import PreviewScreen
from palm_island.tui.screens.title import TitleScreen


def _gone_notes(notes: list[str]) -> list[str]:
    return [note for note in notes if note.startswith("Saving is off: the data folder")]


@pytest.mark.slow
@pytest.mark.parametrize("how", ["deleted", "replaced"])
async def test_a_move_after_the_folder_went_says_so_and_saves_nothing(
    tmp_path: Path, how: str, notifications: Callable[[App[Any]], list[str]]
) -> None:
    from tui.helpers import session, wait_until
    from tui.store_helpers import new_saved_game, opened, store_app

    folder = tmp_path / "data"
    app = store_app(folder)
    notes = notifications(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await new_saved_game(pilot)
        await pilot.press("d")
        await wait_until(pilot, lambda: len(session(app).moves) == 1, "a saved move")
        if how == "deleted":
            shutil.rmtree(folder)
        else:
            folder.rename(tmp_path / "moved-away")
            folder.mkdir(mode=0o700)
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")
        assert len(_gone_notes(notes)) == 1, notes
        assert str(folder) in _gone_notes(notes)[0]
        assert app.controller.saving_off is not None and not app.controller.saves_games()
        await pilot.press("n")  # a new game is a quick one now
        await wait_until(pilot, lambda: isinstance(app.screen, PreviewScreen), "the deck")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        await pilot.pause()
        await pilot.press("d")
        await wait_until(pilot, lambda: len(session(app).moves) == 1, "a move played")
        assert session(app).game_id is None  # a quick game: never stored
    if how == "deleted":
        assert not folder.exists()
    else:
        assert list(folder.iterdir()) == []  # nothing written in the folder put there


@pytest.mark.slow
@pytest.mark.parametrize("how", ["deleted", "replaced"])
async def test_a_served_game_whose_folder_went_says_so_and_starts_no_campaign(
    tmp_path: Path, how: str, notifications: Callable[[App[Any]], list[str]]
) -> None:
    """``serve`` gives each game its folder's identity (``--served-folder``); a tab
    opened after the folder went is told, and no folder or campaign is made."""
    from tui.helpers import wait_until
    from tui.store_helpers import opened, store_app

    folder = tmp_path / "data"
    folder.mkdir(mode=0o700)
    command = app_command(folder)
    served = folder_id(folder)
    assert served is not None
    assert command[-2:] == ["--served-folder", f"{served[0]}:{served[1]}"]
    folder.rmdir()
    if how == "replaced":
        folder.mkdir(mode=0o700)
    app = store_app(folder, served_folder=served)
    notes = notifications(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await wait_until(pilot, lambda: bool(_gone_notes(notes)), "the notice")
        assert "after the server started" in _gone_notes(notes)[0]
        assert not app.controller.saves_games() and app.controller.store is None
    if how == "deleted":
        assert not os.path.lexists(folder)
    else:
        assert list(folder.iterdir()) == []


@pytest.mark.slow
async def test_a_served_game_on_its_own_folder_saves(
    tmp_path: Path, notifications: Callable[[App[Any]], list[str]]
) -> None:
    """Sensitivity: the folder the server serves, unchanged, saves as ever."""
    from tui.store_helpers import opened, store_app

    folder = tmp_path / "data"
    folder.mkdir(mode=0o700)
    app = store_app(folder, served_folder=folder_id(folder))
    notes = notifications(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        assert app.controller.saves_games() and _gone_notes(notes) == []
    assert (folder / "campaign.db").exists()
