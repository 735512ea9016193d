"""Styles live in .tcss files (CSS_PATH), never inline; the ``--ascii`` rules name widget
types, never a screen, so a new screen is plain on an ASCII terminal with nothing added."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest
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


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
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


def app_css_paths() -> list[Path]:
    assert isinstance(PalmIslandApp.CSS_PATH, list)
    return [Path(path).resolve() for path in PalmIslandApp.CSS_PATH]


def test_the_app_loads_its_own_file_after_the_widgets_and_before_the_screens() -> None:
    """App rules beat a widget's on a specificity tie only when read after them; a
    screen's file was always read after the app's (when the screen first showed)."""
    paths = app_css_paths()
    own = [p.name for p in paths].index("palm_island.tcss")
    widget_files = {p.resolve() for p in TUI.glob("widgets/*.tcss")}
    assert widget_files and widget_files <= set(paths[:own])
    screen_files = {p for cls in tui_classes() for p in css_paths(cls) if issubclass(cls, Screen)}
    assert screen_files and {p.resolve() for p in screen_files} <= set(paths[own + 1 :])


def test_the_app_reads_every_screens_files_at_start_in_the_screens_order() -> None:
    """A screen whose file the app has not read makes Textual reparse the whole
    stylesheet and restyle every widget when it first shows (40 ms of CPU or more a
    screen): every screen's CSS_PATH is in the app's, in the order the screen lists
    them, so a new screen with a new file fails here until it is added."""
    paths = app_css_paths()
    screens = [cls for cls in tui_classes() if issubclass(cls, Screen) and css_paths(cls)]
    assert len(screens) > 15  # the walk found the screens
    for cls in screens:
        own = [p.resolve() for p in css_paths(cls)]
        missing = [str(p.relative_to(TUI)) for p in own if p not in paths]
        assert not missing, f"{cls.__name__}'s {missing} not in PalmIslandApp.CSS_PATH"
        places = [paths.index(p) for p in own]
        assert places == sorted(places), f"{cls.__name__} lists {own} in another order"


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
async def test_no_screen_makes_the_app_read_a_stylesheet_again(tmp_path: Path) -> None:
    """What the two tests above are for, seen from the app: after start, showing each
    screen reads no CSS source the app did not have."""
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        sources = set(app.stylesheet.source)
        await pilot.press("enter", "enter")  # the deck preview, then the game
        await pilot.press("question_mark")  # help
        await pilot.press("escape", "escape")  # the game left for the title
        await pilot.pause()
        added = [name for name, _ in set(app.stylesheet.source) - sources if name.endswith(".tcss")]
        assert not added, added


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
