"""The caps on connections before the key (:mod:`palm_island.web.limits`), tried on
a small aiohttp app served as ``serve`` serves (:func:`~palm_island.web.listening.listening`)
with small caps: past a cap the oldest connection without a game goes and the new
one is served; a connection holding a game never goes; a silent connection is closed
within the idle time; accept errors and evictions are logged once per interval."""

from __future__ import annotations

import asyncio
import errno
import logging
import resource
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

pytest.importorskip("aiohttp")

import aiohttp
from aiohttp import web

from palm_island.web.limits import (
    MAX_CONNECTIONS,
    Connections,
    Summary,
    peer_of,
    quiet_accept_errors,
)
from palm_island.web.listening import listening

from .socket_wait import receive_within


@asynccontextmanager
async def small_server(connections: Connections) -> AsyncIterator[int]:
    """An app with a page (``/``) and a websocket that holds a "game" (``/hold``,
    echoing what it gets), served within ``connections``; yields its port."""

    async def page(request: web.Request) -> web.Response:
        return web.Response(text="ok")

    async def hold(request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        connections.hold(request)
        await socket.prepare(request)
        async for message in socket:
            await socket.send_str(message.data)
        return socket

    app = web.Application(middlewares=[connections.middleware()])
    app.router.add_get("/", page)
    app.router.add_get("/hold", hold)
    listener = socket.create_server(("127.0.0.1", 0))
    async with listening(app, listener, connections, shutdown_timeout=1):
        yield listener.getsockname()[1]


async def closed_by_server(reader: asyncio.StreamReader, timeout: float = 10) -> bool:
    """Whether the server closes this connection within ``timeout`` (EOF or reset)."""
    try:
        return await asyncio.wait_for(reader.read(1), timeout) == b""
    except ConnectionError:
        return True
    except TimeoutError:
        return False


async def wait_for(condition: object, timeout: float = 10) -> bool:
    async def poll() -> None:
        while not condition():  # type: ignore[operator]
            await asyncio.sleep(0.01)

    try:
        await asyncio.wait_for(poll(), timeout)
    except TimeoutError:
        return False
    return True


async def echoes(game: aiohttp.ClientWebSocketResponse) -> bool:
    await game.send_str("still here")
    return bool((await receive_within(game, 5, "the echo")).data == "still here")


async def test_past_the_total_cap_the_oldest_without_a_game_goes_and_the_new_one_is_served() -> (
    None
):
    connections = Connections(total=8, per_peer=8, idle_seconds=30)
    async with small_server(connections) as port, aiohttp.ClientSession() as session:
        game = await session.ws_connect(f"ws://127.0.0.1:{port}/hold")
        idle = [await asyncio.open_connection("127.0.0.1", port) for _ in range(20)]
        assert await wait_for(lambda: connections.by_peer and len(connections.open) == 8)
        async with session.get(f"http://127.0.0.1:{port}/") as page:
            assert page.status == 200
        assert len(connections.open) <= 8
        oldest = [await closed_by_server(reader) for reader, _ in idle[:12]]
        assert all(oldest)
        assert await echoes(game)
        for _, writer in idle:
            writer.close()
        await game.close()


async def test_past_the_cap_of_one_address_its_own_oldest_goes() -> None:
    connections = Connections(total=100, per_peer=4, idle_seconds=30)
    async with small_server(connections) as port:
        idle = [await asyncio.open_connection("127.0.0.1", port) for _ in range(10)]
        closed = [await closed_by_server(reader, timeout=3) for reader, _ in idle[:6]]
        assert all(closed)
        assert await wait_for(lambda: len(connections.open) == 4)
        reader, writer = idle[-1]
        writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")  # the newest is served
        assert (await reader.readline()).startswith(b"HTTP/1.1 200")
        for _, writer in idle:
            writer.close()


async def test_a_connection_without_a_complete_request_is_closed_within_the_idle_time() -> None:
    connections = Connections(total=100, per_peer=100, idle_seconds=0.3)
    async with small_server(connections) as port:
        served_reader, served_writer = await asyncio.open_connection("127.0.0.1", port)
        served_writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        assert (await served_reader.readuntil(b"ok")).startswith(b"HTTP/1.1 200")
        silent_reader, silent_writer = await asyncio.open_connection("127.0.0.1", port)
        slow_reader, slow_writer = await asyncio.open_connection("127.0.0.1", port)
        slow_writer.write(b"GET / HTTP/1.1\r\nHo")  # never finished
        assert await closed_by_server(silent_reader, timeout=5)
        assert await closed_by_server(slow_reader, timeout=5)
        # One that made a request is left to the keep-alive (seconds longer): it is
        # served again after both were closed.
        served_writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        assert (await served_reader.readuntil(b"ok")).startswith(b"HTTP/1.1 200")
        for writer in (served_writer, silent_writer, slow_writer):
            writer.close()


async def test_connections_holding_games_are_never_closed_and_a_newcomer_is() -> None:
    connections = Connections(total=2, per_peer=2, idle_seconds=0.3)
    async with small_server(connections) as port, aiohttp.ClientSession() as session:
        games = [await session.ws_connect(f"ws://127.0.0.1:{port}/hold") for _ in range(2)]
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        assert await closed_by_server(reader, timeout=5)
        assert await asyncio.wait_for(wait_for(lambda: len(connections.open) == 2), 5)
        assert all([await echoes(game) for game in games])  # past the idle time too
        writer.close()
        for game in games:
            await game.close()


async def test_a_warning_that_repeats_is_logged_once_per_interval_with_a_count(
    caplog: pytest.LogCaptureFixture,
) -> None:
    summary = Summary("first", lambda count: "{count} more in {seconds} s", interval=0.2)
    with caplog.at_level(logging.WARNING, logger="palm-island.serve"):
        for _ in range(1000):
            summary.note()
        assert [record.getMessage() for record in caplog.records] == ["first"]
        assert await wait_for(lambda: len(caplog.records) == 2)
    assert caplog.records[1].getMessage() == "999 more in 0.2 s"


async def test_accept_errors_are_counted_not_logged_each_time(
    caplog: pytest.LogCaptureFixture,
) -> None:
    loop = asyncio.get_running_loop()
    others: list[dict[str, object]] = []
    loop.set_exception_handler(lambda loop, context: others.append(context))
    quiet_accept_errors(loop)
    out_of_files = OSError(errno.EMFILE, "Too many open files")
    try:
        with caplog.at_level(logging.WARNING):
            for _ in range(5000):
                loop.call_exception_handler(
                    {"message": "socket.accept() out of system resource", "exception": out_of_files}
                )
            loop.call_exception_handler({"message": "something else", "exception": ValueError()})
    finally:
        loop.set_exception_handler(None)
    assert len(caplog.records) == 1 and "out of open files" in caplog.records[0].getMessage()
    assert "Traceback" not in caplog.text
    assert [context["message"] for context in others] == ["something else"]


class FakeTransport(asyncio.Transport):
    def __init__(self, peer: object) -> None:
        super().__init__()
        self.peer = peer

    def get_extra_info(self, name: str, default: object = None) -> object:
        return self.peer if name == "peername" else default


@pytest.mark.parametrize(
    ("peer", "counted_as"),
    [
        (("127.0.0.1", 5000), "127.0.0.1"),
        (("::ffff:10.0.0.7", 5000, 0, 0), "10.0.0.7"),
        (("2001:db8:1:2:3:4:5:6", 5000, 0, 0), "2001:db8:1:2::/64"),
        (("2001:db8:1:2:ffff::1", 5000, 0, 0), "2001:db8:1:2::/64"),
        (("fe80::1%eth0", 5000, 0, 2), "fe80::/64"),
        (None, ""),
    ],
)
def test_a_peer_is_its_address_and_an_ipv6_one_its_slash_64(peer: object, counted_as: str) -> None:
    assert peer_of(FakeTransport(peer)) == counted_as


@pytest.mark.parametrize(
    ("open_files", "games", "total", "per_peer"),
    [(1024, 8, 464, 232), (256, 8, 80, 40), (1_048_576, 256, MAX_CONNECTIONS, 257), (64, 8, 16, 9)],
)
def test_the_caps_leave_room_under_the_open_files_limit(
    open_files: int, games: int, total: int, per_peer: int
) -> None:
    connections = Connections.for_open_files(open_files, games)
    assert (connections.total, connections.per_peer) == (total, per_peer)


def test_the_soft_open_files_limit_is_raised_to_the_hard_one() -> None:
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard < 512:
        pytest.skip(f"the hard limit here is {hard}")
    shown = subprocess.run(
        [
            sys.executable,
            "-c",
            "import resource; from palm_island.web.limits import raise_open_files_limit as r; "
            "print(r(), *resource.getrlimit(resource.RLIMIT_NOFILE))",
        ],
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (256, 512)),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert shown == ["512", "512", "512"]
