"""Pilot tests of History and the replay viewer: open, step, jump, export, import."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from palm_island.policies import greedy_policy
from palm_island.storage.service import Store
from palm_island.tui.screens.history import HistoryScreen
from palm_island.tui.screens.replay import ReplayScreen
from palm_island.tui.screens.stats import StatsScreen

from .helpers import footer_text, wait_until
from .store_helpers import opened, store_app


def finished_game(data_dir: Path, seed: int = 3) -> int:
    """One finished game in the default campaign, played through the store."""
    with Store.open(data_dir) as store:
        store.create_campaign("My island")
        game = store.new_game("My island", difficulty="easy", seed=seed)
        policy = greedy_policy()
        while not game.is_over:
            game.play(policy(game.state))
        assert game.game_id is not None
        return game.game_id


@pytest.mark.slow
async def test_a_finished_game_is_replayed_step_by_step_and_by_round(tmp_path: Path) -> None:
    game_id = finished_game(tmp_path)
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("y")
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("enter")
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen) and viewer.replay.game_id == game_id
        assert viewer.index == 0
        await pilot.press("right", "right", "full_stop", "left")
        assert viewer.index == 2
        await pilot.press("right_square_bracket")
        assert viewer.replay.states[viewer.index].round == 2
        assert viewer.replay.states[viewer.index - 1].round == 1
        await pilot.press("5")
        assert viewer.index == viewer.starts[5]
        await pilot.press("left_square_bracket")
        assert viewer.index == viewer.starts[4]
        await pilot.press("end")
        assert viewer.index == viewer.last and viewer.replay.states[-1].is_over
        await pilot.press("home", "plus", "plus", "plus", "plus", "space")
        await wait_until(pilot, lambda: viewer.index > 0, "autoplay to move on by itself")
        await pilot.press("space")
        assert viewer.timer is None  # stopped: nothing left to move it on


@pytest.mark.slow
async def test_a_game_is_exported_then_imported_and_bad_files_explained(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the player types paths relative to where the game started
    other = tmp_path / "other.json"  # a game from another data directory
    elsewhere = tmp_path / "elsewhere"
    with Store.open(elsewhere) as store:
        store.export_game(finished_game(elsewhere, seed=8), other)
    finished_game(tmp_path)
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("y", "enter")
        await pilot.pause()
        await pilot.press("x")
        exported = tmp_path / "exports" / "game-1.json"
        assert json.loads(exported.read_text())["format"] == "palm-island/record"
        await pilot.press("escape")
        assert isinstance(app.screen, HistoryScreen)

        bad = tmp_path / "bad.json"
        bad.write_text("{not json")
        await pilot.press("i", *"bad.json", "enter")
        await pilot.pause()
        message = str(app.screen.query_one("#history-message").render())
        assert message.startswith("Not imported: bad.json:")

        await pilot.press("i", *"exports/game-1.json", "enter")  # the game it came from
        await pilot.pause()
        message = str(app.screen.query_one("#history-message").render())
        assert "already stored as game 1" in message

        await pilot.press("i", *"other.json", "enter")
        await pilot.pause()
        assert app.controller.store is not None
        entries = app.controller.store.history(None)
        # Kept at its own finish time (played elsewhere first), not the import's.
        assert [e.campaign for e in entries] == [None, "My island"]
        assert "Imported as game 2" in str(app.screen.query_one("#history-message").render())


@pytest.mark.slow  # over 0.3 s of CPU: make test, not make check (60 s budget)
async def test_statistics_show_the_campaign_with_its_score_chart(tmp_path: Path) -> None:
    finished_game(tmp_path)
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("z")
        assert isinstance(app.screen, StatsScreen)
        text = str(app.screen.query_one("#stats").render())
        assert "Games finished  1" in text and "Score history" in text


@pytest.mark.slow  # over 1.3 s: make test, not make check (its 90 s CPU budget)
async def test_replay_file_opens_the_viewer_and_a_bad_file_is_explained(
    tmp_path: Path, notifications: Callable[[App[Any]], list[str]]
) -> None:
    game_id = finished_game(tmp_path)
    record = tmp_path / "game.json"
    with Store.open(tmp_path) as store:
        store.export_game(game_id, record)
    app = store_app(tmp_path)
    app.config.replay_file = record  # as `palm-island replay FILE` does
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        assert isinstance(app.screen, ReplayScreen) and app.screen.replay.name == "game.json"
        await pilot.press("end")
        assert app.screen.replay.states[app.screen.index].is_over

    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    app = store_app(tmp_path)
    app.config.replay_file = bad
    notes = notifications(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        assert not isinstance(app.screen, ReplayScreen)
        assert any("Cannot replay bad.json" in note for note in notes)


@pytest.mark.slow
async def test_the_viewer_opens_the_solvers_analysis_of_the_game(tmp_path: Path) -> None:
    from palm_island.solver import Budget, analyse
    from palm_island.tui.screens.analysis import AnalysisScreen
    from palm_island.tui.widgets.analysis import AnalysisPanel

    finished_game(tmp_path)
    app = store_app(tmp_path)
    app.config.analysis_budget = Budget(5)  # small and fixed: the answer is compared below
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("y", "enter")
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        await pilot.press("a")
        assert isinstance(app.screen, AnalysisScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        panel = app.screen.query_one(AnalysisPanel)
        assert panel.report == analyse(viewer.replay.states[0], viewer.replay.moves, Budget(5))
        await pilot.press("escape")
        assert app.screen_stack[-1] is viewer


def card_texts(screen: ReplayScreen) -> list[str]:
    from palm_island.tui.widgets.card import CardWidget

    return [str(card.render()) for card in screen.query(CardWidget)]


def key_bar(app: App[Any]) -> str:
    return footer_text(app)


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
async def test_the_card_the_next_move_is_played_on_says_what_it_will_be(tmp_path: Path) -> None:
    finished_game(tmp_path)
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("y", "enter")
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        paid = next(i for i, move in enumerate(viewer.replay.moves) if move.pay)
        viewer.goto(paid)
        await pilot.pause()
        move = viewer.replay.moves[paid]
        texts = card_texts(viewer)
        noted = texts[move.card - 1]
        assert f"next:\n  {move.kind}\n" in noted  # the move on a line of its own
        assert f"paid with {' + '.join(move.pay)}" in noted
        assert not any("next:" in text for i, text in enumerate(texts) if i != move.card - 1)
        await pilot.press("end")
        assert not any("next:" in text for text in card_texts(viewer))  # no move left


@pytest.mark.slow
async def test_space_is_listed_as_play_while_paused_and_as_pause_while_playing(
    tmp_path: Path,
) -> None:
    finished_game(tmp_path)
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("y", "enter")
        await pilot.pause()
        assert "Play" in key_bar(app) and "Pause" not in key_bar(app)
        await pilot.press("space")
        await pilot.pause()
        assert "Pause" in key_bar(app) and "Play" not in key_bar(app)
        await pilot.press("space")
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen) and viewer.timer is None
        assert "Play" in key_bar(app) and "Pause" not in key_bar(app)
