"""Another web page in the player's own browser tries to get into the served game:
the player has opened the game, then visits a page served from another port of
the same machine (the same site: cookies for 127.0.0.1 go to every port of it).
That server receives nothing that grants access (no cookie, no key in any
header), the page reads no key from any storage, its websockets get no screen
byte and start no game, and a cookie of 3e28f23's name set for 127.0.0.1 opens
nothing. A tab of the game's own address without the key says to open the printed
address and opens no socket."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from .served import child_pids, need_browser, serving, wait_for, wait_for_screen

TITLE_TEXT = "P A L M   I S L A N D"

EVIL_PAGE = """<!DOCTYPE html><html><body><script>
const game = "ws://127.0.0.1:%(port)d/ws";
window.seen = {
  cookie: document.cookie, session: sessionStorage.length, local: localStorage.length,
  sockets: [],
};
function attempt(label, protocols) {
  const record = {label, opened: false, bytes: 0, closed: false};
  window.seen.sockets.push(record);
  const ws = protocols ? new WebSocket(game, protocols) : new WebSocket(game);
  ws.onopen = () => { record.opened = true; ws.send(JSON.stringify(["stdin", "q"])); };
  ws.onmessage = () => { record.bytes += 1; };
  ws.onclose = () => { record.closed = true; };
}
attempt("plain");
attempt("protocol without the key", ["palm-island"]);
document.cookie = "palm_island_token_%(port)d=" + %(key)s + "; path=/";
attempt("the old cookie, with the right key in it");
</script></body></html>"""


@contextmanager
def evil_site(game_port: int, key: str) -> Iterator[tuple[str, list[dict[str, str]]]]:
    """A page on another port of this machine that tries the game's websocket;
    yields its address and the headers of every request it received. (It is given
    the key only to write it into a cookie of 3e28f23's name: the worst a cookie
    could hold.)"""
    page = (EVIL_PAGE % {"port": game_port, "key": json.dumps(key)}).encode()
    received: list[dict[str, str]] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            received.append({name.lower(): value for name, value in self.headers.items()})
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
        yield f"http://127.0.0.1:{server.server_address[1]}/", received
    finally:
        server.shutdown()
        server.server_close()


ALL_CLOSED = "window.seen.sockets.length === 3 && window.seen.sockets.every(s => s.closed)"


@pytest.mark.slow
def test_another_page_in_the_players_browser_gets_nothing_that_grants_access(
    tmp_path: Path,
) -> None:
    browser = need_browser()
    from playwright.sync_api import sync_playwright

    with serving(tmp_path / "data") as served, sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=browser)
        context = chromium.new_context(viewport={"width": 1280, "height": 800})
        game = context.new_page()
        game.goto(served.page("expose-terminal"))
        wait_for_screen(game, TITLE_TEXT)
        assert served.token not in game.url  # out of the address bar, the history
        assert context.cookies() == []  # nothing the browser would send by itself
        assert game.evaluate("sessionStorage.getItem('palm-island.key')") == served.token
        assert len(child_pids(served.process.pid)) == 1  # the player's own game
        with evil_site(served.port, served.token) as (evil_url, received):
            evil = context.new_page()
            evil.goto(evil_url)
            wait_for(evil, ALL_CLOSED, what="the evil page's sockets closed", timeout=15)
            seen = evil.evaluate("window.seen")
        assert received, "the evil page was not requested"
        for headers in received:
            assert "cookie" not in headers, headers
            assert not any(served.token in value for value in headers.values()), headers
        assert (seen["cookie"], seen["session"], seen["local"]) == ("", 0, 0)
        assert [(s["opened"], s["bytes"]) for s in seen["sockets"]] == [(False, 0)] * 3, seen
        assert len(child_pids(served.process.pid)) == 1  # no game started for it

        # The game's own address without the key, in a new tab (the old cookie is
        # now in the browser): a note, no socket, no game.
        bare = context.new_page()
        sockets: list[str] = []
        bare.on("websocket", lambda socket: sockets.append(socket.url))
        bare.goto(f"{served.url}/?expose-terminal")
        wait_for(
            bare,
            "getComputedStyle(document.getElementById('no-key')).display === 'flex'",
            what="the page's note about the key",
        )
        note = bare.inner_text("#no-key")
        assert "Open the whole address it printed" in note and "#token=" in note
        assert sockets == []
        assert len(child_pids(served.process.pid)) == 1
        assert TITLE_TEXT in wait_for_screen(game, TITLE_TEXT)  # the player's is untouched
        chromium.close()
        assert served.stop() == 0
