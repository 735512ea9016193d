"""Every answer of ``serve`` carries the hardening headers (issue 45, item 5): each
route of the app and each refusal, redirect and error, asked of the real app on a
loopback port. The routes are read from the app's router and the refusals from the
web package's source, so a new one without a case here fails."""

from __future__ import annotations

import ast
import asyncio
import logging
import socket
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")

from palm_island.web.access import LOOPBACK_NAMES, PROTOCOL, AccessPolicy, key_protocol
from palm_island.web.external import ExternalUrl, parse_external_url
from palm_island.web.headers import HARDENING, NOT_STORED
from palm_island.web.listening import listening
from palm_island.web.server import GameServer
from palm_island.web.wrong_keys import LIMIT

WEB = Path(__file__).resolve().parents[2] / "src" / "palm_island" / "web"
TOKEN = "k" * 32


@dataclass(frozen=True)
class Case:
    """One request and what it stands for: the route it reaches and the refusal,
    redirect or error site (``module.function: what``) that answers it, if any."""

    name: str
    method: str
    path: str
    headers: dict[str, str]
    status: int
    route: str
    site: str | None = None
    full: bool = False
    """Asked while every game place is taken."""
    stored: bool = False
    """A static file: the only answer that may be cached."""
    wrong_keys_before: int = 0
    """Wrong keys sent just before it (the limit's refusal)."""


