"""One solver truth in the game: hints follow the par line, a deviation's line is
kept, and the par is read back instead of searched again (docs/solver.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from palm_island.engine import Move
from palm_island.solver import Budget
from palm_island.solver.lines import deal_key, solver_tag
from palm_island.storage.service import Store

from .helpers import (
    app_in_game,
    game_screen,
    in_game,
    par_shown,
    session,
    wait_until,
)
from .store_helpers import new_saved_game, opened, store_app

PAR = Budget(30)
HINT = Budget(20)


async def _hint(pilot: object, app: object) -> tuple[Move, int, bool]:
    """Press ``h`` and wait: the hinted move, its expected score, whether it was searched."""
    from textual.pilot import Pilot

    from palm_island.tui.app import PalmIslandApp

    assert isinstance(pilot, Pilot) and isinstance(app, PalmIslandApp)
    await pilot.press("h")
    await app.workers.wait_for_complete()
    await pilot.pause()
    result = game_screen(app).hint
    assert result is not None
    return result.hint.move, result.hint.expected_score, result.found is not None


def _deviate(app: object, line: tuple[Move, ...]) -> tuple[Move, ...]:
    """Follow ``line`` to the first turn with another legal move and play that one;
    the moves played."""
    from palm_island.tui.app import PalmIslandApp

    assert isinstance(app, PalmIslandApp)
    screen = game_screen(app)
    for planned in line:
        others = [m for m in session(app).legal_moves() if m != planned]
        screen.play(others[0] if others else planned)
        if others:
            break
    return session(app).moves


@pytest.mark.slow
async def test_following_the_hints_stays_on_the_par_line_at_par() -> None:
    app = app_in_game(7, compute_par=True, par_budget=PAR, hint_budget=HINT)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await app.workers.wait_for_complete()
        start = session(app).start
        par_line = app.controller.pars.line(start)
        assert par_line is not None
        for turn in range(25):
            move, expected, searched = await _hint(pilot, app)
            assert (move, expected, searched) == (par_line.moves[turn], par_line.score, False)
            game_screen(app).play(move)
            await pilot.pause()
        assert app.controller.pars.get(start) == par_line.score


@pytest.mark.slow
async def test_a_deviation_is_searched_once_then_followed_without_losing_stars() -> None:
    app = app_in_game(7, compute_par=True, par_budget=PAR, hint_budget=HINT)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await app.workers.wait_for_complete()
        par_line = app.controller.pars.line(session(app).start)
        assert par_line is not None
        _deviate(app, par_line.moves)  # off the par line
        await pilot.pause()
        move, expected, searched = await _hint(pilot, app)
        assert searched
        scores = [expected]
        for _ in range(20):  # along the line just found: no new search, never lower
            game_screen(app).play(move)
            await pilot.pause()
            move, expected, searched = await _hint(pilot, app)
            assert not searched
            scores.append(expected)
        assert scores == sorted(scores)


@pytest.mark.slow
async def test_par_and_hint_lines_are_kept_in_the_campaign_file(tmp_path: Path) -> None:
    app = store_app(tmp_path, compute_par=True, par_budget=PAR, hint_budget=HINT)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await new_saved_game(pilot)
        await app.workers.wait_for_complete()
        start = session(app).start
        par_line = app.controller.pars.line(start)  # the UI thread keeps it on first sight
        assert par_line is not None
        prefix = _deviate(app, par_line.moves)
        await pilot.pause()
        _, found_score, searched = await _hint(pilot, app)
        assert searched
    with Store.open(tmp_path) as store:
        rows = store.solver_lines(deal_key(start), "beam")
    assert [(tag, prefix) for tag, prefix, _ in rows] == [
        (solver_tag(HINT.width), ",".join(map(str, prefix))),
        (solver_tag(PAR.width), ""),
    ]
    again = store_app(tmp_path, compute_par=True, par_budget=PAR, hint_budget=HINT)
    async with again.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        again.controller.pars.request(start)  # read back: no search is started
        assert not [w for w in again.workers if w.group == "par"]
        assert again.controller.pars.get(start) == par_line.score
        book = again.controller.pars.book(start)
        from palm_island.engine import apply_move

        after = start
        for move in prefix:
            after = apply_move(after, move).state
        known = book.at(after)
        assert known is not None and known.score == found_score


@pytest.mark.slow
async def test_a_finished_games_analysis_is_kept_and_reopens_at_once(tmp_path: Path) -> None:
    from palm_island.policies import greedy_policy
    from palm_island.tui.widgets.analysis import AnalysisPanel

    from .helpers import play_moves

    app = store_app(tmp_path, compute_par=True, par_budget=PAR, analysis_budget=Budget(3))
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await new_saved_game(pilot)
        await play_moves(pilot, greedy_policy(), 200)
        await app.workers.wait_for_complete()
        await wait_until(pilot, par_shown(app), "the end screen's par")
        await pilot.press("a")
        await app.workers.wait_for_complete()
        await pilot.pause()
        first = app.screen.query_one(AnalysisPanel).report
        assert first is not None
        await pilot.press("escape", "a")  # back to the end screen, and the analysis again
        panel = app.screen.query_one(AnalysisPanel)
        assert panel.report == first  # read back on mount: no search
        assert not [w for w in panel.workers]


@pytest.mark.slow  # over 1 s of CPU (PALM_ISLAND_CHECK_SLOW=1): make test, not make check
async def test_a_failed_par_search_does_not_hold_the_hint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import palm_island.tui.par as par_module

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("the par search failed")

    monkeypatch.setattr(par_module, "solve", broken)
    app = app_in_game(7, compute_par=True, par_budget=PAR, hint_budget=HINT)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await app.workers.wait_for_complete()
        assert app.controller.pars.get(session(app).start) is None
        move, _, searched = await _hint(pilot, app)
        assert searched and move in session(app).legal_moves()


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
async def test_a_game_works_out_its_search_prices_as_it_begins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """So that a first hint does not wait for them when the par is kept (no par search)."""
    import palm_island.tui.par as par_module
    from palm_island.engine import GameState
    from palm_island.solver import prepare

    prepared: list[tuple[int, ...]] = []

    def recorded(state: GameState) -> None:
        prepared.append(state.deck)
        prepare(state)

    monkeypatch.setattr(par_module, "prepare", recorded)
    app = app_in_game(7, compute_par=True, par_budget=PAR, hint_budget=HINT)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await app.workers.wait_for_complete()
        assert prepared == [session(app).state.deck]
