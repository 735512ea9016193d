"""``palm-island serve`` played in a real browser (Debian's headless Chromium).

Skipped with one line where the browser is missing; failed instead in CI
(``CI=true``), which must run it. Marked slow: ``make test`` and CI run it, the
developer's ``make check`` does not.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from palm_island.storage.service import Store

from .served import (
    child_pids,
    click_text,
    need_browser,
    screen_text,
    serving,
    wait_for_key_bar,
    wait_for_screen,
    wait_until_ended,
)

pytestmark = pytest.mark.slow

TITLE = "P A L M   I S L A N D"


def turn_on(screen: str) -> int:
    """The turn the status bar shows."""
    found = re.search(r"Round \d+ of 8 · Turn (\d+)", screen)
    assert found, screen
    return int(found.group(1))


def test_a_game_played_in_the_browser_is_saved_and_the_page_asks_nothing_of_other_hosts(
    tmp_path: Path,
) -> None:
    browser = need_browser()
    from playwright.sync_api import sync_playwright

    data_dir = tmp_path / "data"
    with serving(data_dir) as served, sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=browser)
        page = chromium.new_page(viewport={"width": 1280, "height": 800})
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.on("websocket", lambda socket: asked.append(socket.url))
        page.goto(served.page("expose-terminal"))
        assert page.title() == "Palm Island"
        icon = page.locator("link[rel=icon]").get_attribute("href") or ""
        assert icon.startswith("data:image/svg+xml,")
        screen = wait_for_screen(page, TITLE)
        assert "New game" in screen and "My island" in screen
        loaded = "[...document.fonts].filter(f => f.status === 'loaded').map(f => f.family)"
        assert "Roboto Mono" in page.evaluate(loaded)  # from the server, not the system

        # Keys: a new game in the campaign (setup, deck preview), then two moves.
        for key, shows in (("n", "Start (enter)"), ("Enter", "enter"), ("Enter", "Turn 1 ")):
            page.keyboard.press(key)
            wait_for_screen(page, shows)
        seed = re.search(r"seed (\d+)", screen_text(page))
        assert seed, screen_text(page)
        page.keyboard.press("d")
        wait_for_screen(page, "Turn 1: discard")
        page.keyboard.press("d")
        # The mouse: a click on the footer's Discard plays the third move, once the
        # footer lists the keys of this turn (Undo, since the first move).
        screen = wait_for_key_bar(page, "Discard", "Undo", showing=("Turn 2: discard",))
        click_text(page, screen, "Discard", last=True)
        screen = wait_for_screen(page, "Turn 3: discard")
        assert turn_on(screen) == 4
        # Undo, then redo with U (ctrl+r may reload the page in a browser).
        page.keyboard.press("u")
        wait_for_screen(page, "· Turn 3 ·")
        page.keyboard.press("U")
        screen = wait_for_screen(page, "Turn 3: discard")
        assert turn_on(screen) == 4

        # Closing the tab ends its game process.
        games = child_pids(served.process.pid)
        assert len(games) == 1
        page.close()
        assert not wait_until_ended(games, timeout=15)

        # A second tab: the same data directory, the game to continue; then ctrl+c
        # stops the server and this tab's game too.
        page = chromium.new_page(viewport={"width": 1280, "height": 800})
        page.on("request", lambda request: asked.append(request.url))
        page.on("websocket", lambda socket: asked.append(socket.url))
        page.goto(served.page("expose-terminal"))
        assert "Continue" in wait_for_screen(page, TITLE)
        games = child_pids(served.process.pid)
        assert len(games) == 1
        assert served.stop() == 0
        assert not wait_until_ended(games, timeout=5)
        chromium.close()

    origin = urlsplit(served.url).netloc
    assert asked and all(urlsplit(url).netloc == origin for url in asked), asked
    assert any(url.startswith("ws://") for url in asked)
    with Store.open(data_dir, read_only=True) as store:
        saved = store.saved_games()
    assert [(game.seed, game.turn) for game in saved] == [(int(seed.group(1)), 3)]  # 3 played
