"""``palm-island serve`` as an attacker tries it, against a real server on a free port:
no key, the old cookie, a foreign Host (DNS rebinding), a foreign Origin (another
page in the player's browser), non-ASCII headers, more tabs than the cap, a huge
terminal, a browser that stops reading. Each refusal sends no screen byte and
starts no process. (Wrong keys, which the server counts per address, are tried on
servers of their own: tests/web/test_serve_keys.py.)"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")

import aiohttp

from palm_island.web.tab_game import END_WITHIN_SECONDS, MAX_SIZE

from .served import Served, child_pids, running, serving, wait_until_ended
from .socket_wait import receive_within

TAB_ENDS_WITHIN_SECONDS = 5.0
"""What issue Q asks: a tab that goes ends its game within this."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One server for the refusals (none of them starts a game)."""
    with serving(tmp_path_factory.mktemp("serve") / "data") as running_server:
        yield running_server


async def status_of(url: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(url, headers=headers or {}, allow_redirects=False) as response,
    ):
        return response.status, await response.text()


async def websocket_status(served: Served, headers: dict[str, str], query: str = "") -> int:
    """The handshake's status: 101 when a game would start (then closed at once)."""
    url = f"ws://127.0.0.1:{served.port}/ws{query}"
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(url, headers=headers):
                return 101
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status


def no_game_started(served: Served) -> bool:
    return child_pids(served.process.pid) == []


# --- who may come in ----------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/?expose-terminal", "/static/client.js"])
def test_the_page_and_its_files_hold_no_secret_and_need_no_key(served: Served, path: str) -> None:
    """The key is in the address's fragment, which no request carries: the page
    and its files answer any request that names the server."""
    status, page = asyncio.run(status_of(f"{served.url}{path}"))
    assert status == 200
    assert served.token not in page
    assert no_game_started(served)


def test_other_paths_are_not_found_and_nothing_sets_a_cookie(served: Served) -> None:
    async def answers() -> list[tuple[int, str | None]]:
        found = []
        async with aiohttp.ClientSession() as session:
            for path in ("/", "/static/client.js", "/nosuch", "/ws", "/static/"):
                async with session.get(f"{served.url}{path}", allow_redirects=False) as response:
                    found.append((response.status, response.headers.get("Set-Cookie")))
        return found

    found = asyncio.run(answers())
    assert [status for status, _ in found] == [200, 200, 404, 403, 403], found
    assert all(cookie is None for _, cookie in found), found


def test_the_old_cookie_grants_nothing(served: Served) -> None:
    """3e28f23 kept the key in ``palm_island_token_PORT``, which the browser sends
    to every port of 127.0.0.1: with the right key in it, a websocket from the
    right Origin still gets no game."""
    cookie = {"Origin": served.url, "Cookie": f"palm_island_token_{served.port}={served.token}"}
    assert asyncio.run(websocket_status(served, cookie)) == 403
    assert no_game_started(served)


@pytest.mark.slow  # starts a game
def test_the_key_goes_as_a_subprotocol_and_the_server_echoes_only_the_plain_one(
    served: Served,
) -> None:
    async def handshake() -> str | None:
        offered = tuple(served.protocols.split(", "))
        url = f"ws://127.0.0.1:{served.port}/ws"
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(url, headers={"Origin": served.url}, protocols=offered) as ws,
        ):
            await first_frame(ws)
            return ws.protocol

    assert asyncio.run(handshake()) == "palm-island"
    assert wait_for_count(served, 0)


@pytest.mark.parametrize(
    "host", ["evil.example", "evil.example:{port}", "127.0.0.1:1", "localhost.evil.example:{port}"]
)
def test_a_foreign_host_is_refused_even_with_the_key(served: Served, host: str) -> None:
    headers = {"Host": host.format(port=served.port)}
    status, page = asyncio.run(status_of(f"{served.url}/", headers))
    assert status == 403 and "does not answer to that name" in page
    status, page = asyncio.run(status_of(f"{served.url}/static/client.js", headers))
    assert status == 403
    ws_headers = {**served.headers, "Host": host.format(port=served.port)}
    assert asyncio.run(websocket_status(served, ws_headers)) == 403
    assert no_game_started(served)


@pytest.mark.parametrize(
    "origin",
    ["http://evil.example", "null", "http://127.0.0.1:1", "https://127.0.0.1:{port}", None],
)
def test_a_websocket_from_another_page_is_refused_and_starts_no_game(
    served: Served, origin: str | None
) -> None:
    headers = {"Sec-WebSocket-Protocol": served.protocols}
    if origin is not None:
        headers["Origin"] = origin.format(port=served.port)
    assert asyncio.run(websocket_status(served, headers)) == 403
    token_only = f"?token={served.token}"  # the key in the address changes nothing
    assert asyncio.run(websocket_status(served, headers, token_only)) == 403
    assert no_game_started(served)


