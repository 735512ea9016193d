"""The game flow has one owner and one direction (docs/architecture.md): the
controller alone keeps what is shown and changes its own state; screens are given
it, read it and request changes of the app, which routes every request; and the
controller is Textual-free for real, for type checking too."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from palm_island.tui.config import AppConfig
from palm_island.tui.controller import Controller
from palm_island.tui.screens.replay import ReplayScreen
from palm_island.tui.screens.title import TitleScreen
from palm_island.tui.screens.tutorial import TutorialScreen

from .helpers import app_for, wait_until

if TYPE_CHECKING:
    from palm_island.tui.controller import ParSource

TESTS = Path(__file__).resolve().parents[1]
TUI = TESTS.parent / "src" / "palm_island" / "tui"
CONTROLLER = TUI / "controller"


def tui_modules() -> list[Path]:
    """The TUI's modules outside the controller: where screens and the app live."""
    found = [path for path in sorted(TUI.rglob("*.py")) if not path.is_relative_to(CONTROLLER)]
    assert len(found) >= 40  # the walk sees them
    return found


def names_in(node: ast.expr) -> set[str]:
    """Every name and attribute name along ``a.b.c`` (``{"a", "b", "c"}``)."""
    found: set[str] = set()
    while isinstance(node, ast.Attribute):
        found.add(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        found.add(node.id)
    return found


# One owner ------------------------------------------------------------------------


def test_no_controller_field_is_assigned_outside_the_controller() -> None:
    """Nothing outside the controller writes ``controller.x = ...`` (or through a
    local named for it): it changes its own state, asked through the app."""
    assigned = []
    for path in tui_modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and names_in(target.value) & {
                    "controller",
                    "control",
                }:
                    assigned.append(f"{path.relative_to(TUI)}:{node.lineno}")
    assert assigned == []


def plain_controller(folder: Path | None = None) -> Controller[ParSource]:
    config = AppConfig(seed=7, use_store=folder is not None, data_dir=folder, compute_par=False)
    return Controller(config, None, lambda text, severity, timeout: None)


def test_the_controller_and_its_parts_keep_their_state_private() -> None:
    """Its state is read through properties and changed through its methods: no
    public attribute on it or on any part it is made of."""
    control = plain_controller()
    assert [name for name in vars(control) if not name.startswith("_")] == []
    parts = [
        value
        for value in vars(control).values()
        if type(value).__module__.startswith("palm_island.tui.controller")
    ]
    assert len(parts) >= 4  # the slot, the file, the setup, the settings
    public = [
        f"{type(part).__name__}.{name}"
        for part in parts
        for name in vars(part)
        if not name.startswith("_")
    ]
    assert public == []


def test_reading_the_controller_never_opens_the_campaign_file(tmp_path: Path) -> None:
    """Every property can be read before the file is opened (the title reads them
    for its first frame): none opens it, the app does just after that frame."""
    control = plain_controller(tmp_path)
    properties = {
        name
        for klass in Controller.__mro__
        for name, value in vars(klass).items()
        if isinstance(value, property) and name != "pars"  # the par book is the app's
    }
    assert {"store", "catalog"} <= properties
    for name in sorted(properties):
        getattr(control, name)
    assert control.store_pending and control.store is None
    assert list(tmp_path.iterdir()) == []  # no campaign file made


async def test_the_tutorial_enters_and_leaves_through_the_controller() -> None:
    """The tutorial's game is the controller's current game while it is played
    (entered through ``begin`` as every game), and left through its one end."""
    from palm_island.tui.controller import Learning

    app = app_for(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, TutorialScreen), "the tutorial")
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        current = app.controller.current
        assert isinstance(current, Learning) and current.session is screen.session
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")
        assert app.controller.current is None
        assert app.controller.tutorial_session is screen.session  # kept for this run


@pytest.mark.slow  # plays a whole game to record it
async def test_a_replay_enters_and_leaves_through_the_controller(tmp_path: Path) -> None:
    from palm_island.engine import GameState
    from palm_island.policies import greedy_policy
    from palm_island.session import GameSession
    from palm_island.storage.catalog_files import standard_catalog
    from palm_island.storage.loading import export_record
    from palm_island.tui.controller import Reviewing

    game = GameSession.from_seed(standard_catalog(), 7)
    policy = greedy_policy()
    while not game.state.is_over:
        game.play(policy(game.state))
    record = tmp_path / "game.json"
    export_record(game.record(), record)
    app = app_for(7, replay_file=record)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        current = app.controller.current
        assert isinstance(current, Reviewing)
        start: GameState = current.replay.states[0]
        assert start == game.start
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")
        assert app.controller.current is None


