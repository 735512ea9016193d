"""The pseudo-language walk of past games and the app's own notices (issue 48): under
``xx`` every translated string is bracketed ⟦…⟧, so a plain English word outside
the brackets is a string that slipped through. Each screen is opened as a player
opens it (keys through Pilot) and read as drawn (its rows, not the key bar, which
test_pseudo_screens.py checks): the history with games in it, the replay viewer
while it steps, the analysis of a finished game, the score history's caption, the
saved games list and its question, the daily deal's share line, and notices of the
app and the controller (a game kept, a game abandoned, an export, the data folder
gone). The campaign is named in Greek: its name is the player's data, shown as it
is, and English there would hide a slip."""

from __future__ import annotations

import datetime as dt
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button

from palm_island.i18n import LOCALE_DIR, speaking
from palm_island.policies import greedy_policy
from palm_island.solver import Budget, daily_seed, share_line
from palm_island.storage.service import Store
from palm_island.tui.screens.analysis import AnalysisScreen
from palm_island.tui.screens.ask import AskScreen, InputScreen
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.history import HistoryScreen
from palm_island.tui.screens.replay import ReplayScreen
from palm_island.tui.screens.saved_games import SavedGamesScreen
from palm_island.tui.screens.stats import StatsScreen
from palm_island.tui.screens.title import TitleScreen
from palm_island.tui.widgets.analysis import AnalysisPanel

from .helpers import session, wait_until
from .store_helpers import new_saved_game, opened, store_app
from .test_pseudo_screens import region_text, unmarked

pytestmark = pytest.mark.slow

CAMPAIGN = "Ωμέγα"
"""A campaign name with no Latin letters (data, shown as it is)."""
DAY = dt.date(2026, 11, 30)


def slips(parts: dict[str, str]) -> list[str]:
    """Every English word outside the brackets, named by the part it is in."""
    return [f"{part}: {word}" for part, text in parts.items() for word in unmarked(text)]


def played_game(data_dir: Path, seed: int, *, moves: int | None = None, **options: Any) -> int:
    """A game of campaign :data:`CAMPAIGN` played through the store by the greedy
    policy: to its end, or ``moves`` moves of it (an unfinished game)."""
    with Store.open(data_dir) as store:
        if not any(c.name == CAMPAIGN for c in store.campaigns()):
            store.create_campaign(CAMPAIGN)
        game = store.new_game(CAMPAIGN, difficulty="easy", seed=seed, **options)
        policy = greedy_policy()
        played = 0
        while not game.is_over and (moves is None or played < moves):
            game.play(policy(game.state))
            played += 1
        assert game.game_id is not None
        return game.game_id


def assert_pseudo_catalog() -> None:
    assert (LOCALE_DIR / "xx" / "LC_MESSAGES" / "palm_island.mo").is_file(), "run make catalogs"


def test_the_share_line_speaks_the_language_and_keeps_date_and_numbers() -> None:
    """Every variant of the daily deal's share line: without par, with par (level,
    above, below), with the bound's words, with 0, 1 and 2 hints."""
    assert_pseudo_catalog()
    with speaking("xx"):
        lines = {
            "no par": share_line(DAY, 12, "Needs work"),
            "par, no hints": share_line(DAY, 38, "Astounding", 41, hints=0),
            "level, 1 hint": share_line(DAY, 41, "Astounding", 41, hints=1),
            "bound, 2 hints": share_line(DAY, 44, "Exceptional", 41, bound=47, hints=2),
            "proven": share_line(DAY, 46, "Astounding", 46, bound=46),
        }
    assert slips(lines) == [], lines
    assert all("⟦" in line and "2026-11-30" in line for line in lines.values()), lines
    assert "+3" in lines["bound, 2 hints"] and "-3" in lines["par, no hints"]


