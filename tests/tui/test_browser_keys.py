"""Keys a browser keeps for itself (``palm-island serve``): every action of ours bound
to one of them has another key too, on every screen, widget and the app."""

from __future__ import annotations

import importlib
import pkgutil
from collections import defaultdict
from pathlib import Path

import pytest
from textual.binding import Binding, BindingType
from textual.dom import DOMNode

import palm_island.tui
from palm_island.tui.app import PalmIslandApp
from palm_island.tui.screens.game import GameScreen

from .store_helpers import new_saved_game, opened, store_app

BROWSER_KEYS = frozenset(
    {
        "ctrl+w",  # close the tab
        "ctrl+n",  # new window
        "ctrl+t",  # new tab
        "ctrl+r",  # reload the page (some browsers)
        "ctrl+q",  # quit the browser (some browsers)
        "ctrl+shift+w",
        "ctrl+shift+n",
        "ctrl+shift+t",
        "ctrl+tab",
        "ctrl+shift+tab",
        "ctrl+pageup",
        "ctrl+pagedown",
        "f5",
        "f11",
    }
)


def keys_by_action(bindings: list[BindingType]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = defaultdict(set)
    for binding in bindings:
        key, action = (binding.key, binding.action) if isinstance(binding, Binding) else binding[:2]
        found[action] |= {k.strip() for k in key.split(",")}
    return found


def our_classes_with_bindings() -> list[type[DOMNode]]:
    """Every app, screen and widget class in ``palm_island.tui`` with keys of its own."""
    for module in pkgutil.walk_packages(palm_island.tui.__path__, "palm_island.tui."):
        importlib.import_module(module.name)
    found: list[type[DOMNode]] = []
    pending: list[type[DOMNode]] = [DOMNode]
    while pending:
        cls = pending.pop()
        pending += cls.__subclasses__()
        if cls.__module__.startswith("palm_island.") and "BINDINGS" in vars(cls):
            found.append(cls)
    return found


def test_the_enumeration_sees_the_app_and_the_game_screen() -> None:
    classes = our_classes_with_bindings()
    assert PalmIslandApp in classes and GameScreen in classes and len(classes) >= 10


def test_every_action_on_a_browser_key_has_another_key() -> None:
    stranded = []
    for cls in our_classes_with_bindings():
        for action, keys in keys_by_action(vars(cls)["BINDINGS"]).items():
            if keys & BROWSER_KEYS and not keys - BROWSER_KEYS:
                stranded.append(f"{cls.__name__}: {action} ({', '.join(sorted(keys))})")
    assert not stranded


@pytest.mark.slow
async def test_shift_u_redoes_like_ctrl_r(tmp_path: Path) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await new_saved_game(pilot)
        assert app.controller.session is not None
        await pilot.press("d")
        played = app.controller.session.state
        await pilot.press("u")
        assert app.controller.session.state != played
        await pilot.press("U")
        assert app.controller.session.state == played
