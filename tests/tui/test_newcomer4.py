"""What a new player tripped on in round 4 (issue 38), in the game's own screens:
the new game dialog's keys and feats, the score history's label, the log after
Continue, lines cut at 80 columns, the daily deal's header, the look-only card."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from palm_island.campaign.model import FeatUnlock
from palm_island.tui.app import PalmIslandApp
from palm_island.tui.render import card_faces
from palm_island.tui.screens.setup import FeatList, SetupScreen
from palm_island.tui.screens.stats import StatsScreen

from .helpers import screen_rows
from .store_helpers import opened, store_app
from .test_newcomer import screen_text


def unlock_every_feat(app: PalmIslandApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the campaign read as if every feat were earned (the dialog only reads it)."""
    store = app.store
    assert store is not None
    real = store.campaign
    unlocks = tuple(FeatUnlock(code, 1, "2026-12-03") for code in store.feats.codes)
    monkeypatch.setattr(store, "campaign", lambda name: replace(real(name), unlocks=unlocks))


async def open_setup(app: PalmIslandApp, monkeypatch: pytest.MonkeyPatch) -> SetupScreen:
    """The title's New game dialog, every feat unlocked."""
    unlock_every_feat(app, monkeypatch)
    await app.push_screen(SetupScreen())
    assert isinstance(app.screen, SetupScreen)
    return app.screen


def difficulty(app: PalmIslandApp) -> str:
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    return screen.difficulty


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


async def test_each_feat_shows_what_its_card_does_not_its_goal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        setup = await open_setup(app, monkeypatch)
        await pilot.press("down")
        assert app.store is not None
        feats = app.store.feats
        for i, feat in enumerate(feats.feats):
            if i:
                await pilot.press("down")
            await pilot.pause()
            shown = screen_text(setup)
            assert feat.goal not in shown  # earned already: the goal is no news here
            faces = card_faces(feats.catalog.cards[feat.card_id], app.glyphs).plain.splitlines()
            assert len(faces) == 4
            assert all(face in shown for face in faces), f"{feat.code}'s card is not shown"
            rows = "\n".join(screen_rows(app))
            assert all(face in rows for face in faces), f"{feat.code}'s card is cut"
        rows = screen_rows(app)
        assert any("Start (enter)" in row for row in rows)  # the dialog fits 80x24


def fake_statistics(app: PalmIslandApp, monkeypatch: pytest.MonkeyPatch, scores: list[int]) -> None:
    """The campaign's statistics as if these games (oldest first) were finished."""
    store = app.store
    assert store is not None
    real = store.statistics
    monkeypatch.setattr(
        store, "statistics", lambda name: replace(real(name), games=len(scores), scores=scores)
    )


@pytest.mark.parametrize(
    ("scores", "says", "never"),
    [
        ([46, 40], ["first 46 → last 40 points", "lowest 40, highest 46"], "40 to 46"),
        (
            [10] + [30 + n % 7 for n in range(74)],  # 75 games: the chart draws the last 60
            ["last 60 of 75 games: first 30 → last 33 points", "lowest 30, highest 36"],
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
        await app.push_screen(StatsScreen())
        await pilot.pause()
        rows = "\n".join(screen_rows(app))
        assert all(words in rows for words in says), rows
        assert never not in rows
