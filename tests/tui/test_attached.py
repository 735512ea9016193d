"""An app closed while a screen mounts (a browser tab closed during the first mount,
a terminal hung up) ends quietly: no ``NoMatches`` traceback (issue 38, 12).

Two checks of one class of fault. Every mount, show, resume, resize and cross-screen
refresh handler in the UI is wrapped in :func:`while_attached` (found by walking the
package: a new handler without it fails here), and every screen, pushed and closed
in the same moment, closes cleanly (each screen class needs an entry in
:data:`SCREENS`: a new screen without one fails here).
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import pkgutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.dom import DOMNode
from textual.screen import Screen

import palm_island.tui as tui_package
from check_budget import first_in_check
from palm_island.engine import observe
from palm_island.policies import greedy_policy
from palm_island.records import replay as replay_states
from palm_island.session import GameSession
from palm_island.storage import holders
from palm_island.storage.catalog_files import standard_tutorial
from palm_island.storage.errors import LoadError
from palm_island.tui.app import PalmIslandApp
from palm_island.tui.attached import MARK
from palm_island.tui.controller import Replay, tutorial_session
from palm_island.tui.holding import HeldElsewhereScreen, WatchScreen
from palm_island.tui.intents import ControlledModal, ControlledScreen
from palm_island.tui.screens.analysis import AnalysisScreen
from palm_island.tui.screens.ask import AskScreen, InputScreen
from palm_island.tui.screens.campaign import CampaignScreen
from palm_island.tui.screens.confirm import ConfirmQuitScreen
from palm_island.tui.screens.damaged import DamagedScreen
from palm_island.tui.screens.end import EndScreen
from palm_island.tui.screens.feats import FeatsScreen
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.help import HelpScreen
from palm_island.tui.screens.history import HistoryScreen
from palm_island.tui.screens.peek import PeekScreen
from palm_island.tui.screens.preview import PreviewScreen
from palm_island.tui.screens.replay import ReplayScreen
from palm_island.tui.screens.saved_games import SavedGamesScreen
from palm_island.tui.screens.setup import SetupScreen
from palm_island.tui.screens.stats import StatsScreen
from palm_island.tui.screens.title import TitleScreen
from palm_island.tui.screens.too_small import TooSmallScreen
from palm_island.tui.screens.tutorial import TutorialScreen
from palm_island.tutorial.progress import Progress

from .store_helpers import opened, store_app

HANDLERS = ("on_mount", "on_show", "on_screen_resume", "on_resize")
"""Handlers Textual may deliver to a node whose widgets are already gone."""
CROSS_SCREEN = ("refresh_menu",)
"""Methods the app calls on screens in its stack (which may be closing)."""


def ui_classes() -> dict[str, type[DOMNode]]:
    """Every DOM node class defined in the UI package (the app's own class aside:
    an app is never detached from itself)."""
    found: dict[str, type[DOMNode]] = {}
    for info in pkgutil.walk_packages(tui_package.__path__, f"{tui_package.__name__}."):
        module = importlib.import_module(info.name)
        for name, obj in inspect.getmembers(module, inspect.isclass):
            mine = obj.__module__ == module.__name__
            if mine and issubclass(obj, DOMNode) and not issubclass(obj, PalmIslandApp):
                found[f"{module.__name__}.{name}"] = obj
    return found


def test_every_mount_and_refresh_handler_is_wrapped() -> None:
    sites = {
        f"{path}.{method}": vars(cls)[method]
        for path, cls in ui_classes().items()
        for method in (*HANDLERS, *CROSS_SCREEN)
        if method in vars(cls)
    }
    assert len(sites) >= 15  # the walk found them
    bare = [site for site, handler in sites.items() if not getattr(handler, MARK, False)]
    assert not bare, f"not wrapped in while_attached: {bare}"


def finished(app: PalmIslandApp) -> GameSession:
    game = GameSession.from_seed(app.controller.catalog, 7)
    policy = greedy_policy()
    while not game.state.is_over:
        game.play(policy(game.state))
    return game


def replay_of(app: PalmIslandApp) -> Replay:
    game = finished(app)
    record = game.record()
    return Replay(record, tuple(replay_states(record, app.controller.catalog)), tuple(game.moves))


def analysis_of(app: PalmIslandApp, game: GameSession) -> AnalysisScreen:
    return AnalysisScreen(app.controller, game.start, game.moves)


def fresh(app: PalmIslandApp) -> GameSession:
    return GameSession.from_seed(app.controller.catalog, 7)


SCREENS: dict[str, Callable[[PalmIslandApp], Screen[Any]]] = {
    "AnalysisScreen": lambda app: analysis_of(app, finished(app)),
    "AskScreen": lambda app: AskScreen("Delete it?", "Delete"),
    "CampaignScreen": lambda app: CampaignScreen(app.controller),
    "ConfirmQuitScreen": lambda app: ConfirmQuitScreen(saved=True),
    "DamagedScreen": lambda app: DamagedScreen(
        app.controller, LoadError("db_damaged", "campaign.db", "bad")
    ),
    "EndScreen": lambda app: EndScreen(app.controller, finished(app)),
    "FeatsScreen": lambda app: FeatsScreen(app.controller),
    "GameScreen": lambda app: GameScreen(app.controller, fresh(app)),
    "HeldElsewhereScreen": lambda app: HeldElsewhereScreen(1, holders.me()),
    "HelpScreen": lambda app: HelpScreen(app.controller),
    "HistoryScreen": lambda app: HistoryScreen(app.controller),
    "InputScreen": lambda app: InputScreen("Import a game:"),
    "PeekScreen": lambda app: PeekScreen(observe(fresh(app).state).top[0], app.controller.glyphs),
    "PreviewScreen": lambda app: PreviewScreen(app.controller, fresh(app)),
    "ReplayScreen": lambda app: ReplayScreen(app.controller, replay_of(app)),
    "SavedGamesScreen": lambda app: SavedGamesScreen(app.controller),
    "SetupScreen": lambda app: SetupScreen(app.controller),
    "StatsScreen": lambda app: StatsScreen(app.controller),
    "TitleScreen": lambda app: TitleScreen(app.controller),
    "TooSmallScreen": lambda app: TooSmallScreen(app.controller.glyphs),
    "TutorialScreen": lambda app: TutorialScreen(
        app.controller,
        tutorial_session(standard_tutorial(), app.controller.catalog, 0),
        standard_tutorial(),
        Progress(),
    ),
    "WatchScreen": lambda app: WatchScreen(app.controller, fresh(app), 1),
    "ControlledScreen": lambda app: ControlledScreen[None](app.controller),
    "ControlledModal": lambda app: ControlledModal[None](app.controller),
}


def test_every_screen_is_checked() -> None:
    screens = {
        path.rsplit(".", 1)[1] for path, cls in ui_classes().items() if issubclass(cls, Screen)
    }
    assert screens == set(SCREENS)


@pytest.mark.parametrize("name", first_in_check(sorted(SCREENS), keep=2))
async def test_a_screen_closed_as_it_mounts_ends_quietly(name: str, tmp_path: Path) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        screen = SCREENS[name](app)
        app.push_screen(screen)
        app.exit()  # in the same moment: the screen's widgets go before its Mount
    assert app.return_code == 0  # run_test re-raises a handler's exception
    assert not screen.is_attached


@pytest.mark.parametrize("start_in_game", [False, True])
async def test_an_app_closed_before_its_first_mount_ends_quietly(
    start_in_game: bool, tmp_path: Path
) -> None:
    """The first screen (the title, or a game started from the command line) when a
    tab is closed at once: the exit comes before the screen's Mount is handled."""
    app = store_app(tmp_path, start_in_game=start_in_game)

    async def close_at_once() -> None:
        app.exit()

    closing = asyncio.create_task(close_at_once())
    await app.run_async(headless=True, size=(100, 32))
    await closing
    assert app.return_code == 0  # 1 (and a traceback on the terminal) on a handler's error
