"""A browser set to Spanish (Chromium's locale: its ``navigator.languages`` and
``Accept-Language``) gets the page in Spanish and a game started with
``--lang es``, whatever the server's own environment says. In Debian's headless
Chromium; skipped with one line where it is missing, failed instead in CI."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from .browsing import chromium, open_page
from .served import (
    SCREEN_JS,
    Served,
    child_pids,
    serving,
    wait_for,
    wait_for_screen,
    wait_until_ended,
)

pytestmark = pytest.mark.slow


def test_a_spanish_browser_gets_a_spanish_page_and_game() -> None:
    with (
        tempfile.TemporaryDirectory() as scratch,
        serving(Path(scratch) / "data") as served,
        chromium() as browser,
    ):
        page, errors = open_page(browser, served, locale="es-ES")
        wait_for(page, f"() => ({SCREEN_JS})()?.trim().length > 0", what="the game's screen")
        assert page.evaluate("document.documentElement.lang") == "es"
        assert page.inner_text("#play-again") == "Jugar otra vez"
        commands = [
            Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            for pid in child_pids(served.process.pid)
        ]
        assert len(commands) == 1, commands
        assert commands[0][commands[0].index(b"--lang") :][:3] == [b"--lang", b"es", b"play"]
        assert not errors, errors
        page.context.close()


def game_languages(served: Served) -> list[bytes]:
    """The ``--lang`` of each running game of the server (``en``: none given)."""
    found: list[bytes] = []
    for pid in child_pids(served.process.pid):
        command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        found.append(command[command.index(b"--lang") + 1] if b"--lang" in command else b"en")
    return found


def test_the_player_s_choice_comes_before_the_browser_s_and_is_kept() -> None:
    """An English browser opened with ``?lang=es`` gets a Spanish page and game; a
    load without it keeps Spanish (the page's cookie); choosing English in the
    game's palette asks the page to keep English, and the next load is English."""
    with (
        tempfile.TemporaryDirectory() as scratch,
        serving(Path(scratch) / "data") as served,
        chromium() as browser,
    ):
        page, errors = open_page(browser, served, "expose-terminal&lang=es", locale="en-US")
        wait_for(page, f"() => ({SCREEN_JS})()?.trim().length > 0", what="the game's screen")
        assert page.evaluate("document.documentElement.lang") == "es"
        assert game_languages(served) == [b"es"]
        first = child_pids(served.process.pid)
        page.goto(served.page("expose-terminal"))  # a new load: the choice is kept
        wait_for(page, f"() => ({SCREEN_JS})()?.trim().length > 0", what="the game again")
        assert page.evaluate("document.documentElement.lang") == "es"
        assert wait_until_ended(first, 30) == []
        assert game_languages(served) == [b"es"]
        wait_for(page, "() => document.cookie.includes('palm-island-language=es')", what="es")
        page.keyboard.press("Control+p")
        wait_for_screen(page, "Buscar órdenes")  # the palette, in Spanish
        page.keyboard.type("English")
        wait_for_screen(page, "Idioma: English")  # the entry, in Spanish
        page.keyboard.press("Enter")
        wait_for(page, "() => document.cookie.includes('palm-island-language=en')", what="en")
        second = child_pids(served.process.pid)
        page.reload()  # the key kept for the tab
        wait_for(page, f"() => ({SCREEN_JS})()?.trim().length > 0", what="the game once more")
        assert page.evaluate("document.documentElement.lang") == "en"
        assert wait_until_ended(second, 30) == []
        assert game_languages(served) == [b"en"]
        assert not errors, errors
        page.context.close()
