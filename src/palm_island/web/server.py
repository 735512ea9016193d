"""Provides :class:`GameServer`: textual-serve's page on an aiohttp app of our own,
behind one access check and within bounds.

Every route (the page, ``/ws``, ``/static``) passes :mod:`.access` first (Host;
for the websocket Origin and the key), so a refused request starts nothing. Each
accepted websocket runs one :class:`~.tab_game.TabGame` while fewer than
``max_games`` run; beyond that the page and the websocket answer 503 with a page
saying so, and no process starts. A tab that goes (closed, network lost: the
heartbeat notices; a browser that stops reading: the outbox notices) ends its game
within a few seconds. Before any of that, :mod:`.limits` caps the connections (a
game's is never closed by the caps); every answer carries :mod:`.headers`; a
browser's message is read by :mod:`.messages`, which ignores what it does not
understand.

Behind a reverse proxy (``--external-url``, :mod:`.external`) every route is under
the external URL's path, as the proxy passes it: the page at ``<path>``, a redirect
from ``<path>`` without its last ``/``, ``<path>static/``, ``<path>ws``.

The page (``templates/app_index.html``) loads our own client script, xterm.js and
the font from the server's ``static/`` (:mod:`.assets`: nothing from another host,
so it works offline) and opens its websocket beside itself. The app is built here
rather than by textual-serve's ``Server`` (whose builder is private) so the access
check is in front of every route and there is no ``/download`` route: the game
delivers no files. Nothing sets a cookie.

Each tab plays in its browser's language, never the server's (:mod:`.languages`):
the page in its request's ``Accept-Language``, the game in its socket's ``lang``,
given to it as ``--lang``; a choice the page keeps (its language cookie) first.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Sequence
from gettext import NullTranslations
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.server import Server

from ..i18n import _
from .access import (
    LANGUAGE_VARY,
    PROTOCOL,
    TOKEN_FRAGMENT,
    AccessPolicy,
    refusal,
    request_language,
)
from .assets import STATIC
from .headers import install as install_headers
from .languages import CHOICE_COOKIE, tab_language, with_language
from .limits import Connections, raise_open_files_limit
from .listening import serve_until_stopped
from .messages import Focus, Keys, Ping, Resize, decode
from .page_words import page_words
from .tab_game import (
    MAX_PENDING_BYTES,
    WRITE_TIMEOUT_SECONDS,
    ClientStalled,
    Outbox,
    TabGame,
    clamp_size,
)

TEMPLATES = Path(__file__).parent / "templates"
TITLE = "Palm Island"
HEARTBEAT_SECONDS = 2.0
"""The websocket's ping interval; a browser that does not answer within half of it
is gone (closed laptop, lost network)."""
MAX_MESSAGE_BYTES = 64 * 1024
"""The largest message a browser may send (keys and sizes are a few bytes)."""
SHUTDOWN_SECONDS = 10.0
"""How long stopping the server waits for its tabs' handlers once their games end."""


log = logging.getLogger("palm-island.serve")


