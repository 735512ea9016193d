"""``palm-island serve --external-url`` as a reverse proxy reaches it: the public Host
(with its port or without), everything under the public path, only the public
Origin, the printed address, nothing set, and ``X-Forwarded-For`` believed from
the proxy alone. (A real nginx with TLS in front: test_serve_nginx.py.)"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")

import aiohttp

from palm_island.web.access import PROTOCOL, key_protocol
from palm_island.web.wrong_keys import LIMIT

from .served import Served, child_pids, serving
from .socket_wait import receive_within

PUBLIC = "https://palm.example:8443/palm/"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    data = tmp_path_factory.mktemp("external") / "data"
    with serving(data, "--external-url", PUBLIC) as running_server:
        yield running_server


async def get(served: Served, path: str, host: str) -> tuple[int, str, dict[str, str]]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{served.url}{path}", headers={"Host": host}, allow_redirects=False) as got,
    ):
        return got.status, await got.text(), dict(got.headers)


def test_the_printed_address_is_the_public_one_with_the_key(served: Served) -> None:
    assert served.address == PUBLIC
    assert served.page() == f"{served.url}/#token={served.token}"  # the local one still works


@pytest.mark.parametrize("host", ["palm.example", "palm.example:8443", "127.0.0.1:{port}"])
def test_everything_is_under_the_public_path(served: Served, host: str) -> None:
    host = host.format(port=served.port)
    status, page, headers = asyncio.run(get(served, "/palm/?expose-terminal", host))
    assert status == 200 and "<title>Palm Island</title>" in page
    assert asyncio.run(get(served, "/palm/static/client.js", host))[0] == 200
    status, _, headers = asyncio.run(get(served, "/palm?fontsize=12", host))
    assert status == 302 and headers["Location"] == "/palm/?fontsize=12"
    for outside in ("/", "/static/client.js", "/ws", "/palmx/", "/palm/nosuch"):
        assert asyncio.run(get(served, outside, host))[0] == 404, outside


def test_another_name_or_port_is_refused(served: Served) -> None:
    for host in ("evil.example", "palm.example:8000", "palm.example:443"):
        assert asyncio.run(get(served, "/palm/", host))[0] == 403, host


def test_nothing_sets_a_cookie(served: Served) -> None:
    """Nothing to mark ``Secure``: no answer sets anything in the browser."""
    for path in ("/palm/", "/palm", "/palm/static/client.js", "/palm/ws", "/nosuch"):
        headers = asyncio.run(get(served, path, "palm.example"))[2]
        assert "Set-Cookie" not in headers, (path, headers)


async def websocket_status(served: Served, origin: str, key: str, forwarded: str = "") -> int:
    headers = {
        "Host": "palm.example",
        "Origin": origin,
        "Sec-WebSocket-Protocol": f"{PROTOCOL}, {key_protocol(key)}",
    }
    if forwarded:
        headers["X-Forwarded-For"] = forwarded
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(f"{served.url}/palm/ws", headers=headers) as ws:
                await receive_within(ws, 60, "the first frame: the game runs")
                return 101
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status


@pytest.mark.parametrize(
    "origin", ["http://127.0.0.1:{port}", "http://palm.example:8443", "https://palm.example"]
)
def test_only_the_public_origin_may_open_a_game(served: Served, origin: str) -> None:
    status = asyncio.run(websocket_status(served, origin.format(port=served.port), served.token))
    assert status == 403
    assert child_pids(served.process.pid) == []


@pytest.mark.slow  # starts a game
def test_the_public_origin_with_the_key_opens_a_game_at_the_paths_ws(served: Served) -> None:
    assert asyncio.run(websocket_status(served, "https://palm.example:8443", served.token)) == 101


@pytest.mark.slow
def test_behind_the_proxy_wrong_keys_count_by_the_forwarded_address(tmp_path: Path) -> None:
    """The proxy connects from loopback for everyone: counted by its peer, one
    guesser on the internet would lock every player out. With --external-url and a
    loopback peer the last X-Forwarded-For entry (the one the proxy added) counts."""
    wrong = secrets.token_urlsafe(24)
    origin = "https://palm.example:8443"
    with serving(tmp_path / "data", "--external-url", PUBLIC) as served:

        async def guesses() -> list[int]:
            found = []
            for number in range(2 * LIMIT):  # one each from many addresses
                forwarded = f"203.0.113.9, 198.51.100.{number}"  # the first: the client's say
                found.append(await websocket_status(served, origin, wrong, forwarded))
            for _ in range(LIMIT):  # many from one
                found.append(await websocket_status(served, origin, wrong, "198.51.100.0"))
            return found

        found = asyncio.run(guesses())
        assert found == [403] * (2 * LIMIT) + [403] * (LIMIT - 1) + [429]
        assert served.stop() == 0
