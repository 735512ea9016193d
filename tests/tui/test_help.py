"""The help lists every key of every screen (its tables are built from BINDINGS; these
tests fail when a screen or an action is left out), and --ascii help is plain ASCII."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest
from textual.dom import DOMNode

import palm_island.tui
from palm_island.tui.glyphs import ASCII, UNICODE
from palm_island.tui.screens.help import help_text
from palm_island.tui.screens.help_keys import (
    SECTIONS,
    Section,
    game_bindings,
    listed,
    matches,
    own_bindings,
    screen_class,
    section_items,
    shown,
)

TUI = Path(palm_island.tui.__file__).parent

NOT_IN_HELP = {
    "AskScreen": "a question: its buttons name its keys",
    "InputScreen": "a text box: its footer names its one key",
    "ConfirmQuitScreen": "a question: its buttons name its keys",
    "DamagedScreen": "a damaged file: its buttons name its keys",
    "HeldElsewhereScreen": "a file held by another window: its buttons name its keys",
    "WatchScreen": "watching another window's game: its footer names its one key",
    "HelpScreen": "the help itself: its title says esc closes it",
}
"""Pop-ups and screens whose own keys are on them, so the help need not list them."""


def classes_with_keys() -> dict[str, type[DOMNode]]:
    """Every widget, screen and app class of palm_island.tui that declares BINDINGS."""
    found: dict[str, type[DOMNode]] = {}
    for info in pkgutil.walk_packages([str(TUI)], "palm_island.tui."):
        module = importlib.import_module(info.name)
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if not issubclass(cls, DOMNode) or cls.__module__ != module.__name__:
                continue
            if own_bindings(cls):
                found[name] = cls
    return found


def key_tokens(column: str) -> set[str]:
    """The keys a key column names: ``1 2, arrows, j k l`` -> 1 2 left right up down j k l."""
    tokens: set[str] = set()
    for word in re.split(r",\s|;\s|\sor\s|\s", column.strip()):
        if word == "arrows":
            tokens |= {"left", "right", "up", "down"}
        elif re.fullmatch(r"\d-\d", word):
            tokens |= {str(n) for n in range(int(word[0]), int(word[2]) + 1)}
        elif word:
            tokens.add(word)
    return tokens


def game_key_columns(text: str) -> set[str]:
    """The keys in the key column of the help's game table, as drawn."""
    table = text.split("[b]Keys[/b]\n", 1)[1].split("\nThe mouse", 1)[0]
    keys: set[str] = set()
    for line in table.splitlines():
        column = line[:24] if len(line) > 24 and line[23] == " " else line
        keys |= key_tokens(column)
    return keys


def test_every_game_and_app_key_is_in_the_help_table() -> None:
    drawn = game_key_columns(help_text(UNICODE))
    bound = {shown(k.strip()) for b in game_bindings() for k in b.key.split(",")}
    assert len(bound) > 20
    missing = bound - drawn
    assert not missing, f"game keys missing from the help: {sorted(missing)}"


def test_every_screen_with_keys_has_a_help_section() -> None:
    covered = {"GameScreen", "PalmIslandApp"} | set(NOT_IN_HELP)
    covered |= {section.screen.rsplit(".", 1)[1] for section in SECTIONS}
    uncovered = set(classes_with_keys()) - covered
    assert not uncovered, f"screens with keys the help does not list: {sorted(uncovered)}"


@pytest.mark.parametrize("section", SECTIONS, ids=lambda s: s.label)
def test_each_section_names_every_key_of_its_screen(section: Section) -> None:
    text = " ".join(help_text(UNICODE).split())
    bound = {
        shown(k.strip())
        for b in own_bindings(screen_class(section.screen))
        for k in b.key.split(",")
    }
    listed_keys: set[str] = set()
    for keys, words in section_items(section):
        assert f"{listed(keys)} {words}" in text
        listed_keys |= set(keys)
    assert bound <= listed_keys, sorted(bound - listed_keys)
    stale = [
        spec
        for spec in section.words
        if not any(matches(spec, b.action) for b in own_bindings(screen_class(section.screen)))
    ]
    assert not stale, f"{section.label}: words for actions no longer bound: {stale}"


def test_ascii_help_is_plain_ascii() -> None:
    text = help_text(ASCII)
    assert text.isascii(), sorted({c for c in text if not c.isascii()})
    assert "180 degrees" in text


async def test_ascii_terminals_get_ascii_notices_and_titles() -> None:
    from palm_island.tui.app import AppConfig, make_app
    from palm_island.tui.screens.too_small import TooSmallScreen

    app = make_app(AppConfig(seed=7, ascii_only=True, start_in_game=True, compute_par=False))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TooSmallScreen)
        message = screen.notice_text()
        assert message.isascii() and "needs at least 80x24" in message
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        await pilot.press("p")  # peek
        await pilot.pause()
        title = app.screen.query_one("VerticalScroll").border_title
        assert title is not None and str(title).isascii()
