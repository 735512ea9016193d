"""Issue 21 in the app: a data folder that is a file, a missing campaign file where
one has been, and a settings file nested 200,000 deep all start the app with a
clear message instead of a traceback, a fresh store or a hang."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from palm_island.storage.service import Store
from palm_island.tui.screens.damaged import DamagedScreen
from palm_island.tui.screens.title import TitleScreen

from .store_helpers import opened, store_app


def _text(screen: DamagedScreen) -> str:
    return str(screen.query_one("#damaged-text", Static).render())


async def test_a_data_folder_that_is_a_file_opens_the_damaged_screen(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.write_text("not a folder", encoding="utf-8")
    app = store_app(data)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        assert isinstance(app.screen, DamagedScreen)
        assert "not a folder" in _text(app.screen)
    assert data.read_text(encoding="utf-8") == "not a folder"


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
async def test_a_missing_campaign_file_offers_the_backups_and_creates_nothing(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
    (tmp_path / "campaign.db").unlink()
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        assert isinstance(app.screen, DamagedScreen)
        assert "missing" in _text(app.screen) and app.screen.backups
        assert not (tmp_path / "campaign.db").exists()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.controller.store is not None
        assert [c.name for c in app.controller.store.campaigns()] == ["Ana"]


async def test_deeply_nested_settings_start_the_app_with_the_defaults(tmp_path: Path) -> None:
    Store.open(tmp_path).close()
    (tmp_path / "settings.json").write_text("[" * 200_000, encoding="utf-8")
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        assert isinstance(app.screen, TitleScreen)
