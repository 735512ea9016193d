"""Textual's own words in the player's language (tui/textual_words.py): every
system command Textual yields has its English listed for the catalog, and the
game's palette shows them, its own commands and its prompt translated."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.app import App, ComposeResult, SystemCommand
from textual.command import CommandInput, CommandList
from textual.pilot import Pilot
from textual.widgets import HelpPanel, TextArea

from palm_island.i18n import LOCALE_DIR, active_language, speaking
from palm_island.storage.folder_identity import folder_id
from palm_island.tui.commands import GAME_COMMANDS, TITLE_COMMANDS
from palm_island.tui.textual_words import SYSTEM_WORDS

from .helpers import app_for, palette_shows, wait_until
from .store_helpers import opened, store_app


class Bare(App[None]):
    def compose(self) -> ComposeResult:
        yield TextArea()


def words_of(commands: Iterator[SystemCommand] | list[SystemCommand]) -> set[str]:
    return {word for command in commands for word in (command.title, command.help)}


async def test_every_system_command_textual_yields_is_listed() -> None:
    """Textual's commands in each state that changes them: a focused widget
    (Maximize), a maximized one (Minimize), the keys panel shown (Keys' other help)."""
    app = Bare()
    found: set[str] = set()
    async with app.run_test() as pilot:
        await pilot.pause()
        found |= words_of(list(App.get_system_commands(app, app.screen)))
        app.screen.action_maximize()
        await pilot.pause()
        found |= words_of(list(App.get_system_commands(app, app.screen)))
        app.screen.action_minimize()
        app.action_show_help_panel()
        await wait_until(pilot, lambda: bool(app.screen.query(HelpPanel)), "the keys panel")
        found |= words_of(list(App.get_system_commands(app, app.screen)))
    assert {"Maximize", "Minimize", "Hide the keys and widget help panel"} <= found
    assert found - SYSTEM_WORDS == set(), "Textual commands without their English listed"


async def palette(language: str) -> tuple[str, list[str]]:
    """The palette's prompt and its listed commands (titles and help) on the title."""
    app = app_for(7)
    with speaking(language):
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.press("ctrl+p")
            await wait_until(
                pilot,
                lambda: any(listed.option_count for listed in app.screen.query(CommandList)),
                "the palette's commands",
            )
            listed = app.screen.query_one(CommandList)
            prompt = str(app.screen.query_one(CommandInput).placeholder)
            shown = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
            await pilot.press("escape")
            app.action_change_theme()
            await wait_until(pilot, lambda: bool(app.screen.query(CommandInput)), "the themes")
            themes = str(app.screen.query_one(CommandInput).placeholder)
    return prompt, [themes, *shown]


@pytest.mark.slow
async def test_the_palette_speaks_spanish() -> None:
    prompt, shown = await palette("es")
    assert prompt == "Buscar órdenes…"
    assert shown[0] == "Buscar temas…"
    text = "\n".join(shown)
    for spanish in ("Tema", "Salir", "Teclas", "Partida nueva", "Reparto del día", "Ayuda"):
        assert spanish in text, (spanish, text)


@pytest.mark.slow
async def test_the_palette_holds_no_unmarked_english() -> None:
    """Under the pseudo-language every title and help shown is bracketed."""
    assert (LOCALE_DIR / "xx" / "LC_MESSAGES" / "palm_island.mo").is_file(), "run make catalogs"
    prompt, shown = await palette("xx")
    for line in [prompt, *shown]:
        for part in line.split("\n"):
            assert part.startswith("⟦") and part.rstrip().endswith("⟧"), part
    assert len(TITLE_COMMANDS) + len(GAME_COMMANDS) > 0


async def choose_spanish_in_the_palette(pilot: Pilot[None]) -> None:
    """Once the campaign is open: ``ctrl+p``, the "Language: Español" entry, enter."""
    await opened(pilot)
    await pilot.press("ctrl+p", *"Español")
    await palette_shows(pilot, "Language: Español")
    await pilot.press("enter")
    await wait_until(pilot, lambda: active_language() == "es", "Spanish")


@pytest.mark.slow
async def test_the_palette_s_language_entry_keeps_and_speaks_it(tmp_path: Path) -> None:
    app = store_app(tmp_path)
    with speaking("en"):  # whatever the entry activates is undone after the test
        async with app.run_test(size=(100, 32)) as pilot:
            await choose_spanish_in_the_palette(pilot)
            await pilot.press("ctrl+p")
            await wait_until(
                pilot, lambda: bool(app.screen.query(CommandInput)), "the palette again"
            )
            assert app.screen.query_one(CommandInput).placeholder == "Buscar órdenes…"
    kept = json.loads((tmp_path / "settings.json").read_text())
    assert kept["language"] == "es"


@pytest.mark.slow
async def test_a_served_tab_s_language_entry_asks_its_page_to_keep_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a browser tab the choice is kept by the page (a cookie the server reads
    for the tab's next games), never in the data folder's settings, which are the
    server owner's: the game asks its page with its own address and ``#lang=``."""
    app = store_app(tmp_path, served_folder=folder_id(tmp_path))
    asked: list[tuple[str, bool]] = []
    monkeypatch.setattr(app, "open_url", lambda url, *, new_tab=True: asked.append((url, new_tab)))
    with speaking("en"):
        async with app.run_test(size=(100, 32)) as pilot:
            await choose_spanish_in_the_palette(pilot)
    assert asked == [("#lang=es", False)]
    settings = tmp_path / "settings.json"
    assert not settings.exists() or "language" not in json.loads(settings.read_text())
