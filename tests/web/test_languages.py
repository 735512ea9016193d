"""A browser tab's language (web/languages.py): the page in its request's
Accept-Language, the game started with ``--lang`` from its socket's ``lang``, and
nothing but a shipped language ever passed on; never the server's environment."""

from __future__ import annotations

import socket
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")

import aiohttp

from palm_island.i18n import available_languages
from palm_island.web.access import LOOPBACK_NAMES, PROTOCOL, AccessPolicy, key_protocol
from palm_island.web.languages import (
    CHOICE_COOKIE,
    chosen_language,
    page_language,
    tab_language,
    with_language,
)
from palm_island.web.listening import listening
from palm_island.web.page_words import WORDS
from palm_island.web.server import GameServer

from .socket_wait import receive_within

TOKEN = "k" * 32
GAME = [sys.executable, "-m", "palm_island", "--data-dir", "/tmp/d", "play"]


def test_spanish_is_shipped() -> None:
    assert "es" in available_languages()


@pytest.mark.parametrize(
    ("requested", "language"),
    [
        ("es-AR,es,en-US,en", "es"),
        ("fr-FR,fr,es", "es"),  # the first one the game has
        ("ES_es", "es"),
        ("en-GB,es", "en"),
        ("de,fr", "en"),  # none shipped: English
        (None, "en"),
        ("", "en"),
        ("--data-dir", "en"),  # option-like: never reaches the command
        ("es;rm -rf /", "en"),
        ("<b>es</b>", "en"),
        ("ésp,es", "es"),  # a non-ASCII tag is passed over
        ("de," * 20 + "es", "en"),  # past the entries looked at
        ("es" + " " * 600, "en"),  # too long: ignored, not cut
    ],
)
def test_a_tab_s_language_is_one_the_game_ships_or_english(
    requested: str | None, language: str
) -> None:
    assert tab_language(requested) == language


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("es-AR,es;q=0.9,en;q=0.8", "es"),
        ("en;q=0.8,es", "es"),  # by weight, not order
        ("en,es", "en"),
        ("es;q=0,en", "en"),  # weight 0: refused
        ("es;q=x", "en"),  # a broken weight drops its entry
        ("*", "en"),
        (None, "en"),
    ],
)
def test_the_page_s_language_follows_accept_language(header: str | None, language: str) -> None:
    assert page_language(header) == language


@pytest.mark.parametrize(
    ("choices", "language"),
    [
        (("es",), "es"),
        (("EN",), "en"),  # English too: a choice, not the browser's fallback
        ((None, "es"), "es"),  # no address's lang: the kept cookie
        (("en", "es"), "en"),  # the address's lang before the cookie
        (("tlh", "es"), "es"),  # not shipped: passed over
        (("es,en",), None),  # one language, never a list
        (("--lang",), None),
        (("es" * 300,), None),
        ((None, None), None),
    ],
)
def test_a_choice_is_one_language_the_game_ships(
    choices: tuple[str | None, ...], language: str | None
) -> None:
    assert chosen_language(*choices) == language


def test_the_player_s_choice_comes_before_the_browser_s() -> None:
    assert tab_language("es-AR,es", "en") == "en"
    assert tab_language("en-US", "es") == "es"
    assert tab_language("es", "<script>") == "es"  # a bad cookie: the browser's
    assert page_language("es-ES", None, "en") == "en"  # the cookie
    assert page_language("en", "es", "en") == "es"  # the address's lang first
    assert page_language("es", "--x", None) == "es"


def test_the_language_goes_before_the_command_and_english_adds_nothing() -> None:
    assert with_language(GAME, "es") == [*GAME[:5], "--lang", "es", "play"]
    assert with_language(GAME, "en") == GAME
    assert with_language(GAME, "tlh") == GAME  # not shipped: never passed


@asynccontextmanager
async def served(game: list[str]) -> AsyncIterator[int]:
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    server = GameServer(
        game, listener, host="127.0.0.1", url=f"http://127.0.0.1:{port}",
        policy=AccessPolicy.create(TOKEN, port, LOOPBACK_NAMES, None), max_games=2,
    )  # fmt: skip
    async with listening(server.make_app(), listener, server.connections, shutdown_timeout=2):
        yield port


async def test_the_page_is_written_in_the_browser_s_language() -> None:
    async with served([sys.executable, "-c", "pass"]) as port, aiohttp.ClientSession() as client:
        url = f"http://127.0.0.1:{port}/"
        async with client.get(url, headers={"Accept-Language": "es-ES,es;q=0.9"}) as response:
            spanish = await response.text()
            assert response.headers["Content-Language"] == "es"
        async with client.get(url, headers={"Accept-Language": "de"}) as response:
            english = await response.text()
    assert '<html lang="es">' in spanish and '<html lang="en">' in english
    assert "Esta ventana de la partida se ha cerrado." in spanish
    assert "This game window has closed." in english
    assert "<code>palm-island serve</code>" in spanish  # the command kept, as code
    for text in WORDS.values():  # no note left in English
        assert text.split("{")[0] not in spanish
    assert "{" not in spanish.split("<body>")[1]


def stand_in_game(out: Path) -> list[str]:
    """A game command whose stand-in only writes its arguments to ``out``."""
    script = "import sys; open(sys.argv[1], 'a').write(repr(sys.argv[2:]) + '\\n')"
    return [sys.executable, "-c", script, str(out), "play"]


async def start_stand_in(client: aiohttp.ClientSession, port: int, lang: str) -> None:
    """A tab's socket with ``lang``, held until the server closes it: once the
    stand-in has left (and written)."""
    async with client.ws_connect(
        f"http://127.0.0.1:{port}/ws?width=80&height=24&lang={lang}",
        protocols=(PROTOCOL, key_protocol(TOKEN)),
        headers={"Origin": f"http://127.0.0.1:{port}"},
    ) as websocket:
        message = await receive_within(websocket, 10, "the stand-in game to leave")
        assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)


async def test_the_tab_s_game_is_started_with_its_language(tmp_path: Path) -> None:
    """A stand-in game writes its command line; the socket's ``lang`` reaches it as
    ``--lang es``, and a language not shipped reaches it as nothing at all."""
    out = tmp_path / "argv"
    game = stand_in_game(out)
    async with served(game) as port, aiohttp.ClientSession() as client:
        for lang in ("es-MX,en", "--data-dir=/etc,de"):
            await start_stand_in(client, port, lang)
    assert out.read_text().splitlines() == ["['--lang', 'es', 'play']", "['play']"]


async def test_a_kept_choice_reaches_the_page_and_the_game(tmp_path: Path) -> None:
    """The page's cookie speaks before Accept-Language and the socket's ``lang``; a
    cookie that is not a shipped language is passed over."""
    out = tmp_path / "argv"
    game = stand_in_game(out)
    async with served(game) as port:
        url = f"http://127.0.0.1:{port}/"
        for cookie in ("es", "nonsense"):
            async with aiohttp.ClientSession(cookies={CHOICE_COOKIE: cookie}) as client:
                async with client.get(url, headers={"Accept-Language": "en"}) as response:
                    assert response.headers["Content-Language"] == (
                        "es" if cookie == "es" else "en"
                    )
                    assert "Cookie" in response.headers["Vary"]
                await start_stand_in(client, port, "en-US")
    assert out.read_text().splitlines() == ["['--lang', 'es', 'play']", "['play']"]