async def test_history_replay_analysis_and_score_history_hold_no_english(
    tmp_path: Path, notifications: Callable[[App[Any]], list[str]]
) -> None:
    assert_pseudo_catalog()
    played_game(tmp_path, 3)
    app = store_app(tmp_path)
    app.config.analysis_budget = Budget(5)  # small: the words are under test, not the search
    notes = notifications(app)
    parts: dict[str, str] = {}
    with speaking("xx"):
        async with app.run_test(size=(100, 32)) as pilot:
            await opened(pilot)
            title = app.screen
            await pilot.press("y")
            await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen), "history")
            await pilot.pause()
            history = app.screen
            parts["history"] = region_text(app, history.query_one(Vertical))
            await pilot.press("i")  # import: the prompt, then a file that is not there
            await wait_until(pilot, lambda: isinstance(app.screen, InputScreen), "the prompt")
            parts["import prompt"] = region_text(app, app.screen.query_one("#prompt"))
            await pilot.press(*"missing.json", "enter")
            await wait_until(pilot, lambda: app.screen is history, "the history again")
            await pilot.pause()
            parts["import refused"] = region_text(app, history.query_one("#history-message"))
            await pilot.press("enter")  # the highlighted game, in the replay viewer
            await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
            viewer = app.screen
            assert isinstance(viewer, ReplayScreen)
            await pilot.pause()
            parts["replay at its start"] = region_text(app, viewer.query_one("#status"))
            parts["replay's log title"] = region_text(app, viewer.query_one("#log"))
            parts["the next move's card"] = region_text(app, viewer.query_one("#cards"))
            await pilot.press("right", "right", "right")
            await wait_until(pilot, lambda: viewer.index == 3, "three moves on")
            await pilot.pause()
            parts["replay stepping"] = region_text(app, viewer.query_one("#status"))
            parts["replay's log"] = region_text(app, viewer.query_one("#log"))
            parts["cards while stepping"] = region_text(app, viewer.query_one("#cards"))
            await pilot.press("plus")  # autoplay's speed: a notice
            await pilot.press("x")  # export: a notice with the file's path
            await wait_until(pilot, lambda: len(notes) >= 2, "the two notices")
            parts["speed notice"], parts["export notice"] = notes[0], notes[1]
            await pilot.press("a")
            await wait_until(pilot, lambda: isinstance(app.screen, AnalysisScreen), "analysis")
            analysis = app.screen
            panel = analysis.query_one(AnalysisPanel)
            await wait_until(pilot, lambda: panel.report is not None, "the analysis")
            await pilot.pause()
            parts["analysis title"] = region_text(app, analysis.query_one("#analysis-title"))
            parts["analysis"] = region_text(app, panel)
            assert panel.report is not None and any(m.drop > 0 for m in panel.report)
            await pilot.press("escape", "escape", "escape")
            await wait_until(pilot, lambda: app.screen is title, "the title")
            await pilot.press("z")  # statistics: the score history's caption
            await wait_until(pilot, lambda: isinstance(app.screen, StatsScreen), "statistics")
            await pilot.pause()
            stats = region_text(app, app.screen.query_one(VerticalScroll))
            parts["score history's caption"] = stats.rstrip().splitlines()[-1]
    assert slips(parts) == [], parts
    assert all("⟦" in text for text in parts.values()), parts
    assert CAMPAIGN in parts["history"]


async def test_saved_games_and_their_notices_hold_no_english(
    tmp_path: Path, notifications: Callable[[App[Any]], list[str]]
) -> None:
    """A new game said to keep the unfinished one, the saved games list, the question
    before abandoning, its notice and the list left empty."""
    assert_pseudo_catalog()
    played_game(tmp_path, 5, moves=3)
    app = store_app(tmp_path)
    notes = notifications(app)
    parts: dict[str, str] = {}
    with speaking("xx"):
        async with app.run_test(size=(100, 32)) as pilot:
            await opened(pilot)
            title = app.screen
            await new_saved_game(pilot)  # the unfinished game is kept: a notice says where
            await wait_until(pilot, lambda: bool(notes), "the kept game's notice")
            parts["kept game's notice"] = notes[-1]
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.screen is title, "the title")
            await pilot.press("s")
            await wait_until(pilot, lambda: isinstance(app.screen, SavedGamesScreen), "list")
            await pilot.pause()
            listing = app.screen
            parts["saved games"] = region_text(app, listing.query_one(Vertical))
            await pilot.press("a")
            await wait_until(pilot, lambda: isinstance(app.screen, AskScreen), "the question")
            parts["abandon question"] = region_text(app, app.screen.query_one("#question"))
            for button in app.screen.query(Button):
                parts[f"abandon's {button.id}"] = str(button.label)
            before = len(notes)
            await pilot.press("y")
            await wait_until(pilot, lambda: len(notes) > before, "the abandoned game's notice")
            parts["abandoned notice"] = notes[-1]
            await pilot.pause()
            parts["no saved games"] = region_text(app, listing.query_one(Vertical))
    assert slips(parts) == [], parts
    assert all("⟦" in text for text in parts.values()), parts
    assert CAMPAIGN in parts["saved games"]


async def test_todays_daily_deal_played_shows_its_share_line_in_the_language(
    tmp_path: Path,
) -> None:
    """The daily deal asked for again once played: its share line and the question
    offering practice."""
    assert_pseudo_catalog()
    played_game(tmp_path, daily_seed(DAY), official=True)
    app = store_app(tmp_path)
    app.config.today = DAY
    with speaking("xx"):
        async with app.run_test(size=(100, 32)) as pilot:
            await opened(pilot)
            await pilot.press("d")
            await wait_until(pilot, lambda: isinstance(app.screen, AskScreen), "the question")
            await pilot.pause()
            question = region_text(app, app.screen.query_one("#question"))
            yes = str(app.screen.query_one("#yes", Button).label)
    parts = {"daily question": question, "practice button": yes}
    assert slips(parts) == [], parts
    assert "2026-11-30" in question and "⟦" in question and "⟦" in yes


async def test_the_data_folder_gone_is_said_in_the_language(
    tmp_path: Path, notifications: Callable[[App[Any]], list[str]]
) -> None:
    """The controller's notice when the data folder goes under a saved game."""
    assert_pseudo_catalog()
    folder = tmp_path / "data"
    app = store_app(folder)
    notes = notifications(app)
    with speaking("xx"):
        async with app.run_test(size=(100, 32)) as pilot:
            await opened(pilot)
            await new_saved_game(pilot)
            await pilot.press("d")
            await wait_until(pilot, lambda: len(session(app).moves) == 1, "a saved move")
            shutil.rmtree(folder)
            await pilot.press("d")
            await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")
            assert not isinstance(app.screen, GameScreen)
    gone = {f"notice {n}": note for n, note in enumerate(notes) if str(folder) in note}
    assert len(gone) == 2, notes  # the move refused (the game screen's), saving off (ours)
    assert slips(gone) == [] and all("⟦" in note for note in gone.values()), gone