def test_a_websocket_without_the_key_is_refused_whatever_its_origin(served: Served) -> None:
    assert asyncio.run(websocket_status(served, {"Origin": served.url})) == 403
    plain = {"Origin": served.url, "Sec-WebSocket-Protocol": "palm-island"}
    assert asyncio.run(websocket_status(served, plain)) == 403
    assert asyncio.run(websocket_status(served, plain, f"?token={served.token}")) == 403
    assert no_game_started(served)


async def raw_status(port: int, request: bytes) -> int:
    """The status of one request sent as these bytes (headers no client library
    would send)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(request)
    await writer.drain()
    line = await asyncio.wait_for(reader.readline(), 30)
    writer.close()
    await writer.wait_closed()
    return int(line.split()[1])


@pytest.mark.parametrize("encoding", ["utf-8", "latin-1"])
@pytest.mark.parametrize("header", ["Origin", "Host", "Sec-WebSocket-Protocol"])
def test_a_non_ascii_origin_host_or_key_is_refused_never_an_error(
    served: Served, header: str, encoding: str
) -> None:
    """Every credential is there (the old cookie too, so 3e28f23's code reached its
    Origin check, where a non-ASCII Origin gave a 500 and a traceback); one header
    is not ASCII."""
    headers = {
        "Host": f"127.0.0.1:{served.port}",
        "Origin": served.url,
        "Sec-WebSocket-Protocol": served.protocols,
        "Cookie": f"palm_island_token_{served.port}={served.token}",
        "Upgrade": "websocket",
        "Connection": "Upgrade",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    }
    headers[header] += "\u00e9\u00fc"
    request = "GET /ws HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    status = asyncio.run(raw_status(served.port, (request + "\r\n").encode(encoding)))
    assert status in (400, 403), status
    assert no_game_started(served)


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
def test_the_loopback_names_are_served(served: Served) -> None:
    for name in ("localhost", "127.0.0.1", "LOCALHOST."):
        headers = {"Host": f"{name}:{served.port}"}
        assert asyncio.run(status_of(f"{served.url}/", headers))[0] == 200, name


# --- how much ---------------------------------------------------------------------------


async def first_frame(ws: aiohttp.ClientWebSocketResponse) -> bytes:
    """The first screen bytes (the game is running)."""
    while True:
        message = await receive_within(ws, 60, "the first frame")
        if message.type == aiohttp.WSMsgType.BINARY:
            data: bytes = message.data
            return data
        assert message.type == aiohttp.WSMsgType.TEXT, message


async def connect_when_free(
    session: aiohttp.ClientSession, url: str, headers: dict[str, str]
) -> aiohttp.ClientWebSocketResponse:
    """The websocket, once the server has counted a closed tab's game out: its process
    is gone a moment before the server's count (it closes the tab's socket first)."""
    for _ in range(200):
        try:
            return await session.ws_connect(url, headers=headers)
        except aiohttp.WSServerHandshakeError as refused:
            assert refused.status == 503, refused
            await asyncio.sleep(0.05)
    raise AssertionError("the closed tab's place never came free")


@pytest.mark.slow
def test_past_the_cap_a_tab_gets_a_page_saying_so_and_no_process(tmp_path: Path) -> None:
    with serving(tmp_path / "data", "--max-games", "2") as server:

        async def over_the_cap() -> None:
            async with aiohttp.ClientSession() as session:
                url = f"ws://127.0.0.1:{server.port}/ws"
                first = await session.ws_connect(url, headers=server.headers)
                second = await session.ws_connect(url, headers=server.headers)
                await first_frame(first)
                await first_frame(second)
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await session.ws_connect(url, headers=server.headers)
                assert refused.value.status == 503
                async with session.get(server.page()) as page:
                    assert page.status == 503
                    assert "All 2 games" in await page.text()
                games = child_pids(server.process.pid)
                assert len(games) == 2
                await first.close()  # a tab closed: its game ends and a place is free
                assert await asyncio.to_thread(wait_for_count, server, 1)
                third = await connect_when_free(session, url, server.headers)
                await first_frame(third)
                await third.close()
                await second.close()

        asyncio.run(over_the_cap())
        assert wait_for_count(server, 0)
        assert server.stop() == 0


def wait_for_count(server: Served, count: int, timeout: float = 10) -> bool:
    """Waits until the server runs ``count`` games."""
    deadline = time.monotonic() + timeout
    while len(child_pids(server.process.pid)) != count:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def environment_of(pid: int) -> dict[str, str]:
    pairs = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(pair.decode().split("=", 1) for pair in pairs if b"=" in pair)


@pytest.mark.slow
def test_a_huge_terminal_is_clamped_and_a_tab_gone_right_after_ends_its_game(
    tmp_path: Path,
) -> None:
    with serving(tmp_path / "data") as server:

        async def huge_then_gone() -> tuple[list[int], float]:
            session = aiohttp.ClientSession()
            url = f"ws://127.0.0.1:{server.port}/ws?width=10000&height=10000"
            ws = await session.ws_connect(url, headers=server.headers)
            await first_frame(ws)
            games = child_pids(server.process.pid)
            assert len(games) == 1
            assert environment_of(games[0])["COLUMNS"] == str(MAX_SIZE[0])
            assert environment_of(games[0])["ROWS"] == str(MAX_SIZE[1])
            await ws.send_json(["resize", {"width": 10000, "height": 10000}])
            await ws.send_json(["stdin", "n"])
            # Gone at once, without a close frame: the connection is dropped.
            await session.close()
            gone = time.monotonic()
            left = await asyncio.to_thread(wait_until_ended, games, 30)
            return left, time.monotonic() - gone

        left, took = asyncio.run(huge_then_gone())
        assert left == []
        print(f"ended {took:.2f} s after the tab went")
        assert took < TAB_ENDS_WITHIN_SECONDS, f"{took:.1f} s"
        assert server.stop() == 0
        assert server.process.stdout is not None
        log = server.process.stdout.read()
    assert "Traceback" not in log and "Connection lost" not in log, log


@pytest.mark.slow
def test_a_browser_that_stops_reading_has_its_game_ended_within_five_seconds(
    tmp_path: Path,
) -> None:
    """It keeps its connection open but reads nothing more, answers no ping."""
    with serving(tmp_path / "data") as server:

        async def stop_reading() -> tuple[list[int], float]:
            async with aiohttp.ClientSession() as session:
                url = f"ws://127.0.0.1:{server.port}/ws"
                ws = await session.ws_connect(url, headers=server.headers, autoping=False)
                await first_frame(ws)
                games = child_pids(server.process.pid)
                await ws.send_json(["resize", {"width": 500, "height": 200}])  # lots to draw
                stopped = time.monotonic()
                left = await asyncio.to_thread(wait_until_ended, games, 30)
                took = time.monotonic() - stopped
                await ws.close()
                return left, took

        left, took = asyncio.run(stop_reading())
        assert left == []
        print(f"ended {took:.2f} s after the tab went")
        assert took < TAB_ENDS_WITHIN_SECONDS, f"{took:.1f} s"
        assert server.stop() == 0


@pytest.mark.slow
def test_forty_tabs_at_once_never_run_more_than_the_cap_and_the_page_answers(
    tmp_path: Path,
) -> None:
    with serving(tmp_path / "data") as server:
        most = 0
        watching = True

        def watch() -> None:
            nonlocal most
            while watching:
                most = max(most, sum(map(running, child_pids(server.process.pid))))
                time.sleep(0.02)

        async def forty() -> tuple[int, int, float]:
            async with aiohttp.ClientSession() as session:
                url = f"ws://127.0.0.1:{server.port}/ws"

                async def tab() -> aiohttp.ClientWebSocketResponse | int:
                    try:
                        return await session.ws_connect(url, headers=server.headers)
                    except aiohttp.WSServerHandshakeError as refused:
                        return refused.status

                tabs = await asyncio.gather(*(tab() for _ in range(40)))
                asked = time.monotonic()
                async with session.get(server.page()) as page:
                    await page.text()
                answered = time.monotonic() - asked
                opened = [ws for ws in tabs if not isinstance(ws, int)]
                refused = [status for status in tabs if isinstance(status, int)]
                assert set(refused) == {503}
                await asyncio.gather(*(first_frame(ws) for ws in opened))
                await asyncio.gather(*(ws.close() for ws in opened))
                return len(opened), len(refused), answered

        thread = threading.Thread(target=watch, daemon=True)
        thread.start()
        opened, refused, answered = asyncio.run(forty())
        assert wait_for_count(server, 0, timeout=20)  # nothing left 20 s after they close
        watching = False
        thread.join()
        print(
            f"40 tabs: {opened} games, {refused} refused, most at once {most}, "
            f"page answered in {answered:.2f} s"
        )
        assert opened == 8 and refused == 32
        assert most <= 8
        assert answered < 5
        assert server.stop() == 0
    assert END_WITHIN_SECONDS < TAB_ENDS_WITHIN_SECONDS
