"""The pseudo-language walk of the menus and what frames every screen (issue 48):
under ``xx`` every translated string is bracketed ⟦…⟧, so a plain English word left
on the title, the campaign list, the deck preview, the new-game dialog, the help's
key tables, the too-small notice, the phone's touch keys or the held-game notice is
a string that slipped through. Each screen is opened as a player opens it (keys
through Pilot). Keys, card codes, the campaign's name (the player's) and a
language's own name (never translated: a player finds their own) are not words."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.containers import Vertical
from textual.widgets import Button

from palm_island.i18n import LOCALE_DIR, active_language, available_languages, speaking
from palm_island.tui.app import PalmIslandApp
from palm_island.tui.holding import HeldElsewhereScreen
from palm_island.tui.language_choice import own_name
from palm_island.tui.screens.campaign import CampaignScreen
from palm_island.tui.screens.help import HelpScreen
from palm_island.tui.screens.help_keys import (
    SECTIONS,
    game_bindings,
    game_table,
    own_bindings,
    screen_class,
    sections_text,
)
from palm_island.tui.screens.preview import PreviewScreen
from palm_island.tui.screens.setup import SetupScreen
from palm_island.tui.screens.title import TitleScreen
from palm_island.tui.screens.too_small import TooSmallScreen
from palm_island.tui.widgets.entries import Entries
from storage_helpers import hold_for

from .helpers import app_for, wait_until
from .store_helpers import opened, store_app
from .test_one_window import left_game
from .test_pseudo_screens import region_text, unmarked

pytestmark = pytest.mark.slow


def key_words() -> set[str]:
    """The words that name keys (``ctrl``, ``escape``, ``enter``, ``tab``): the same in
    every language, so the help and the key bars show them as they are."""
    keys = {"esc", "enter", "tab", "shift", "backspace", "space"}
    bindings = [*game_bindings()]
    for section in SECTIONS:
        bindings += own_bindings(screen_class(section.screen))
    for binding in bindings:
        keys |= set(re.findall(r"[A-Za-z]{2,}", f"{binding.key} {binding.key_display or ''}"))
    return keys


def english(text: str, *, data: tuple[str, ...] = ()) -> list[str]:
    """The English words of ``text`` outside the brackets, but keys and ``data``."""
    for part in (*data, *map(own_name, available_languages())):
        text = text.replace(part, "")
    keys = key_words()
    return [word for word in unmarked(text) if word not in keys]


def must_be_translated(parts: dict[str, str], *, data: tuple[str, ...] = ()) -> None:
    found = [f"{part}: {word}" for part, text in parts.items() for word in english(text, data=data)]
    assert found == [], (found, parts)
    assert all("⟦" in text for text in parts.values()), parts


def box_text(app: App[Any], selector: str = "#title-box") -> str:
    return region_text(app, app.screen.query_one(selector))


def catalog_ready() -> None:
    assert (LOCALE_DIR / "xx" / "LC_MESSAGES" / "palm_island.mo").is_file(), "run make catalogs"


async def test_the_title_and_the_deck_preview_without_a_campaign() -> None:
    """A quick game's title (the seed cleared: its placeholder shows), then the deck
    preview of a new game and the notice of a terminal too small."""
    catalog_ready()
    app = app_for(7)
    with speaking("xx"):
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.press("backspace")  # the seed field empty: "random"
            parts = {"title": box_text(app)}
            await pilot.press("n")
            await wait_until(pilot, lambda: isinstance(app.screen, PreviewScreen), "the preview")
            parts["preview's heading"] = box_text(app, "#heading")
            parts["preview's deck"] = box_text(app, "#deck")
            parts["preview's button"] = str(app.screen.query_one("#start", Button).label)
            await pilot.resize_terminal(40, 20)
            await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen), "the notice")
            await pilot.pause()
            parts["too small"] = box_text(app, "#too-small")
    must_be_translated(parts)


async def test_the_title_campaigns_and_the_new_game_dialog(tmp_path: Path) -> None:
    """A campaign's title, its campaign list, then the new-game dialog."""
    catalog_ready()
    app = store_app(tmp_path)
    with speaking("xx"):
        async with app.run_test(size=(100, 32)) as pilot:
            await opened(pilot)
            name = app.controller.campaign_name or ""
            parts = {"title": box_text(app)}
            title = app.screen
            await pilot.press("m")
            await wait_until(pilot, lambda: isinstance(app.screen, CampaignScreen), "campaigns")
            await pilot.pause()
            parts["campaigns"] = region_text(app, app.screen.query_one(Vertical))
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.screen is title, "the title again")
            await pilot.press("n")
            await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen), "the dialog")
            await pilot.pause()
            parts["new game"] = region_text(app, app.screen.query_one(Vertical))
    must_be_translated(parts, data=(name,))


