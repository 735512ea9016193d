"""Connections without the key cannot take the player's place (issue 45, item 3): a
real ``palm-island serve`` under ``ulimit -n 1024`` (soft and hard), 1,100 idle TCP
connections to it from this machine, and the player's page still answers in 2 s, a
new game starts, the idle connections are closed within seconds and the server's
log stays small. On 3e28f23 every descriptor was taken: the page timed out and
asyncio logged a traceback for every failed accept."""

from __future__ import annotations

import asyncio
import os
import resource
import select
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")

import aiohttp

from palm_island.web.limits import IDLE_SECONDS

from .served import Served, serving
from .socket_wait import receive_within

OPEN_FILES = 1024
"""The server's soft and hard limit: the common default soft limit."""
IDLE_CONNECTIONS = 1100
PAGE_WITHIN_SECONDS = 2.0
LOG_AT_MOST = 100 * 1024


def open_files_of(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


@contextmanager
def idle_connections(port: int, count: int) -> Iterator[list[socket.socket]]:
    """``count`` TCP connections to ``port`` that never send a byte, made a hundred at
    a time, each hundred's connects waited for (up to 2 s): connects that do not
    wait, as past a full backlog a blocking connect would hang."""
    sockets: list[socket.socket] = []
    try:
        while len(sockets) < count:
            batch = []
            for _ in range(min(100, count - len(sockets))):
                sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                sock.setblocking(False)
                sock.connect_ex(("127.0.0.1", port))
                batch.append(sock)
            sockets += batch
            wait_connected(batch, timeout=2)
        yield sockets
    finally:
        for sock in sockets:
            sock.close()


def wait_connected(sockets: list[socket.socket], timeout: float) -> int:
    """Waits until each connect has finished (or ``timeout``); how many did."""
    pending = set(sockets)
    deadline = time.monotonic() + timeout
    while pending and time.monotonic() < deadline:
        poller = select.poll()  # select() takes no descriptor past 1023
        for sock in pending:
            poller.register(sock, select.POLLOUT)
        done = {fd for fd, _ in poller.poll(100)}
        pending = {sock for sock in pending if sock.fileno() not in done}
    return len(sockets) - len(pending)


def settled_open_files(pid: int, timeout: float = 15) -> int:
    """The server's open files once it has accepted what it will: the count
    unchanged for a second (or ``timeout``)."""
    deadline = time.monotonic() + timeout
    count, since = open_files_of(pid), time.monotonic()
    while time.monotonic() - since < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
        if (now := open_files_of(pid)) != count:
            count, since = now, time.monotonic()
    return count


class LogReader(threading.Thread):
    """Reads the server's output (stdout and stderr) as it comes, so that a server
    logging a flood never blocks on a full pipe; counts the characters."""

    def __init__(self, served: Served) -> None:
        super().__init__(daemon=True)
        self.served = served
        self.size = 0
        self.head: list[str] = []

    def run(self) -> None:
        assert self.served.process.stdout is not None
        for line in iter(self.served.process.stdout.readline, ""):
            self.size += len(line)
            if len(self.head) < 40:
                self.head.append(line)


async def player_page_and_new_game(served: Served) -> tuple[float, float]:
    """The player's page (its address as printed), then a new game to its first
    frame: the seconds each took (infinite: not within 10 s, or 30 s for the game)."""
    jar = aiohttp.CookieJar(unsafe=True)
    async with aiohttp.ClientSession(cookie_jar=jar) as session:

        async def page() -> None:
            async with session.get(served.page()) as answer:
                assert answer.status == 200, answer.status
                assert "xterm" in await answer.text()

        async def game() -> None:
            url = f"ws://127.0.0.1:{served.port}/ws"
            async with session.ws_connect(url, headers=served.headers) as socket:
                frame = aiohttp.WSMsgType.BINARY
                while (message := await receive_within(socket, 30, "a frame")).type != frame:
                    assert message.type == aiohttp.WSMsgType.TEXT, message

        took = [float("inf"), float("inf")]
        for index, (step, within) in enumerate(((page, 10), (game, 30))):
            asked = time.monotonic()
            try:
                await asyncio.wait_for(step(), within)
            except TimeoutError:
                break
            took[index] = time.monotonic() - asked
        return took[0], took[1]


@pytest.mark.slow
def test_eleven_hundred_idle_connections_leave_the_player_playing(tmp_path: Path) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = IDLE_CONNECTIONS + 200
    if hard < needed:
        pytest.skip(f"this test opens {IDLE_CONNECTIONS} connections: ulimit -Hn is {hard}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, needed), hard))
    try:
        with serving(tmp_path / "data", open_files=OPEN_FILES) as served:
            log = LogReader(served)
            log.start()
            before = open_files_of(served.process.pid)
            with idle_connections(served.port, IDLE_CONNECTIONS) as sockets:
                connected = wait_connected(sockets, timeout=2)
                held = settled_open_files(served.process.pid)  # what the server accepted
                page_took, game_took = asyncio.run(player_page_and_new_game(served))
                # Closed within seconds, not held for aiohttp's 75 s keep-alive.
                deadline = time.monotonic() + IDLE_SECONDS + 10
                while (after := open_files_of(served.process.pid)) > before and (
                    time.monotonic() < deadline
                ):
                    time.sleep(0.05)
            assert served.stop() == 0
            log.join(timeout=30)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    print(
        f"{connected} of {IDLE_CONNECTIONS} idle connects done; the server's open files: "
        f"{before} before, {held} with them, {after} after; the page in {page_took:.2f} s, "
        f"a new game's first frame in {game_took:.2f} s; log {log.size} characters"
    )
    assert page_took <= PAGE_WITHIN_SECONDS, f"the page took {page_took:.2f} s"
    assert game_took < float("inf"), "no first frame from a new game within 30 s"
    assert after <= before, f"{after} files open {IDLE_SECONDS + 10:g} s on, {before} before"
    assert log.size < LOG_AT_MOST, "".join(log.head)
    assert "Traceback" not in "".join(log.head), "".join(log.head)