def cases(port: int) -> list[Case]:
    """The requests asked of the app served at the root of ``127.0.0.1:PORT``; the
    last one follows :data:`LIMIT` wrong keys (the limit then holds for a while)."""
    host = {"Host": f"127.0.0.1:{port}"}
    upgrade = {
        **host,
        "Origin": f"http://127.0.0.1:{port}",
        "Connection": "Upgrade",
        "Upgrade": "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    }
    key = {**upgrade, "Sec-WebSocket-Protocol": f"{PROTOCOL}, {key_protocol(TOKEN)}"}
    wrong = {**upgrade, "Sec-WebSocket-Protocol": f"{PROTOCOL}, {key_protocol('w' * 32)}"}
    return [
        Case("the page", "GET", "/", host, 200, "/"),
        Case("an old address's wrong key", "GET", "/?token=nope", host, 403, "/", "WRONG_TOKEN"),
        Case("a foreign host", "GET", "/", {"Host": "evil.example"}, 403, "/", "WRONG_HOST"),
        Case("the page, full", "GET", "/", host, 503, "/", "handle_index: full_words", full=True),
        Case("a method not allowed", "POST", "/", host, 405, "/"),
        Case("a game", "GET", "/ws", key, 101, "/ws"),
        Case("a game without the key", "GET", "/ws", upgrade, 403, "/ws", "NO_TOKEN"),
        Case("a game with a wrong key", "GET", "/ws", wrong, 403, "/ws", "WRONG_TOKEN"),
        Case(
            "a foreign origin",
            "GET",
            "/ws",
            {**key, "Origin": "http://evil"},
            403,
            "/ws",
            "WRONG_ORIGIN",
        ),
        Case(
            "a game, full", "GET", "/ws", key, 503, "/ws", "handle_websocket: full_words", full=True
        ),
        Case("a static file", "GET", "/static/client.js", host, 200, "/static", stored=True),
        Case("the style sheet", "GET", "/static/page.css", host, 200, "/static", stored=True),
        Case("no such static file", "GET", "/static/nosuch.js", host, 404, "/static"),
        Case("a static folder", "GET", "/static/vendor/", host, 403, "/static"),
        Case("no such route", "GET", "/nosuch", host, 404, ""),
        Case(
            "too many wrong keys",
            "GET",
            "/ws",
            wrong,
            429,
            "/ws",
            "HTTPTooManyRequests too_many",
            wrong_keys_before=LIMIT,
        ),
    ]


EXTERNAL = parse_external_url("https://palm.example/palm/")


def proxied_cases() -> list[Case]:
    """The requests asked of the app behind a proxy at :data:`EXTERNAL`."""
    host = {"Host": EXTERNAL.netloc}
    return [
        Case("the page, proxied", "GET", "/palm/", host, 200, "/palm/"),
        Case("the path's redirect", "GET", "/palm", host, 302, "/palm", "to_prefix: HTTPFound"),
        Case("a static file, proxied", "GET", "/palm/static/client.js", host, 200, "/palm/static",
             stored=True),
        Case("outside the path", "GET", "/", host, 404, ""),
        Case("a game without the key, proxied", "GET", "/palm/ws", host, 403, "/palm/ws"),
    ]  # fmt: skip


def refusal_sites() -> set[str]:
    """Every place in the web package that answers with a refusal or a redirect:
    ``module.function: STATUS CONSTANT`` for ``refusal(...)`` and aiohttp's
    ``web.HTTP...(...)`` made there."""
    sites = set()
    for path in sorted(WEB.glob("*.py")):
        tree = ast.parse(path.read_text())
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if not isinstance(node, ast.Call):
                    continue
                words = [ast.unparse(arg).removeprefix("web.") for arg in node.args]
                called = ast.unparse(node.func)
                if called == "refusal":
                    sites.add(f"{path.stem}.{function.name}: {' '.join(words)}")
                elif called.startswith("web.HTTP"):
                    sites.add(f"{path.stem}.{function.name}: {called.removeprefix('web.')}")
    return sites


def covers(case_site: str, site: str) -> bool:
    return all(word in site for word in case_site.split())


async def answer(port: int, case: Case) -> tuple[int, dict[str, str], bytes]:
    """The status line, headers and start of the body of one request, asked raw."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [f"{case.method} {case.path} HTTP/1.1", *(f"{k}: {v}" for k, v in case.headers.items())]
    writer.write(("\r\n".join([*lines, "Content-Length: 0", "", ""])).encode())
    head = (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)).decode("latin-1")
    body = b"" if case.status == 101 else await asyncio.wait_for(reader.read(200), 10)
    writer.close()
    status_line, *header_lines = head.strip().split("\r\n")
    headers = dict(line.split(": ", 1) for line in header_lines)
    return int(status_line.split()[1]), headers, body


@asynccontextmanager
async def served_app(
    external: ExternalUrl | None = None,
) -> AsyncIterator[tuple[GameServer, int]]:
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    server = GameServer(
        [sys.executable, "-c", "pass"],  # a game that leaves at once
        listener,
        host="127.0.0.1",
        url=f"http://127.0.0.1:{port}",
        policy=AccessPolicy.create(TOKEN, port, LOOPBACK_NAMES, external),
        max_games=2,
    )
    async with listening(server.make_app(), listener, server.connections, shutdown_timeout=2):
        yield server, port


def routes_of(external: ExternalUrl | None) -> set[str]:
    listener = socket.create_server(("127.0.0.1", 0))
    with listener:
        server = GameServer(
            ["true"], listener, host="127.0.0.1", url="http://127.0.0.1",
            policy=AccessPolicy.create(TOKEN, 1, LOOPBACK_NAMES, external), max_games=1,
        )  # fmt: skip
        return {resource.canonical for resource in server.make_app().router.resources()}


def test_the_cases_reach_every_route_and_every_refusal() -> None:
    routes = routes_of(None) | routes_of(EXTERNAL)
    asked = cases(1) + proxied_cases()
    assert routes <= {case.route for case in asked}, "a route without a case here"
    sites = refusal_sites()
    assert len(sites) >= 6, sites
    for site in sites:
        assert any(case.site and covers(case.site, site) for case in asked), f"no case: {site}"


async def ask_every_case(server: GameServer, port: int, asked: list[Case]) -> None:
    for case in asked:
        server.max_games = 0 if case.full else 2
        wrong = replace(case, name="a wrong key", status=403, wrong_keys_before=0)
        for _ in range(case.wrong_keys_before):
            assert (await answer(port, wrong))[0] in (403, 429)  # earlier cases count
        status, headers, body = await answer(port, case)
        assert status == case.status, (case.name, status, body)
        for name, value in HARDENING.items():
            assert headers.get(name) == value, (case.name, name, headers)
        if not case.stored:
            assert headers.get("Cache-Control") == NOT_STORED["Cache-Control"], case.name


async def test_every_answer_carries_the_hardening_headers() -> None:
    async with served_app() as (server, port):
        await ask_every_case(server, port, cases(port))
    async with served_app(EXTERNAL) as (server, port):
        await ask_every_case(server, port, proxied_cases())
    policy = dict(part.split(" ", 1) for part in HARDENING["Content-Security-Policy"].split("; "))
    assert policy["frame-ancestors"] == "'none'" and policy["script-src"] == "'self'"


async def test_a_request_aiohttp_cannot_parse_gets_plain_text_only() -> None:
    """It never reaches the app (so none of its headers): aiohttp answers 400 in
    plain text, nothing a browser would render as a page or run."""
    async with served_app() as (_, port):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /<script> HTTP/1.1\r\nHost: \x01<b>\r\n\r\n")
        head = (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)).decode("latin-1")
        writer.close()
    assert head.split("\r\n")[0].split()[1] == "400", head
    assert "Content-Type: text/plain" in head


async def test_requests_that_are_not_http_are_logged_once_per_interval(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async with served_app() as (_, port):
        with caplog.at_level(logging.WARNING):
            for _ in range(30):
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write(b"GET / HTTP/1.1\r\nHost: \x01\r\n\r\n")
                assert b" 400 " in await asyncio.wait_for(reader.readline(), 10)
                writer.close()
    assert [record.getMessage() for record in caplog.records] == [
        "refused a request that is not HTTP (more are counted, not logged)"
    ]
    assert "Traceback" not in caplog.text
