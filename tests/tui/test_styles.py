"""Styles live in .tcss files (CSS_PATH), never inline; the ``--ascii`` rules name widget
types, never a screen, so a new screen is plain on an ASCII terminal with nothing added."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, OptionList

import palm_island.tui
from palm_island.tui.app import PalmIslandApp

from .store_helpers import opened, store_app

TUI = Path(palm_island.tui.__file__).parent


def tui_classes() -> list[type[DOMNode]]:
    """Every widget, screen and app class defined in a module of palm_island.tui."""
    found: list[type[DOMNode]] = []
    for info in pkgutil.walk_packages([str(TUI)], "palm_island.tui."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, DOMNode) and cls.__module__ == module.__name__:
                found.append(cls)
    return found


def css_paths(cls: type[DOMNode]) -> list[Path]:
    """The files ``cls.CSS_PATH`` names, resolved as Textual does (relative to the
    module that defines the class)."""
    named = getattr(cls, "CSS_PATH", None)
    if named is None:
        return []
    base = Path(inspect.getfile(cls)).parent
    return [base / path for path in (named if isinstance(named, list) else [named])]


def test_no_tui_class_defines_css_inline() -> None:
    classes = tui_classes()
    assert len(classes) > 30  # the walk found the screens and widgets
    inline = [
        f"{cls.__module__}.{cls.__name__}.{name}"
        for cls in classes
        for name in ("CSS", "DEFAULT_CSS")
        if cls.__dict__.get(name)
    ]
    assert not inline, inline


def test_every_tcss_file_is_loaded_and_every_css_path_exists() -> None:
    loaded = {path.resolve() for cls in tui_classes() for path in css_paths(cls)}
    missing = sorted(str(path) for path in loaded if not path.is_file())
    assert not missing, missing
    orphans = sorted(str(p.relative_to(TUI)) for p in TUI.rglob("*.tcss") if p not in loaded)
    assert not orphans, orphans


SELECTORS = re.compile(r"([^{}]*)\{[^}]*\}")


def test_ascii_rules_name_no_screen_of_ours() -> None:
    screens = {cls.__name__ for cls in tui_classes() if issubclass(cls, Screen)}
    assert {"GameScreen", "EndScreen", "SetupScreen"} <= screens
    ascii_selectors = [
        selector.strip()
        for path in TUI.rglob("*.tcss")
        for group in SELECTORS.findall(re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S))
        for selector in group.split(",")
        if "-ascii" in selector
    ]
    assert len(ascii_selectors) > 10
    naming = [s for s in ascii_selectors if set(re.findall(r"\w+", s)) & screens]
    assert not naming, naming


class NewPopUp(ModalScreen[None]):
    """A pop-up no rule knows by name, with the stock widgets that draw half blocks."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield OptionList("one", "two")
            yield Input("text")
            with Horizontal():
                yield Button("Yes", variant="primary")
                yield Button("No")


class NewScreen(Screen[None]):
    """A full screen no rule knows by name."""

    def compose(self) -> ComposeResult:
        yield Button("Go")
        yield OptionList("one")


HALF_BLOCKS = re.compile(r"[\u2580-\u259f\u2500-\u257f]")


async def test_a_new_screen_is_plain_on_an_ascii_terminal(tmp_path: Path) -> None:
    app = store_app(tmp_path, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for screen in (NewPopUp(), NewScreen()):
            await app.push_screen(screen)
            await pilot.pause()
            drawn = set(HALF_BLOCKS.findall(app.export_screenshot()))
            assert not drawn, (type(screen).__name__, drawn)
            assert any(b.styles.border_top[0] == "ascii" for b in screen.query(Button))
            app.pop_screen()
            await pilot.pause()


def test_the_app_loads_its_own_file_last() -> None:
    """App rules beat a widget's on a specificity tie only when read last."""
    assert isinstance(PalmIslandApp.CSS_PATH, list)
    assert Path(PalmIslandApp.CSS_PATH[-1]).name == "palm_island.tcss"


def test_every_css_path_is_absolute_so_a_subclass_elsewhere_finds_it() -> None:
    """Textual resolves a relative CSS_PATH against the module of the class being
    styled, so a subclass in another module (the start-up benchmark's app, the
    watch screen) would look for the file beside itself and fail to start."""
    relative = [
        f"{cls.__module__}.{cls.__name__}: {path}"
        for cls in tui_classes()
        if "CSS_PATH" in vars(cls)
        for path in (
            vars(cls)["CSS_PATH"]
            if isinstance(vars(cls)["CSS_PATH"], list)
            else [vars(cls)["CSS_PATH"]]
        )
        if not Path(path).is_absolute()
    ]
    assert not relative, relative
