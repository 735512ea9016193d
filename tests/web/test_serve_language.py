"""A browser set to Spanish (Chromium's locale: its ``navigator.languages`` and
``Accept-Language``) gets the page in Spanish and a game started with
``--lang es``, whatever the server's own environment says. In Debian's headless
Chromium; skipped with one line where it is missing, failed instead in CI."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from .browsing import chromium, open_page
from .served import SCREEN_JS, child_pids, serving, wait_for

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
