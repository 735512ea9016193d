"""Every dialog shows its message as lines: never ``\\x0a`` on screen (issue 22, 1),
and every key its text names in brackets, ``Back (esc)``, works as soon as it opens
(issue 38, 8: a key only a focused part hears must say how to get there).

The dialogs are enumerated from ``palm_island.tui.screens``: a new ``ModalScreen``
without an entry in :data:`DIALOGS` fails here, so it cannot ship unchecked.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.screen import ModalScreen
from textual.widgets import Button

import palm_island.tui.screens as screens_package
from check_budget import first_in_check
from palm_island.engine import observe
from palm_island.storage.errors import LoadError
from palm_island.tui.app import PalmIslandApp
from palm_island.tui.plain import plain_lines
from palm_island.tui.screens.ask import AskScreen, InputScreen
from palm_island.tui.screens.confirm import ConfirmQuitScreen
from palm_island.tui.screens.damaged import DamagedScreen
from palm_island.tui.screens.help import HelpScreen
from palm_island.tui.screens.peek import PeekScreen
from palm_island.tui.screens.setup import SetupScreen

from .store_helpers import opened, store_app
from .test_newcomer import screen_text, shot_text

Dialog = Callable[[PalmIslandApp], tuple[ModalScreen[Any], list[str]]]
"""Builds the dialog in an app; returns it with lines its message must show, in order."""


def _peek(app: PalmIslandApp) -> tuple[ModalScreen[Any], list[str]]:
    from palm_island.session import GameSession

    view = observe(GameSession.from_seed(app.controller.catalog, 7).state).top[0]
    return PeekScreen(view, app.controller.glyphs), []


DIALOGS: dict[str, Dialog] = {
    "AskScreen": lambda app: (
        AskScreen("Delete campaign [b]My island[/b]?\nIts games are removed.", "Delete"),
        ["Delete campaign [b]My island[/b]?", "Its games are removed."],
    ),
    "InputScreen": lambda app: (
        InputScreen("Import a game:\npath of the record file"),
        ["Import a game:", "path of the record file"],
    ),
    "DamagedScreen": lambda app: (
        DamagedScreen(app.controller, LoadError("db_damaged", "campaign.db", "bad page")),
        ["Campaign file is damaged", "", "bad page"],
    ),
    "ConfirmQuitScreen": lambda app: (
        ConfirmQuitScreen(saved=True),
        ["Quit Palm Island?", "Your game is saved: Continue on the title picks it up."],
    ),
    "HelpScreen": lambda app: (HelpScreen(app.controller), []),
    "PeekScreen": _peek,
    "SetupScreen": lambda app: (SetupScreen(app.controller), []),
}


KEY_IN_BRACKETS = re.compile(r"\((esc|enter|space|[a-z0-9?])\)")
"""A key a dialog names for one thing: ``Start (enter)``, ``easy (e)``."""
KEY_NAMES = {"esc": "escape"}


def assert_named_keys_work(dialog: ModalScreen[Any]) -> None:
    """Each key named in brackets is bound, enabled, where the dialog opens: by the
    dialog or the app, or by the focused button that names it (enter presses it)."""
    labels = [str(button.label) for button in dialog.query(Button)]
    named = set(KEY_IN_BRACKETS.findall("\n".join([screen_text(dialog), *labels])))
    active = dialog.active_bindings
    focused = dialog.focused
    for key in named:
        binding = active.get(KEY_NAMES.get(key, key))
        assert binding is not None and binding.enabled, f"({key}) does nothing here"
        owner = binding.node
        label = str(getattr(owner, "label", ""))
        assert (
            owner is dialog or owner is dialog.app or (owner is focused and f"({key})" in label)
        ), f"({key}) is taken by {owner!r} where the dialog opens"


def modal_classes() -> set[str]:
    """Every ModalScreen subclass defined in the screens package."""
    found = set()
    for module_info in pkgutil.iter_modules(screens_package.__path__):
        module = importlib.import_module(f"{screens_package.__name__}.{module_info.name}")
        for name, obj in inspect.getmembers(module, inspect.isclass):
            if issubclass(obj, ModalScreen) and obj.__module__ == module.__name__:
                found.add(name)
    return found


def test_every_dialog_is_checked_for_its_line_breaks() -> None:
    assert modal_classes() == set(DIALOGS)


def test_plain_lines_keeps_breaks_and_escapes_the_rest() -> None:
    text = plain_lines("[b]Ana[/b]\x1b]0;x\x07\nline\r2\u202e")
    assert text.plain == "[b]Ana[/b]\\x1b]0;x\\x07\nline\\x0d2\\u202e"
    assert not text.spans  # never parsed as markup


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
@pytest.mark.parametrize("name", first_in_check(sorted(DIALOGS), keep=3))
async def test_a_dialog_shows_its_message_as_lines(name: str, tmp_path: Path) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        dialog, lines = DIALOGS[name](app)
        await app.push_screen(dialog)
        await pilot.pause()
        assert app.screen is dialog
        shown = screen_text(dialog)
        assert "\\x0a" not in shown and "\\x0a" not in shot_text(app)
        if lines:
            assert "\n".join(lines) in shown
        assert_named_keys_work(dialog)
