"""The end screen's par and share line, the daily deal, and the analysis screen."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console
from rich.table import Table
from textual.widgets import Static

from palm_island.engine import new_game, score
from palm_island.policies import greedy_policy
from palm_island.solver import Budget, analyse, share_line, solve, upper_bound
from palm_island.tui.render import move_words
from palm_island.tui.screens.analysis import AnalysisScreen
from palm_island.tui.screens.end import EndScreen
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.widgets.analysis import AnalysisPanel
from palm_island.tui.widgets.log import MoveLog
from palm_island.tui.widgets.result import ResultLines

from .helpers import (
    app_for,
    app_in_game,
    in_game,
    open_game,
    par_shown,
    play_moves,
    session,
    wait_until,
)

DAY = dt.date(2026, 11, 29)


@pytest.mark.slow
async def test_daily_deal_uses_the_dates_seed_and_shows_par_and_share_line() -> None:
    app = app_for(7, compute_par=True, today=DAY, par_budget=Budget(20))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("d")  # title: daily deal
        assert session(app).seed == 20261129
        await pilot.press("enter")  # deck preview -> game
        assert isinstance(app.screen, GameScreen)
        log = app.screen.query_one(MoveLog)
        assert log.header.startswith("Daily deal of 2026-11-29. Seed 20261129")
        await play_moves(pilot, greedy_policy(), 200)
        await app.workers.wait_for_complete()
        await wait_until(pilot, par_shown(app), "the end screen's par")
        assert isinstance(app.screen, EndScreen)
        result = app.screen.query_one(ResultLines)
        final = score(session(app).state)
        par = solve(session(app).start, Budget(20)).score
        assert result.par == par
        bound = upper_bound(session(app).start)
        expected = share_line(DAY, final.total, final.rank, par, hints=0, bound=bound)
        assert result.share == expected
        assert f"Par {par}" in str(result.render())
        assert f"best possible ≤ {bound}★" in str(result.render())
        await pilot.press("c")
        assert app.clipboard == expected


@pytest.mark.slow
async def test_par_is_one_number_on_the_end_screen_analysis_share_line_and_daily(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from palm_island.cli import main

    app = app_for(7, compute_par=True, today=DAY, par_budget=Budget(20))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("d", "enter")  # title: daily deal; deck preview -> game
        await play_moves(pilot, greedy_policy(), 200)
        await app.workers.wait_for_complete()
        await wait_until(pilot, par_shown(app), "the end screen's par")
        result = app.screen.query_one(ResultLines)
        par = result.par
        assert par is not None and f"Par {par}" in str(result.render())
        assert result.share is not None and f"(par {par}, " in result.share
        # the bound beside par: one number (the deal's upper_bound) in one wording
        bound = result.bound
        assert f"Par {par}★, best possible ≤ {bound}★ " in str(result.render())
        assert f"(par {par}, best possible ≤ {bound}; " in result.share
        await pilot.press("a")
        await app.workers.wait_for_complete()
        await pilot.pause()
        summary = str(app.screen.query_one("#analysis-status", Static).render())
        assert summary.startswith(f"Par {par}★, best possible ≤ {bound}★; ")
    assert main(["daily", "--date", DAY.isoformat(), "--width", "20"]) == 0
    assert f"par: {par} (solver, width 20, kept)" in capsys.readouterr().out.splitlines()


@pytest.mark.slow
async def test_end_screen_shows_par_and_hints_for_an_ordinary_deal() -> None:
    app = app_in_game(2, compute_par=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await play_moves(pilot, greedy_policy(), 200)
        await app.workers.wait_for_complete()
        await wait_until(pilot, par_shown(app), "the end screen's par")
        result = app.screen.query_one(ResultLines)
        assert result.par == solve(session(app).start, Budget(10)).score
        assert result.share is None  # not a daily deal: nothing to share
        assert "1 hint used" in str(result.render())
        await pilot.press("c")
        assert app.clipboard == ""


@pytest.mark.slow
async def test_analysis_screen_lists_the_moves_that_cost_stars() -> None:
    app = app_for(2)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 200)
        await pilot.press("a")
        assert isinstance(app.screen, AnalysisScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        panel = app.screen.query_one(AnalysisPanel)
        start = session(app).start
        known = app.controller.pars.book(start)
        expected = analyse(start, session(app).moves, Budget(5), known=known)
        assert panel.report == expected
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(panel.query_one("#analysis-table", Static).content)
        table = console.export_text()
        for move in expected:
            if move.drop:
                assert move_words(move.played) in table and f"-{move.drop}" in table
        squeezed = []  # a phone's columns stand one space apart, and again when widened
        for size in ((55, 60), (100, 32)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            shown = panel.query_one("#analysis-table", Static).content
            squeezed.append(isinstance(shown, Table) and shown.collapse_padding)
        assert squeezed == [True, False]
        await pilot.press("escape")
        assert isinstance(app.screen, EndScreen)


@pytest.mark.slow
async def test_leaving_the_analysis_early_cancels_it() -> None:
    app = app_for(2, analysis_budget=Budget(3000))
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 200)
        await pilot.press("a")
        panel = app.screen.query_one(AnalysisPanel)
        (worker,) = panel.workers
        await pilot.press("escape")
        assert isinstance(app.screen, EndScreen)
        await app.workers.wait_for_complete()
        assert worker.is_cancelled
        assert panel.report is None


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
async def test_a_par_search_waits_while_a_hint_is_searched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import threading

    from palm_island.tui import par

    asked = threading.Event()  # the search asked whether to go on, while held

    def watched_solve(*args: Any, should_stop: Callable[[], bool], **options: Any) -> Any:
        def stop() -> bool:
            asked.set()
            return should_stop()

        return solve(*args, should_stop=stop, **options)

    monkeypatch.setattr(par, "solve", watched_solve)
    app = app_for(7)
    async with app.run_test(size=(100, 32)) as pilot:
        start = new_game(app.controller.catalog, seed=7)
        with app.controller.pars.paused():
            app.controller.pars.request(start)  # Budget(10): a few hundredths of a second
            await wait_until(pilot, asked.is_set, "the search reached the hold")
            await pilot.pause()
            (worker,) = [w for w in app.workers if w.group == "par"]
            assert not worker.is_finished  # held: it cannot end until the pause does
            assert app.controller.pars.get(start) is None
        await app.workers.wait_for_complete()
        assert app.controller.pars.get(start) == solve(start, Budget(10)).score


async def test_starting_another_deal_cancels_the_first_par_search() -> None:
    app = app_for(7, par_budget=Budget(4000))
    async with app.run_test(size=(100, 32)):
        first, second = (new_game(app.controller.catalog, seed=seed) for seed in (7, 8))
        app.controller.pars.request(first)
        (worker,) = [w for w in app.workers if w.group == "par"]  # not the card preload
        app.controller.pars.request(second)
        assert worker.is_cancelled
        app.workers.cancel_all()


def test_par_with_its_bound_reads_proven_or_at_most_on_the_end_screen() -> None:
    from palm_island.tui.glyphs import ASCII, UNICODE
    from palm_island.tui.widgets.result import par_text

    proven = str(par_text(40, 46, 0, UNICODE, searching=False, bound=46))
    assert proven.startswith("Par 46★, the best possible · you 40★, 6 under par")
    assert "at most" not in proven and "≤" not in proven
    open_gap = str(par_text(40, 44, 1, ASCII, searching=False, bound=47))
    assert open_gap.startswith("Par 44*, best possible <= 47* | you 40*, 4 under par")
    searching = str(par_text(40, None, 0, UNICODE, searching=True, bound=51))
    assert searching.endswith("\nPerfect play scores at most 51★")


def test_the_analysis_summary_says_par_with_its_bound_as_the_end_screen_does() -> None:
    from palm_island.engine import legal_moves
    from palm_island.solver import MoveAnalysis
    from palm_island.storage.catalog_files import standard_catalog
    from palm_island.tui.analysis import summary_text
    from palm_island.tui.glyphs import ASCII, UNICODE

    move = legal_moves(new_game(standard_catalog(), seed=3))[0]
    report = [MoveAnalysis(0, move, move, 46, 46, best_possible=46)]
    assert str(summary_text(report, 40, UNICODE, 46)).startswith(
        "Par 46★, the best possible; you scored 40★. "
    )
    loose = [MoveAnalysis(0, move, move, 44, 44, best_possible=47)]
    assert str(summary_text(loose, 40, ASCII, 44)).startswith(
        "Par 44*, best possible <= 47*; you scored 40*. "
    )
    assert str(summary_text(loose, 40, UNICODE)).startswith(
        "The solver expected 44★ from the deal; perfect play scores at most 47★; "
    )
