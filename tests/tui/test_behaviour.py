"""Pilot tests of single behaviours: undo/redo, modals, peek, quitting, resizing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual import events
from textual.app import App

from palm_island.engine import GameState, RoundEnded, StoredCardReturned, observe
from palm_island.policies import greedy_policy
from palm_island.tui.screens.confirm import ConfirmQuitScreen
from palm_island.tui.screens.end import EndScreen
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.help import HelpScreen
from palm_island.tui.screens.peek import PeekScreen
from palm_island.tui.screens.preview import PreviewScreen
from palm_island.tui.screens.too_small import TooSmallScreen
from palm_island.tui.widgets.log import MoveLog

from .helpers import (
    app_for,
    app_in_game,
    click_choice,
    click_footer_key,
    game_screen,
    in_game,
    open_game,
    play_by_keys,
    play_moves,
    session,
)


def log_text(screen: GameScreen) -> str:
    return "\n".join(screen.query_one(MoveLog).entries)


@pytest.mark.slow
async def test_r21_r22_undo_and_redo_cross_automatic_steps_and_round_ends() -> None:
    app = app_in_game(0)  # greedy play on seed 0 sees both within 19 turns
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        policy = greedy_policy()
        states: list[GameState] = [session(app).state]
        # Play until both a stored card came back (R21) and a round ended (R22).
        while not (
            any(isinstance(e, RoundEnded) for s in session(app).steps for e in s.events)
            and any(isinstance(e, StoredCardReturned) for s in session(app).steps for e in s.events)
        ):
            await play_by_keys(pilot, policy(session(app).state))
            states.append(session(app).state)
        screen = game_screen(app)
        assert "Round 1 ended" in log_text(screen)
        assert "returned, resources lost" in log_text(screen)
        played = len(states) - 1
        await pilot.press(*["u"] * played)
        assert session(app).state == states[0] and session(app).undo_count == played
        assert "ended" not in log_text(screen) and "Turn 1:" not in log_text(screen)
        assert str(screen.query_one("#status").render()).startswith("Round 1 of 8 · Turn 1 ")
        await pilot.press(*["ctrl+r"] * played)
        assert session(app).state == states[-1]
        assert "Round 1 ended" in log_text(screen)
        # A new move after an undo clears redo.
        await pilot.press("u", "d")
        assert not session(app).can_redo


@pytest.mark.slow
async def test_escape_in_the_payment_choice_changes_nothing() -> None:
    app = app_for(2)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 8)  # seed 2, turn 8: two ways to pay
        before = session(app).state
        await pilot.press("1", "r")
        choice = game_screen(app).choice
        assert choice.is_open and len(choice.moves) == 2
        await pilot.press("escape")
        assert not choice.is_open and isinstance(app.screen, GameScreen)
        assert session(app).state == before
        await pilot.press("r", "2")
        assert session(app).moves[-1].pay == ("CH3", "LG3")


@pytest.mark.slow
async def test_arrows_and_enter_choose_in_the_payment_choice_without_moving_the_focus() -> None:
    app = app_in_game(2)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await play_moves(pilot, greedy_policy(), 8)  # seed 2, turn 8: two ways to pay
        focused = app.focused
        await pilot.press("1", "r")
        choice = game_screen(app).choice
        assert choice.is_open and app.focused is focused  # the screen has the keys
        await pilot.press("down", "down", "down")  # option 2, cancel, around to option 1
        await pilot.press("up", "enter")  # back to cancel: enter closes, nothing played
        assert not choice.is_open and len(session(app).moves) == 8
        await pilot.press("r", "down", "enter")  # option 2
        assert not choice.is_open and session(app).moves[-1].pay == ("CH3", "LG3")
        assert app.focused is focused
        await pilot.press("down")  # the arrows select cards again once it is closed
        assert game_screen(app).selected == 2


@pytest.mark.slow
async def test_r20_storing_at_four_asks_which_card_to_release() -> None:
    app = app_in_game(0)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await play_moves(pilot, greedy_policy(), 48)  # seed 0, turn 48: store at 4/4
        assert session(app).state.stored_count == 4
        move = greedy_policy()(session(app).state)
        await pilot.press(str(move.card), "s")
        choice = game_screen(app).choice
        assert choice.is_open
        assert "release" in str(choice.query_one("#question").render())
        assert {m.release for m in choice.moves} == {c.code for c in session(app).state.stored}


@pytest.mark.slow
async def test_r18_peek_shows_the_other_side_and_changes_nothing() -> None:
    app = app_for(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        before = session(app).state
        await pilot.press("2", "p")
        assert isinstance(app.screen, PeekScreen)
        assert app.screen.view == observe(before).top[1]
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen) and session(app).state == before


@pytest.mark.slow
async def test_keys_for_actions_that_are_not_legal_do_nothing() -> None:
    app = app_in_game(7)  # card 1 is QU3 front up: rotate and flip both need resources
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        screen = game_screen(app)
        assert screen.check_action("act", ("discard",)) is True
        assert screen.check_action("undo", ()) is False
        await pilot.press("1", "r", "f", "s", "u")
        assert session(app).turn == 0
        assert session(app).turn == 0


@pytest.mark.slow
async def test_quitting_a_game_in_progress_asks_first_even_with_ctrl_c() -> None:
    app = app_in_game(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await pilot.press("d")
        await pilot.press("ctrl+c")
        assert isinstance(app.screen, ConfirmQuitScreen)
        await pilot.press("n")
        assert isinstance(app.screen, GameScreen) and session(app).turn == 1
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmQuitScreen)
        assert app.return_code is None
        await pilot.press("y")
        assert app.return_code == 0
    assert session(app).turn == 1


async def test_quitting_from_the_title_does_not_ask() -> None:
    app = app_for(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("q")
        assert app.return_code == 0  # set by App.exit; None while running
        assert not isinstance(app.screen, ConfirmQuitScreen)


@pytest.mark.slow
async def test_a_small_terminal_shows_a_notice_and_resizing_keeps_the_game() -> None:
    app = app_in_game(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await pilot.press("d", "d")
        before = session(app).state
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("d")  # the game underneath does not take keys
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and session(app).state == before


@pytest.mark.slow
async def test_help_opens_with_question_mark_and_lists_every_key() -> None:
    app = app_for(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one("#help-text").render())
        for key in ("s r f", "ctrl+r", "escape", "ctrl+c", "peek"):
            assert key in text
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


@pytest.mark.slow
async def test_clicking_a_card_selects_it_and_the_key_bar_presses_keys() -> None:
    app = app_in_game(7)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_game(pilot)
        screen = game_screen(app)
        assert await pilot.click("#card-2", offset=(5, 1))
        assert screen.selected == 2
        await click_footer_key(pilot, "Discard")
        assert session(app).turn == 1
        await click_footer_key(pilot, "Undo")
        assert session(app).turn == 0 and session(app).can_redo


@pytest.mark.slow
async def test_a_key_that_does_not_apply_explains_why(
    notifications: Callable[[App[Any]], list[str]],
) -> None:
    app = app_in_game(42)  # card 1 HO2 cannot rotate yet; card 2 LG1 stores for free
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        notes = notifications(app)
        await pilot.press("s")
        assert session(app).turn == 0
        await pilot.press("r")
        assert session(app).turn == 0
        assert notes == [
            "Card 1 has no store action on this face. Card 2 can: press 2 to select it.",
            "Card 1: rotate needs 1♣W 1≈F.",
        ]
        await pilot.press("2", "s")
        assert session(app).turn == 1 and session(app).moves[0].kind == "store"


@pytest.mark.slow  # over 1.5 s: make test, not make check (its 90 s CPU budget)
async def test_keys_typed_at_once_apply_in_order() -> None:
    """Regression: "2" then "s" in one burst was judged against card 1 and did nothing."""
    app = app_in_game(42)  # card 2 LG1 stores for free; card 1 HO2 has no store
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        app.post_message(events.Key("2", "2"))
        app.post_message(events.Key("s", "s"))
        await pilot.pause()
        assert [str(m) for m in session(app).moves] == ["S2"]
        await pilot.press("down", "up")  # arrows select cards; the log never takes focus
        assert game_screen(app).selected == 1 and app.focused is None


@pytest.mark.slow
async def test_undo_from_the_end_screen_goes_back_into_the_game() -> None:
    app = app_for(2)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 200)
        assert isinstance(app.screen, EndScreen)
        final = session(app).state
        await pilot.press("u")
        assert isinstance(app.screen, GameScreen) and session(app).turn == final.turn - 1
        await pilot.press("ctrl+r")
        assert isinstance(app.screen, EndScreen) and session(app).state == final
        await pilot.press("n")  # a new deal from the seed source, via the deck preview
        assert isinstance(app.screen, PreviewScreen) and session(app).seed == 1000


@pytest.mark.slow
async def test_the_mouse_can_cancel_a_choice_and_close_the_help() -> None:
    app = app_in_game(2)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await play_moves(pilot, greedy_policy(), 8)
        before = session(app).state
        await pilot.press("1", "r")
        choice = game_screen(app).choice
        assert choice.is_open
        await click_choice(pilot, len(choice.moves))  # the last line cancels
        assert not choice.is_open
        assert isinstance(app.screen, GameScreen) and session(app).state == before
        await pilot.press("question_mark")
        assert await pilot.click("#help-text")
        assert isinstance(app.screen, GameScreen)