async def test_the_help_s_key_tables() -> None:
    """The whole help, its key tables included (keys stay as they are)."""
    catalog_ready()
    app = app_for(7)
    with speaking("xx"):
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.press("question_mark")
            await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
            text = app.screen.query_one(Entries).text.plain
            tables = {"game's keys": game_table(), "other screens' keys": sections_text()}
    assert all(table in text for table in tables.values())  # as the help shows them
    # the help's template brackets all of it: the tables are checked on their own
    assert "ctrl+" in tables["game's keys"]  # the keys are there, as they are
    must_be_translated({"help": text, **tables})


async def test_the_notice_of_a_game_held_by_another_window(tmp_path: Path) -> None:
    catalog_ready()
    game_id = left_game(tmp_path, 2)
    other = subprocess.Popen(["sleep", "120"])
    try:
        hold_for(tmp_path, game_id, other.pid)
        app = store_app(tmp_path)
        with speaking("xx"):
            async with app.run_test(size=(100, 32)) as pilot:
                await opened(pilot)
                await pilot.press("o")  # Continue: the game is open in the other window
                await wait_until(
                    pilot, lambda: isinstance(app.screen, HeldElsewhereScreen), "the notice"
                )
                await pilot.pause()
                parts = {"held": region_text(app, app.screen.query_one(Vertical))}
                host = app.screen.holder.host if isinstance(app.screen, HeldElsewhereScreen) else ""
    finally:
        other.kill()
        other.wait()
    must_be_translated(parts, data=(host,))


TOUCH_SCRIPT = """
import asyncio, json, sys
from palm_island.i18n import activate
activate("xx")  # as the command line does: before the screens are imported
from palm_island.tui.app import AppConfig, make_app
from palm_island.tui.widgets.touch_keys import TouchKeys

async def walk():
    app = make_app(AppConfig(seed=7, compute_par=False, touch=True))
    seen = {}
    async with app.run_test(size=(55, 60)) as pilot:
        for name, key in (("title", None), ("preview", "enter"), ("game", "enter")):
            if key:
                before = app.screen
                await pilot.press(key)
                for _ in range(200):
                    if app.screen is not before:
                        break
                    await pilot.pause()
            bar = app.screen.query_one(TouchKeys)
            for _ in range(200):
                if bar.keys:
                    break
                await pilot.pause()
            seen[name] = [(key.label.split(" ", 1)[0], key.label) for key in bar.keys]
    json.dump(seen, sys.stdout)

asyncio.run(walk())
"""


def test_the_phone_s_touch_keys() -> None:
    """The compact layout's tap-target key bar, on a touch screen's page, of the
    title, the deck preview and the game; the language chosen first, as the command
    line chooses it (the labels come from the screens' key bindings)."""
    catalog_ready()
    out = subprocess.run(
        [sys.executable, "-c", TOUCH_SCRIPT], capture_output=True, text=True, check=True
    ).stdout
    seen: dict[str, list[list[str]]] = json.loads(out)
    parts = {}
    for screen, keys in seen.items():
        assert keys, screen
        for key, label in keys:
            parts[f"{screen} {key}"] = label.removeprefix(key)
    must_be_translated(parts)


def test_the_walk_finds_english_outside_the_brackets() -> None:
    assert english("⟦Ŝţåŕţ⟧ enter Start ctrl+z") == ["Start"]


async def test_a_language_chosen_on_the_title_speaks_and_is_kept(tmp_path: Path) -> None:
    """``l`` on the title (or its button) chooses the next language: the title is in it
    at once, settings.json keeps it, and the next start reads it."""
    from palm_island.cli import saved_language
    from palm_island.i18n import choose

    app = store_app(tmp_path)
    assert isinstance(app, PalmIslandApp)
    with speaking("en"):  # what the choice activates is undone after the test
        async with app.run_test(size=(100, 32)) as pilot:
            await opened(pilot)
            assert "New game" in box_text(app)
            await pilot.press("4", "2")  # a seed typed: the new language keeps it
            for _language in available_languages():  # each press the next one
                if active_language() == "es":
                    break
                await pilot.press("l")
                await wait_until(pilot, lambda: bool(app.screen.query("#language")), "title")
            assert active_language() == "es"
            await wait_until(pilot, lambda: "Partida nueva" in box_text(app), "Spanish")
            text = box_text(app)
            assert "Español" in text and "Idioma" in text and "New game" not in text, text
            title = app.screen
            assert isinstance(title, TitleScreen) and title.seed_text == "42"
            await pilot.press("n")  # what comes next is Spanish too
            await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen), "the dialog")
            await pilot.pause()
            assert "Partida nueva en" in region_text(app, app.screen.query_one(Vertical))
    kept = json.loads((tmp_path / "settings.json").read_text())
    assert kept["language"] == "es"
    saved = saved_language(["--data-dir", str(tmp_path), "play"])
    assert saved == "es" and choose(None, saved, environ={}) == "es"
