"""Another web page in the player's own browser tries to drive the served game: the
player has opened the game (so the browser holds its cookie), then visits a page
served from another port of the same machine (same site, so even a SameSite cookie
goes along). Its websocket must get no screen byte and start no game."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from .served import child_pids, need_browser, serving, wait_for, wait_for_screen

TITLE_TEXT = "P A L M   I S L A N D"

EVIL_PAGE = """<!DOCTYPE html><html><body><script>
window.seen = {opened: false, bytes: 0, closed: false};
const ws = new WebSocket("ws://127.0.0.1:%d/ws");
ws.onopen = () => { window.seen.opened = true; ws.send(JSON.stringify(["stdin", "q"])); };
ws.onmessage = (event) => { window.seen.bytes += 1; };
ws.onclose = () => { window.seen.closed = true; };
ws.onerror = () => { window.seen.closed = true; };
</script></body></html>"""


@contextmanager
def evil_site(game_port: int) -> Iterator[str]:
    """A page on another port of this machine that opens the game's websocket."""
    page = (EVIL_PAGE % game_port).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(page)

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


@pytest.mark.slow
def test_another_page_in_the_players_browser_cannot_drive_the_game(tmp_path: Path) -> None:
    browser = need_browser()
    from playwright.sync_api import sync_playwright

    with serving(tmp_path / "data") as served, sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=browser)
        context = chromium.new_context(viewport={"width": 1280, "height": 800})
        game = context.new_page()
        game.goto(served.page("expose-terminal"))
        wait_for_screen(game, TITLE_TEXT)
        cookies = [cookie["name"] for cookie in context.cookies()]
        assert f"palm_island_token_{served.port}" in cookies
        assert len(child_pids(served.process.pid)) == 1  # the player's own game
        with evil_site(served.port) as evil_url:
            evil = context.new_page()
            evil.goto(evil_url)
            wait_for(evil, "window.seen.closed", what="the evil page's socket closed", timeout=15)
            seen = evil.evaluate("window.seen")
        assert seen == {"opened": False, "bytes": 0, "closed": True}
        assert len(child_pids(served.process.pid)) == 1  # no game started for it
        assert TITLE_TEXT in wait_for_screen(game, TITLE_TEXT)  # the player's is untouched
        chromium.close()
        assert served.stop() == 0