# One direction ----------------------------------------------------------------------


def test_no_getattr_dispatch_in_the_tui() -> None:
    """No handler is found by name at run time (``getattr(x, name)(...)``): every
    intent has its ``case`` in the app, which mypy checks with ``assert_never``."""
    dispatch = [
        f"{path.relative_to(TUI)}:{node.lineno}"
        for path in tui_modules() + sorted(CONTROLLER.glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Call)
        and isinstance(node.func.func, ast.Name)
        and node.func.func.id == "getattr"
    ]
    assert dispatch == []


def test_screens_are_given_the_controller_and_never_look_it_up() -> None:
    """No service locator: nothing reaches the controller through the app
    (``x.app.controller``, ``getattr(app, "controller")``); a screen is given it."""
    found = []
    for path in tui_modules():
        if path.name == "app.py":
            continue  # the app makes it
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Attribute)
                and node.attr == "controller"
                and isinstance(node.value, ast.Attribute)
                and node.value.attr == "app"
            ) or (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "getattr"
                and any(
                    isinstance(arg, ast.Constant) and arg.value == "controller" for arg in node.args
                )
            ):
                found.append(f"{path.relative_to(TUI)}:{node.lineno}")
    assert found == []


def test_no_app_handler_shadows_one_of_textuals() -> None:
    """An intent is routed by type, so the app has no ``on_<intent>`` handler named
    like a Textual event's (``Show``'s was ``on_show``, Textual's ``events.Show``)."""
    from textual import events

    from palm_island.tui.app import PalmIslandApp

    textual = {
        kind.handler_name
        for kind in vars(events).values()
        if isinstance(kind, type) and issubclass(kind, events.Event)
    }
    ours = {name for name in vars(PalmIslandApp) if name.startswith("on_")}
    allowed = {"on_mount", "on_unmount", "on_ready", "on_resize"}  # Textual's, on purpose
    assert ours & textual <= allowed
    assert "on_show" not in ours


@pytest.mark.slow  # plays a whole game through the screens
async def test_the_title_menu_is_rebuilt_once_per_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Title, a whole game, its end screen and back: the title's menu (two counts in
    the campaign file, when games are saved) is rebuilt once, as the title shows."""
    from palm_island.policies import greedy_policy
    from palm_island.tui.screens.end import EndScreen
    from palm_island.tui.screens.game import GameScreen

    rebuilt: list[str] = []
    original = TitleScreen.refresh_menu

    def counted(self: TitleScreen, *, focus: bool = False) -> None:
        rebuilt.append("menu")
        original(self, focus=focus)

    monkeypatch.setattr(TitleScreen, "refresh_menu", counted)
    app = app_for(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")
        await pilot.pause()
        rebuilt.clear()
        await pilot.press("enter", "enter")  # New game, then the deck's Start playing
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        policy = greedy_policy()
        while not screen.session.state.is_over:
            screen.play(policy(screen.session.state))
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen), "the end")
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen), "the title")
        await pilot.pause()
    assert rebuilt == ["menu"]


# Textual-free for real --------------------------------------------------------------


@pytest.mark.slow  # parses every module of the package
def test_the_controller_imports_no_textual_even_for_type_checking() -> None:
    """The controller and every module it reaches, counting imports under
    ``TYPE_CHECKING``, name neither Textual nor Rich: its types are its own (a
    :class:`ParSource`, not the TUI's par book)."""
    from import_graph import imported_names, modules, reachable

    known = modules()
    edges = {
        name: {t for t in imported_names(name, path, type_checking=True) if t in known}
        for name, path in known.items()
    }
    reached = reachable(edges, "palm_island.tui.controller")
    assert "palm_island.tui.controller.core" in reached
    heavy = sorted(
        f"{name}: {target}"
        for name in reached
        for target in imported_names(name, known[name], type_checking=True)
        if target.split(".")[0] in {"textual", "rich"}
    )
    assert heavy == []


@pytest.mark.slow  # a Python process importing the storage layer
def test_the_controllers_unit_tests_run_without_textual() -> None:
    """Importing the controller's tests (and so everything they use) loads neither
    Textual nor Rich: the rules between games are tested without a terminal."""
    script = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('controller_tests', "
        f"{str(TESTS / 'tui' / 'test_controller.py')!r})\n"
        "module = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(module)\n"
        "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'textual', 'rich'})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(TESTS)},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