class GameServer(Server):
    """One game process per browser tab; ``serve()`` runs until ctrl+c or SIGTERM."""

    def __init__(
        self,
        argv: Sequence[str],
        listener: socket.socket,
        *,
        host: str,
        url: str,
        policy: AccessPolicy,
        max_games: int,
    ) -> None:
        port: int = listener.getsockname()[1]
        super().__init__(
            " ".join(argv), host=host, port=port, title=TITLE, public_url=url,
            templates_path=TEMPLATES, statics_path=STATIC,
        )  # fmt: skip
        self.listener = listener
        """Bound and listening before the address is printed (``commands/serve.py``):
        the printed address has the real port (``--port 0``) and answers at once."""
        self.argv = list(argv)
        self.policy = policy
        self.max_games = max_games
        self.games: dict[asyncio.Task[Any], TabGame] = {}
        """The tabs being served (their handlers' tasks), each with its game."""
        self.connections = Connections.for_open_files(raise_open_files_limit(), max_games)
        """The caps on connections before the key (:mod:`.limits`)."""

    @property
    def page_url(self) -> str:
        """The address to open, with the key in its fragment (which no request
        carries: not to the server, a proxy's log or a Referer)."""
        external = self.policy.external
        address = external.address if external is not None else f"{self.public_url}/"
        return f"{address}#{TOKEN_FRAGMENT}={self.policy.token}"

    def initialize_logging(self) -> None:
        """Warnings and errors only: no banner, no line per request (and so the token
        is never written anywhere but the one line that prints the address)."""
        logging.basicConfig(level=logging.WARNING, format="palm-island serve: %(message)s")

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self.connections.middleware(), self.policy.middleware()])
        install_headers(app)
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        prefix = self.policy.prefix
        app.add_routes(
            [
                web.get(prefix, self.handle_index, name="index"),
                web.get(f"{prefix}ws", self.handle_websocket, name="websocket"),
                web.static(f"{prefix}static", self.statics_path, name="static"),
            ]
        )
        if prefix != "/":
            app.router.add_get(prefix.rstrip("/"), self.to_prefix, name="to-prefix")
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    def serve(self, debug: bool = False) -> None:
        """Runs until ctrl+c or SIGTERM, within the connection caps."""
        self.initialize_logging()
        serve_until_stopped(
            self.make_app(), self.listener, self.connections, shutdown_timeout=SHUTDOWN_SECONDS
        )

    async def on_startup(self, app: web.Application) -> None:
        """Prints the address: the socket listens already, so it answers (a
        connection waits in the backlog until the server accepts it)."""
        print(_("Palm Island is served at {address}").format(address=self.page_url), flush=True)
        if self.policy.external is not None:
            listening_on = _("(for the proxy: listening on {address})")
            print(listening_on.format(address=self.public_url), flush=True)
        print(
            _("Open that address in a browser; ctrl+c stops the server and its games."), flush=True
        )

    def full(self) -> bool:
        return len(self.games) >= self.max_games

    def full_words(self, translate: NullTranslations) -> str:
        """The refusal's sentence when every game place is taken (``{max_games}``)."""
        return translate.ngettext(
            "The one game this server allows is running. Close the other Palm Island tab, "
            "then reload this page.",
            "All {max_games} games this server allows are running. Close another Palm "
            "Island tab, then reload this page.",
            self.max_games,
        )

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if self.full():
            raise refusal(
                request, web.HTTPServiceUnavailable, self.full_words, max_games=self.max_games
            )
        language = request_language(request)
        context = {
            "application": {"name": self.title},
            "language": language,
            "words": page_words(language, self.title),
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Content-Language"] = language
        response.headers["Vary"] = LANGUAGE_VARY
        return response

    async def to_prefix(self, request: web.Request) -> web.StreamResponse:
        """``/palm`` -> ``/palm/``: the page's relative addresses need the slash."""
        target = self.policy.prefix + (f"?{request.query_string}" if request.query_string else "")
        raise web.HTTPFound(target)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A tab's connection: one game while it lasts, within the bounds."""
        if self.full():
            raise refusal(
                request, web.HTTPServiceUnavailable, self.full_words, max_games=self.max_games
            )
        task = asyncio.current_task()
        assert task is not None
        websocket = web.WebSocketResponse(
            heartbeat=HEARTBEAT_SECONDS,
            max_msg_size=MAX_MESSAGE_BYTES,
            timeout=1.0,
            protocols=(PROTOCOL,),  # echoed: never the page's other one, with the key
        )
        outbox = Outbox(
            self.send_to(websocket), max_bytes=MAX_PENDING_BYTES, timeout=WRITE_TIMEOUT_SECONDS
        )
        language = tab_language(request.query.get("lang"), request.cookies.get(CHOICE_COOKIE))
        game = TabGame(with_language(self.argv, language), outbox)
        self.games[task] = game  # counted from here, before anything awaits
        self.connections.hold(request)  # a game's connection: never closed to make room
        try:
            await websocket.prepare(request)
            size = clamp_size(request.query.get("width"), request.query.get("height"))
            await game.start(*size, touch=request.query.get("touch") == "1")
            await self.run_tab(websocket, game, outbox)
        finally:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.shield(self.close_tab(websocket, game))
            self.games.pop(task, None)
        return websocket

    @staticmethod
    def send_to(websocket: web.WebSocketResponse) -> Any:
        async def send(frame: bytes | str) -> None:
            if isinstance(frame, bytes):
                await websocket.send_bytes(frame)
            else:
                await websocket.send_str(frame)

        return send

    async def run_tab(
        self, websocket: web.WebSocketResponse, game: TabGame, outbox: Outbox
    ) -> None:
        """Until the first of: the browser goes, the game leaves, the browser stalls."""
        assert game.reader is not None
        parts = [
            asyncio.create_task(self.from_browser(websocket, game)),
            game.reader,
            asyncio.create_task(outbox.pump()),
        ]
        try:
            done, _pending = await asyncio.wait(parts, return_when=asyncio.FIRST_COMPLETED)
            for part in done:
                if not part.cancelled() and isinstance(part.exception(), ClientStalled):
                    log.warning(_("a browser stopped reading its game: ending that game"))
        finally:
            for part in (parts[0], parts[2]):  # the reader is the game's: end() stops it
                part.cancel()
            await asyncio.gather(parts[0], parts[2], return_exceptions=True)

    async def close_tab(self, websocket: web.WebSocketResponse, game: TabGame) -> None:
        await game.end()
        if not websocket.closed and websocket.prepared:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(websocket.close(), 1.0)

    async def from_browser(self, websocket: web.WebSocketResponse, game: TabGame) -> None:
        """The browser's messages (textual-serve's protocol, :mod:`.messages`); a
        message the server does not understand is ignored."""
        async for message in websocket:
            decoded = decode(message.data) if message.type == WSMsgType.TEXT else None
            if isinstance(decoded, Keys):
                await game.keys(decoded.text)
            elif isinstance(decoded, Resize):
                await game.resize(decoded.width, decoded.height)
            elif isinstance(decoded, Ping):
                await websocket.send_json(["pong", decoded.payload])
            elif isinstance(decoded, Focus):
                await game.meta({"type": "focus" if decoded.focused else "blur"})

    async def on_shutdown(self, app: web.Application) -> None:
        """Ends every tab's game (each within its bound, all at once), then their
        connections: open connections would otherwise hold the server up. The
        wrong keys not yet reported get their line."""
        self.policy.wrong_keys.flush()
        tabs = dict(self.games)
        await asyncio.gather(*(game.end() for game in tabs.values()), return_exceptions=True)
        for task in tabs:
            task.cancel()
        if tabs:
            await asyncio.wait(tabs, timeout=SHUTDOWN_SECONDS)
