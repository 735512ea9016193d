"""Pilot tests of saved games: autosave, Continue, campaigns, feats, the damaged file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widget import Widget

from palm_island.policies import greedy_policy
from palm_island.storage.service import Store
from palm_island.stored_session import StoredSession
from palm_island.tui.app import PalmIslandApp
from palm_island.tui.screens.campaign import CampaignScreen
from palm_island.tui.screens.confirm import ConfirmQuitScreen
from palm_island.tui.screens.damaged import DamagedScreen
from palm_island.tui.screens.end import EndScreen
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.setup import FeatList, SetupScreen
from palm_island.tui.screens.title import TitleScreen

from .helpers import play_by_keys, play_moves, session, wait_until
from .store_helpers import FEAT_SEED, new_saved_game, opened, store_app


@pytest.mark.slow
async def test_a_game_left_mid_way_continues_at_the_same_position(tmp_path: Path) -> None:
    policy = greedy_policy()
    first = store_app(tmp_path)
    async with first.run_test(size=(100, 32)) as pilot:
        await new_saved_game(pilot)
        for _ in range(5):
            await play_by_keys(pilot, policy(session(first).state))
        await pilot.press("u")  # undo is saved too
        left_at = session(first).state
        moves = session(first).moves
        await pilot.press("q")  # asks, though nothing is lost: the game is saved
        assert isinstance(first.screen, ConfirmQuitScreen)
        assert "saved" in str(first.screen.query_one("#question").render())
        await pilot.press("y")
        await pilot.pause()
    assert len(moves) == 4

    second = store_app(tmp_path)
    async with second.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        assert isinstance(second.screen, TitleScreen)
        assert second.focused is not None and second.focused.id == "continue"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(second.screen, GameScreen)
        resumed = session(second)
        assert isinstance(resumed, StoredSession)
        assert resumed.state == left_at and resumed.moves == moves
        assert resumed.undo_count == 1
        await pilot.press("u")  # the saved moves are the undo history
        assert session(second).moves == moves[:-1]

    with Store.open(tmp_path) as store:
        saved = store.unfinished_game("My island")
        assert saved is not None and len(saved.record.moves) == 3


@pytest.mark.slow
async def test_a_campaign_is_created_and_chosen_from_the_title(tmp_path: Path) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        assert app.controller.campaign_name == "My island"  # made on the first run
        await pilot.press("m")
        assert isinstance(app.screen, CampaignScreen)
        await pilot.press("c")
        await pilot.press(*"Ana")
        await pilot.press("enter")
        await pilot.pause()
        assert app.controller.campaign_name == "Ana"
        await pilot.press("r", "end", "backspace", "backspace", "backspace", *"Bo", "enter")
        await pilot.pause()
        assert app.controller.campaign_name == "Bo"
        await pilot.press("d", "y")  # the highlighted (first, most recent) one
        await pilot.pause()
        assert app.controller.store is not None
        remaining = [c.name for c in app.controller.store.campaigns()]
        assert len(remaining) == 1
        await pilot.press("enter")  # play in the one left
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert app.controller.campaign_name == remaining[0]


@pytest.mark.slow
async def test_a_feat_unlocked_by_the_game_is_shown_then_offered(tmp_path: Path) -> None:
    app = store_app(tmp_path, seed=FEAT_SEED)
    async with app.run_test(size=(100, 32)) as pilot:
        await new_saved_game(pilot)
        await play_moves(pilot, greedy_policy(), 200)
        assert isinstance(app.screen, EndScreen)
        text = str(app.screen.query_one("#unlocked").render())
        assert "FT1" in text
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        feats = app.screen.query_one(FeatList)
        assert drawn_line(feats, 0).startswith("[ ] FT1 Granary")  # as drawn, brackets too
        assert app.focused is not None and app.focused.id == "difficulty"
        await pilot.press("h", "tab", "space", "enter")
        assert drawn_line(feats, 0).startswith("[x] FT1 Granary")
        assert isinstance(app.screen, SetupScreen)  # hard allows no feats (R31)
        # A button ignores presses while it shows the last one (Textual's -active).
        await wait_until(pilot, lambda: not app.screen.query(".-active"), "buttons ready")
        await pilot.press("m", "enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        played = session(app)
        assert isinstance(played, StoredSession)
        assert played.difficulty == "medium" and played.feats == ("FT1",)


@pytest.mark.slow  # over 0.3 s of CPU: make test, not make check (60 s budget)
async def test_a_damaged_file_offers_the_newest_backup_and_keeps_it(tmp_path: Path) -> None:
    Store.open(tmp_path).close()  # the daily backup is taken here
    (tmp_path / "campaign.db").write_bytes(b"not a database" * 500)
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        assert isinstance(app.screen, DamagedScreen)
        assert "Campaign file is damaged" in str(app.screen.query_one("#damaged-text").render())
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.controller.store is not None
    assert list(tmp_path.glob("campaign.damaged-*.db"))


@pytest.mark.slow  # over 1.5 s: make test, not make check (its 90 s CPU budget)
async def test_a_move_that_cannot_be_saved_is_not_played(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    notifications: Callable[[App[Any]], list[str]],
) -> None:
    from palm_island.storage.errors import SaveError
    from palm_island.storage.stored_game import StoredGame

    def refuse(self: StoredGame, move: object) -> None:
        raise SaveError("campaign.db", "disk full")

    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await new_saved_game(pilot)
        before = session(app).state
        notes = notifications(app)
        monkeypatch.setattr(StoredGame, "play", refuse)
        await pilot.press("d")
        assert session(app).state == before and isinstance(app.screen, GameScreen)
        assert any("disk full" in note for note in notes)


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
async def test_the_title_draws_first_and_then_opens_the_campaign_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first_frame: list[tuple[bool, bool]] = []
    original = PalmIslandApp.on_ready

    def recording(self: PalmIslandApp) -> None:
        """Textual sends ``Ready`` once the first frame is drawn: what did it show?"""
        wait = self.screen.query_one("#wait")
        first_frame.append((self.controller.store_pending, bool(wait.display)))
        original(self)

    monkeypatch.setattr(PalmIslandApp, "on_ready", recording)
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        # The first frame: the title, the file not yet open and the player told so.
        assert first_frame == [(True, True)]
        assert app.controller.store is not None
        assert app.controller.campaign_name == "My island"
        title = app.screen
        assert isinstance(title, TitleScreen)
        assert not title.query_one("#wait").display
        assert str(title.query_one("#campaign-row").render()) == "Campaign      My island"


@pytest.mark.slow
async def test_a_key_pressed_before_the_file_is_opened_still_saves_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player who types ahead of the deferred open loses nothing: the key opens it."""
    monkeypatch.setattr(PalmIslandApp, "on_ready", lambda self: None)  # never on its own
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.controller.store_pending
        assert isinstance(app.screen, TitleScreen)
        assert app.screen.query_one("#wait").display
        await new_saved_game(pilot)
        assert isinstance(session(app), StoredSession)
        await play_by_keys(pilot, greedy_policy()(session(app).state))
    with Store.open(tmp_path) as store:
        (campaign,) = store.campaigns()
        assert campaign.has_unfinished


def drawn_line(widget: Widget, y: int) -> str:
    """Line ``y`` of ``widget`` as it is drawn (its segments' text), not its data."""
    return "".join(segment.text for segment in widget.render_line(y)).strip()
