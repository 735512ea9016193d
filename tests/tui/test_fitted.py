"""Every screen of the game composes with its breakpoint classes already set
(:class:`palm_island.tui.fitted.Fitted`), so its first resize restyles nothing."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from functools import partial
from typing import Any

import pytest
from textual.app import App
from textual.dom import DOMNode
from textual.geometry import Size
from textual.screen import Screen

import palm_island.tui
from check_budget import first_in_check
from palm_island.tui import layout
from palm_island.tui.fitted import Fitted
from palm_island.tui.layout import breakpoint_classes
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.title import TitleScreen

from .helpers import app_for, keys_settled, wait_until


class Breakpoints(App[None]):
    """Textual's own choice of breakpoint classes, on a stock screen."""

    HORIZONTAL_BREAKPOINTS = layout.HORIZONTAL_BREAKPOINTS
    VERTICAL_BREAKPOINTS = layout.VERTICAL_BREAKPOINTS


@pytest.mark.parametrize(
    "size", [(44, 40), (60, 30), (79, 43), (80, 24), (89, 44), (90, 50), (120, 20)]
)
async def test_breakpoint_classes_are_the_ones_textual_gives_a_screen_of_that_size(
    size: tuple[int, int],
) -> None:
    app = Breakpoints()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        names = {name for _, name in layout.HORIZONTAL_BREAKPOINTS + layout.VERTICAL_BREAKPOINTS}
        given = {name for name in names if app.screen.has_class(name)}
        expected = {name for name, present in breakpoint_classes(Size(*size)).items() if present}
        assert given == expected and len(given) == 2


def shows(app: App[Any], name: str) -> bool:
    return type(app.screen).__name__ == name


def screens_of_the_game() -> list[type[Screen[Any]]]:
    """Every screen class defined in ``palm_island.tui`` (its modules imported)."""
    for module in pkgutil.walk_packages(palm_island.tui.__path__, "palm_island.tui."):
        importlib.import_module(module.name)
    found: list[type[Screen[Any]]] = []
    pending: list[type[Screen[Any]]] = [Screen]
    while pending:
        for subclass in pending.pop().__subclasses__():
            pending.append(subclass)
            if subclass.__module__.startswith("palm_island.tui.") and inspect.isclass(subclass):
                found.append(subclass)
    return found


def test_every_screen_of_the_game_is_fitted() -> None:
    screens = screens_of_the_game()
    assert TitleScreen in screens and GameScreen in screens and len(screens) >= 20
    unfitted = sorted(s.__qualname__ for s in screens if not issubclass(s, Fitted))
    assert unfitted == []
    # Not a widget class: a screen's CSS comes from its first base that is one.
    assert not issubclass(Fitted, DOMNode)


@pytest.mark.skipif(
    not hasattr(DOMNode, "update_classes"),
    reason="Textual before 8.2.4 sets a screen's breakpoint classes on every resize by "
    "removing and adding them (each a restyle) whatever they were: nothing to save there",
)
@pytest.mark.parametrize("size", first_in_check([(100, 32), (48, 44)], spread=False))
async def test_no_screen_changes_its_layout_classes_on_its_first_resize(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """Title, the deck preview, the game, help and back: no screen
    of the game gains or loses a class when it is first sized; a real resize still
    moves every screen to its new layout."""
    changed: list[str] = []
    stock = DOMNode.update_classes

    def recording(node: DOMNode, classes: Any, update: bool = True, animate: bool = True) -> Any:
        before = set(node.classes)
        result = stock(node, classes, update, animate)
        if isinstance(node, Fitted) and set(node.classes) != before:
            changed.append(f"{type(node).__name__}: {sorted(before ^ set(node.classes))}")
        return result

    monkeypatch.setattr(DOMNode, "update_classes", recording)
    app = app_for(3)
    async with app.run_test(size=size) as pilot:
        await keys_settled(pilot)
        for key, screen in (
            ("enter", "PreviewScreen"),
            ("enter", "GameScreen"),
            ("question_mark", "HelpScreen"),
            ("escape", "GameScreen"),
        ):
            await pilot.press(key)
            await wait_until(pilot, partial(shows, app, screen), screen)
            await keys_settled(pilot)
        assert changed == []
        wide = size[0] < 80
        await pilot.resize_terminal(100 if wide else 48, 44)
        await keys_settled(pilot)
        assert changed, "a resize across a breakpoint changes the screens' classes"
        assert app.screen.has_class("-wide" if wide else "-narrow")
