"""Feats and difficulty, said in play (issue 47, item 6): the new-game dialog says
what each difficulty allows and what each feat card does, the help explains both,
the log names the feat cards in the deck, "every card upgraded" shows its count,
and a new deal says which difficulty and feats it keeps."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from palm_island.engine import GameState
from palm_island.policies import greedy_policy
from palm_island.storage.service import Store
from palm_island.tui.screens.end import EndScreen
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.help import HelpScreen
from palm_island.tui.widgets.log import MoveLog

from .helpers import play_by_keys, play_moves, screen_rows, session, wait_until
from .store_helpers import new_saved_game, opened, store_app
from .test_newcomer import screen_text
from .test_screen_wording import open_setup, unlock_every_feat


def upgraded(state: GameState) -> tuple[int, int]:
    """Counted here, apart from the game: (cards with an upgrade icon, cards) in the
    deck, the round tracker left out."""
    cards = [card for card in state.cards if not card.spec.is_round_tracker]
    return sum(card.face.upgrades >= 1 for card in cards), len(cards)


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
async def test_the_dialog_says_what_each_difficulty_allows_and_each_feat_card_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        setup = await open_setup(app, monkeypatch)
        await pilot.pause()
        rows = "\n".join(screen_rows(app))
        assert "Easy: any number of feats. Medium: one at most. Hard: none." in rows
        assert "Difficulty changes nothing else." in rows
        assert "The Granary card, face by face:" in rows  # the first feat's card
        await pilot.press("down", "down", "down")  # to FT3, a plural name
        await pilot.pause()
        text = screen_text(setup)
        assert "The Drying Racks card, face by face:" in text
        assert "'s card" not in text
        await pilot.press("space", "up", "space")  # FT3 and FT2 ticked
        await pilot.press("h", "enter")  # hard: no feats allowed
        await pilot.pause()
        assert app.screen is setup


async def test_the_help_explains_feats_and_difficulty(tmp_path: Path) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = " ".join(screen_text(app.screen).split())
        assert "Feats and difficulty" in text
        assert "Easy: any number of feats. Medium: one at most. Hard: none." in text
        assert "just before the round tracker" in text
        assert "keeps the game's difficulty and feats" in text


@pytest.mark.slow  # a game through the dialog: over 0.5 s of CPU
async def test_the_log_names_the_feat_cards_in_the_deck(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        unlock_every_feat(app, monkeypatch)
        await pilot.press("n")  # the title's New game: the dialog
        await pilot.press("down", "space", *["down"] * 5, "space")  # FT1 and FT6
        await pilot.press("enter", "enter")  # Start, then the deck preview
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        first = app.screen.query_one("#log", MoveLog).entries[0]
        assert "Difficulty easy; feat cards in the deck: FT1 Granary, FT6 Master Workshop." in first


@pytest.mark.slow  # a saved game and a dozen moves: over 0.5 s of CPU
async def test_every_card_upgraded_shows_its_count_as_the_game_goes(tmp_path: Path) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await new_saved_game(pilot)  # a new campaign: FT6 is still to earn
        log = app.screen.query_one("#log", MoveLog)
        assert "Difficulty easy; no feat cards in the deck." in log.entries[0]
        policy = greedy_policy()
        seen = set()
        for _ in range(40):
            state = session(app).state
            done, total = upgraded(state)
            assert str(log.border_subtitle) == f"FT6 goal: {done} of {total} cards upgraded"
            seen.add(done)
            await play_by_keys(pilot, policy(state))
        assert len(seen) > 1 and total == 16  # the count moved as cards were upgraded
        assert "FT6 goal:" in "\n".join(screen_rows(app))  # drawn, not only stored


def campaign_one_move_from_the_end(data_dir: Path) -> None:
    """A campaign with FT1 earned and a medium game with FT1 left one move before its end."""
    policy = greedy_policy()
    with Store.open(data_dir) as store:
        store.create_campaign("My island")
        first = store.new_game("My island", difficulty="hard", seed=3)
        while not first.is_over:
            first.play(policy(first.state))
        game_id = store.history("My island")[-1].game_id
    with sqlite3.connect(data_dir / "campaign.db") as conn:
        conn.execute(
            "INSERT OR IGNORE INTO feat_unlock VALUES (1, 'FT1', ?, '2026-12-03T00:00:00')",
            (game_id,),
        )
    conn.close()
    with Store.open(data_dir) as store:
        game = store.new_game("My island", difficulty="medium", feats=["FT1"], seed=5)
        while True:
            move = policy(game.state)
            if game.state.turn > 100 and _ends(game.state, move):
                break
            game.play(move)


def _ends(state: GameState, move: Any) -> bool:
    from palm_island.engine import apply_move

    return apply_move(state, move).state.is_over


@pytest.mark.slow  # a whole campaign game set up first: over 1 s of CPU
async def test_a_new_deal_says_which_difficulty_and_feats_it_keeps(
    tmp_path: Path, notifications: Callable[[App[Any]], list[str]]
) -> None:
    campaign_one_move_from_the_end(tmp_path)
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await pilot.press("enter")  # Continue
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        await play_moves(pilot, greedy_policy(), 1)
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen), "the end screen")
        notes = notifications(app)
        await pilot.press("n")
        await wait_until(pilot, lambda: not isinstance(app.screen, EndScreen), "the new deal")
        await pilot.press("enter")  # the deck preview
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the new game")
        said = " ".join(notes)
        assert re.search(
            r"The new deal keeps difficulty medium and its feats \(FT1 Granary\)", said
        ), notes
        played = session(app)
        assert played.difficulty == "medium"
        assert [card.code for card in played.feat_cards] == ["FT1"]
        first = app.screen.query_one("#log", MoveLog).entries[0]
        assert "Difficulty medium; feat cards in the deck: FT1 Granary." in first
