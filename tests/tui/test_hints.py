"""The ``h`` hint: the solver's move, found off the UI thread, never stale."""

from __future__ import annotations

import asyncio
import time

import pytest
from textual import events
from textual.worker import WorkerState

from palm_island.solver import HINT_BUDGET, Budget, best_move
from palm_island.tui.hints import HINT_GROUP
from palm_island.tui.render import move_words
from palm_island.tui.widgets.card import CardWidget
from palm_island.tui.widgets.hint import HintLine

from .helpers import app_in_game, game_screen, in_game, play_moves, session

SLOW = Budget(4000)
"""Several seconds from the start of a game: long enough to act during it."""


@pytest.mark.slow  # over 1.5 s: make test, not make check (its 90 s CPU budget)
async def test_hint_is_the_solvers_best_move_at_the_same_budget() -> None:
    app = app_in_game(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        from palm_island.policies import greedy_policy

        await play_moves(pilot, greedy_policy(), 5)
        state = session(app).state
        await app.workers.wait_for_complete()  # the par line
        assert app.controller.pars.book(session(app).start).at(state) is None, (
            "greedy left the par line"
        )
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = game_screen(app)
        expected = best_move(state, HINT_BUDGET)  # off every known line: a search
        assert screen.hint is not None and screen.hint.hint == expected
        assert expected.move in session(app).legal_moves()
        line = str(screen.query_one("#hint", HintLine).render())
        assert f"Hint: {move_words(expected.move)}" in line
        assert f"expected final score {expected.expected_score}" in line
        card = screen.query_one(f"#card-{expected.move.card}", CardWidget)
        assert "<- hint" in str(card.render())
        assert session(app).hints_used == 1


@pytest.mark.slow  # over 1.3 s: make test, not make check (its 90 s CPU budget)
async def test_a_move_clears_the_hint_and_counts_stay() -> None:
    app = app_in_game(7, hint_budget=Budget(20))
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = game_screen(app)
        assert screen.hint is not None
        await pilot.press("d")
        assert screen.hint is None
        assert not screen.query_one("#hint", HintLine).display
        assert session(app).hints_used == 1


@pytest.mark.slow
async def test_keys_work_while_a_hint_is_searched_and_a_move_cancels_it() -> None:
    # Off every known line a hint is a search; the par line is found first, then
    # greedy moves leave it, so the slow hint budget is what the key waits on.
    app = app_in_game(7, hint_budget=SLOW)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        from palm_island.policies import greedy_policy

        await play_moves(pilot, greedy_policy(), 5)
        await app.workers.wait_for_complete()  # the par line
        state = session(app).state
        assert app.controller.pars.book(session(app).start).at(state) is None, (
            "greedy left the par line"
        )
        screen = game_screen(app)
        await pilot.press("h")
        asked = time.perf_counter()
        while not any(w.group == HINT_GROUP for w in app.workers):
            assert time.perf_counter() - asked < 5, "h started no hint search"
            await asyncio.sleep(0.002)
        (worker,) = [w for w in app.workers if w.group == HINT_GROUP]
        # Pilot.press waits for the process to go idle, which a busy search thread
        # never does; so post the key and watch for the screen to act on it.
        started = time.perf_counter()
        app.post_message(events.Key("2", "2"))  # select card 2 while the search runs
        while screen.selected != 2 and time.perf_counter() - started < 5:
            await asyncio.sleep(0.002)
        assert screen.selected == 2
        assert worker.state == WorkerState.RUNNING, "the key waited for the search"
        asked_at = session(app).state
        await pilot.press("d")  # a move: the search is for a position now gone
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert worker.is_cancelled
        assert session(app).state is not asked_at
        assert screen.hint is None
        assert not screen.query_one("#hint", HintLine).display
        assert session(app).hints_used == 0


@pytest.mark.slow
async def test_undo_drops_a_hint_for_the_later_position() -> None:
    app = app_in_game(7, hint_budget=Budget(20))
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await pilot.press("d", "h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = game_screen(app)
        assert screen.hint is not None
        await pilot.press("u")
        assert screen.hint is None
        assert session(app).turn == 0
