"""The hardening headers in a real browser (issue 45, item 5): a page on another
port of this machine that frames the game gets nothing (clickjacking), and the
game's page works under its own Content-Security-Policy with no violation while it
loads and plays a move."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from .served import SCREEN_JS, child_pids, need_browser, serving, wait_for, wait_for_screen

pytestmark = pytest.mark.slow

TITLE_TEXT = "P A L M   I S L A N D"

FRAMING_PAGE = """<!DOCTYPE html><html><body>
<iframe id="game" width="800" height="600" src="%s"
  onload="window.frameLoaded = true"></iframe>
</body></html>"""

VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(event.violatedDirective + " " + event.blockedURI);
});
"""
"""Run in every page before its own scripts: keeps each CSP violation it reports."""


@contextmanager
def other_site(page: str) -> Iterator[str]:
    """A page served from another port of this machine."""
    body = page.encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_a_page_of_another_port_that_frames_the_game_gets_nothing(tmp_path: Path) -> None:
    browser = need_browser()
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    with serving(tmp_path / "data") as served, sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=browser)
        context = chromium.new_context(viewport={"width": 1280, "height": 800})
        game = context.new_page()
        game.goto(served.page("expose-terminal"))  # the player's own tab: the browser
        wait_for_screen(game, TITLE_TEXT)  # now holds whatever the page keeps
        assert len(child_pids(served.process.pid)) == 1
        with other_site(FRAMING_PAGE % f"{served.url}/?expose-terminal") as framing_url:
            framing = context.new_page()
            framing.goto(framing_url)
            wait_for(framing, "window.frameLoaded", what="the framed game's load event")
            framed = framing.frame_locator("#game")
            try:
                drawn = framed.locator("#terminal").count()
            except PlaywrightError:  # Chromium's error page in its place
                drawn = 0
            frame_urls = [frame.url for frame in framing.frames[1:]]
        assert drawn == 0, f"the framed page loaded the game: {frame_urls}"
        assert not any(url.startswith(served.url) for url in frame_urls), frame_urls
        assert len(child_pids(served.process.pid)) == 1  # no game started for the frame
        assert TITLE_TEXT in wait_for_screen(game, TITLE_TEXT)
        chromium.close()
        assert served.stop() == 0


def test_the_page_loads_and_plays_under_its_policy_with_no_violation(tmp_path: Path) -> None:
    browser = need_browser()
    from playwright.sync_api import sync_playwright

    with serving(tmp_path / "data") as served, sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=browser)
        page = chromium.new_page(viewport={"width": 1280, "height": 800})
        page.add_init_script(VIOLATIONS)
        console: list[str] = []
        page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        response = page.goto(served.page("expose-terminal"))
        assert response is not None
        policy = response.headers.get("content-security-policy", "")
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
        wait_for_screen(page, TITLE_TEXT)
        page.keyboard.press("n")  # a move on the title: the new-game dialog
        wait_for_screen(page, "Start (enter)")
        page.keyboard.press("Escape")  # the dialog goes ("New game" is on both)
        wait_for(
            page,
            f"() => !({SCREEN_JS})()?.includes('Start (enter)')",
            what="the new-game dialog to close",
        )
        loaded = "[...document.fonts].filter(f => f.status === 'loaded').map(f => f.family)"
        assert "Roboto Mono" in page.evaluate(loaded)  # page.css's fonts, from the server
        violations = page.evaluate("window.cspViolations")
        chromium.close()
        assert served.stop() == 0
    assert violations == []
    assert not [line for line in console if "Content Security Policy" in line], console
    assert errors == []
