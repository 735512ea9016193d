"""The refusal pages (a full server, a wrong or missing key, too many wrong keys, a
foreign name or origin) are written in the language of the request's
``Accept-Language``, as the page is, never the server's: ``<html lang>`` and
``Content-Language`` say which, and the sentence's commands stay code."""

from __future__ import annotations

import socket
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any, cast

import pytest

pytest.importorskip("textual_serve")

import aiohttp

from palm_island.i18n import speaking
from palm_island.web.access import LOOPBACK_NAMES, PROTOCOL, AccessPolicy, key_protocol
from palm_island.web.listening import listening
from palm_island.web.server import GameServer
from palm_island.web.tab_game import TabGame
from palm_island.web.wrong_keys import LIMIT

TOKEN = "k" * 32
UPGRADE = {
    "Connection": "Upgrade",
    "Upgrade": "websocket",
    "Sec-WebSocket-Version": "13",
    "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
}
SPANISH = {"Accept-Language": "es-ES,es;q=0.9,en;q=0.5"}


@asynccontextmanager
async def served() -> AsyncIterator[tuple[GameServer, int]]:
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    server = GameServer(
        [sys.executable, "-c", "pass"], listener, host="127.0.0.1",
        url=f"http://127.0.0.1:{port}",
        policy=AccessPolicy.create(TOKEN, port, LOOPBACK_NAMES, None), max_games=2,
    )  # fmt: skip
    async with listening(server.make_app(), listener, server.connections, shutdown_timeout=2):
        yield server, port


@contextmanager
def every_place_taken(server: GameServer, places: int) -> Iterator[None]:
    """``places`` games allowed, each taken (by stand-ins: no game starts)."""
    server.max_games = places
    server.games = cast(dict[Any, TabGame], {index: None for index in range(places)})
    try:
        yield
    finally:
        server.games = {}


async def refused(
    client: aiohttp.ClientSession, url: str, headers: dict[str, str], status: int
) -> tuple[str, str]:
    """The refusal's page and its Content-Language."""
    async with client.get(url, headers=headers) as response:
        assert response.status == status, await response.text()
        return await response.text(), response.headers["Content-Language"]


def sentence(page: str) -> str:
    return page.split("<p>", 1)[1].split("</p>", 1)[0]


async def test_every_refusal_is_in_the_browser_s_language() -> None:
    with speaking("en"):  # the server's own language says nothing about the page's
        async with served() as (server, port), aiohttp.ClientSession() as client:
            base = f"http://127.0.0.1:{port}"
            ws = {**UPGRADE, "Origin": base}
            wrong = {**ws, "Sec-WebSocket-Protocol": f"{PROTOCOL}, {key_protocol('w' * 32)}"}
            asked = {
                "no key": (f"{base}/ws", ws, 403),
                "wrong key": (f"{base}/?token=nope", {}, 403),
                "foreign host": (f"{base}/", {"Host": "evil.example"}, 403),
                "foreign origin": (f"{base}/ws", {**wrong, "Origin": "http://evil"}, 403),
                "no such page": (f"{base}/nosuch", {}, 404),
                "a folder": (f"{base}/static/vendor/", {}, 403),
            }
            pages = {}
            for name, (url, headers, status) in asked.items():
                pages[name] = await refused(client, url, {**headers, **SPANISH}, status)
                pages[f"{name}, English"] = await refused(client, url, headers, status)
            for _ in range(LIMIT):  # the wrong keys above count too: some may be 429s
                async with client.get(f"{base}/ws", headers=wrong) as response:
                    assert response.status in (403, 429)
            pages["too many"] = await refused(client, f"{base}/ws", {**wrong, **SPANISH}, 429)
            pages["too many, English"] = await refused(client, f"{base}/ws", wrong, 429)
            with every_place_taken(server, 1):
                pages["full"] = await refused(client, f"{base}/", SPANISH, 503)
                pages["full, English"] = await refused(client, f"{base}/", {}, 503)
    for name, (page, language) in pages.items():
        expected = "en" if name.endswith("English") else "es"
        assert language == expected and f'<html lang="{expected}">' in page, name
    english = {name: sentence(page) for name, (page, _) in pages.items()}
    assert english["no key"].startswith("Esta dirección necesita la clave")
    assert english["no key, English"].startswith("This address needs the key")
    assert english["wrong key"].startswith("Esa no es la clave de este servidor")
    assert english["foreign host"].startswith("Este servidor no responde a ese nombre")
    assert (
        english["foreign origin"]
        == "Solo la página del propio juego puede conectarse a sus partidas."
    )
    assert english["too many"].startswith("Han llegado demasiadas claves erróneas")
    assert "Espera 10 segundos" in english["too many"]
    assert english["full"].startswith("Ya está en marcha la única partida")  # one place: singular
    assert english["full, English"].startswith("The one game this server allows")
    assert english["no such page"].startswith("Aquí no se sirve nada")
    assert english["a folder"].startswith("Esta dirección no responde a esa petición")
    assert english["no such page, English"].startswith("Nothing is served at this address")
    assert "<code>palm-island serve</code>" in english["no key"]  # the command kept, as code
    assert "<code>--allow-host</code>" in english["foreign host"]
    assert all("{" not in text for text in english.values())


async def test_a_server_of_many_places_says_how_many() -> None:
    async with served() as (server, port), aiohttp.ClientSession() as client:
        with every_place_taken(server, 3):
            page, _ = await refused(client, f"http://127.0.0.1:{port}/", SPANISH, 503)
    assert "Ya están en marcha las 3 partidas que permite este servidor." in page


async def test_a_method_an_address_does_not_take_is_answered_in_words() -> None:
    async with (
        served() as (_, port),
        aiohttp.ClientSession() as client,
        client.post(f"http://127.0.0.1:{port}/", headers=SPANISH) as response,
    ):
        assert response.status == 405
        assert "GET" in response.headers["Allow"]  # aiohttp's header kept
        assert response.headers["Content-Language"] == "es"
        page = await response.text()
    assert sentence(page).startswith("Esta dirección no responde a esa petición")


async def test_a_refusal_follows_the_player_s_kept_choice() -> None:
    """The page's kept choice (its cookie) comes before Accept-Language for a
    refusal too, as for the page itself (one ``request_language``)."""
    from palm_island.web.languages import CHOICE_COOKIE

    with speaking("en"):
        async with served() as (_server, port):
            url = f"http://127.0.0.1:{port}/no-such-page"
            async with aiohttp.ClientSession(cookies={CHOICE_COOKIE: "es"}) as client:
                page, language = await refused(client, url, {"Accept-Language": "en"}, 404)
            assert language == "es" and '<html lang="es">' in page
            async with aiohttp.ClientSession() as client:
                _page, language = await refused(client, url + "?lang=es", {}, 404)
            assert language == "es"
