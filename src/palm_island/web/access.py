"""Who may come in to ``palm-island serve``: one check in front of every route.

A server on loopback is not private: any web page the player visits can make the
browser open ``ws://127.0.0.1:PORT/ws`` (cross-site WebSocket hijacking), a name an
attacker controls can be pointed at 127.0.0.1 after the page loads (DNS rebinding),
and every other user of the machine reaches the port. So every request passes, in
this order, before any handler runs and before any game starts:

1. its ``Host`` is a name this server is served as (DNS rebinding shows here);
2. it carries the access token: ``?token=`` once (then kept in an HttpOnly,
   SameSite=Strict cookie, so a reload works and the address bar loses the token) or
   that cookie;
3. for the websocket, its ``Origin`` is the page's own origin (``http://`` + Host).

Refusals are 403 with one short page that says to open the printed address; they
repeat nothing the request sent. Tokens are compared with ``hmac.compare_digest``.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from aiohttp import web
from aiohttp.typedefs import Middleware

TOKEN_QUERY = "token"
"""The query parameter of the printed address."""
TOKEN_COOKIE = "palm_island_token_{port}"
"""The cookie's name: one per port, as browsers share cookies between a host's ports."""
MIN_TOKEN_LENGTH = 16
"""A given token must be at least this long: a short one could be guessed."""
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

REFUSED_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Palm Island</title></head>
<body style="font-family: sans-serif; max-width: 36em; margin: 3em auto; padding: 0 1em">
<h1>Palm Island</h1><p>{message}</p></body></html>
"""

NO_TOKEN = (
    "This address needs the key that <code>palm-island serve</code> printed when it "
    "started. Open the whole address it printed (it ends with <code>?token=</code> "
    "and a key)."
)
WRONG_HOST = (
    "This server does not answer to that name. Open the address "
    "<code>palm-island serve</code> printed, or start it with <code>--allow-host</code>."
)
WRONG_ORIGIN = "Only the game's own page may connect to its games."


def new_token() -> str:
    """A fresh random token for one run of the server (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def token_problem(token: str) -> str | None:
    """Why a token given by the player cannot be used, or None."""
    if len(token) < MIN_TOKEN_LENGTH:
        return f"the token must be at least {MIN_TOKEN_LENGTH} characters long"
    if not all(c.isascii() and (c.isalnum() or c in "-_.~") for c in token):
        return "the token may hold only letters, digits and - _ . ~"
    return None


def refusal(status: type[web.HTTPException], message: str) -> web.HTTPException:
    """A short HTML page for a refused request (the message is ours, never the request's)."""
    return status(text=REFUSED_PAGE.format(message=message), content_type="text/html")


def host_name(host_header: str) -> tuple[str, int | None] | None:
    """The name and port of a ``Host`` header (``[::1]:8000`` -> ``("::1", 8000)``),
    or None when it is malformed."""
    host, port_text = host_header.strip().lower(), ""
    if host.startswith("["):
        name, bracket, rest = host[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            return None
        port_text = rest[1:]
    else:
        name, _, port_text = host.partition(":")
    if not name:
        return None
    if not port_text:
        return name, None
    if not port_text.isdigit():
        return None
    return name, int(port_text)


def normal_name(name: str) -> str:
    """A host name as compared: lower case, no brackets, an address in its one form."""
    name = name.strip().strip("[]").lower().rstrip(".")
    try:
        return str(ipaddress.ip_address(name))
    except ValueError:
        return name


@dataclass(frozen=True)
class AccessPolicy:
    """The names this server answers to, its port and its token."""

    token: str
    port: int
    names: frozenset[str]

    @classmethod
    def create(cls, token: str, port: int, names: Iterable[str]) -> AccessPolicy:
        return cls(token, port, frozenset(normal_name(name) for name in names))

    def host_allowed(self, host_header: str | None) -> bool:
        if not host_header:
            return False
        parsed = host_name(host_header)
        if parsed is None:
            return False
        name, port = parsed
        default_port = 80
        return normal_name(name) in self.names and (port or default_port) == self.port

    def token_matches(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), self.token.encode())

    def origin_allowed(self, origin: str | None, host_header: str) -> bool:
        """The websocket's Origin must be this page's own: ``http://`` + the Host."""
        return origin is not None and hmac.compare_digest(
            origin.lower(), f"http://{host_header}".lower()
        )

    def middleware(self) -> Middleware:
        """The aiohttp middleware that applies this policy to every route."""

        @web.middleware
        async def check_access(request: web.Request, handler: Handler) -> web.StreamResponse:
            host = request.headers.get("Host")
            if not self.host_allowed(host):
                raise refusal(web.HTTPForbidden, WRONG_HOST)
            assert host is not None
            from_query = request.query.get(TOKEN_QUERY)
            if not self.token_matches(from_query) and not self.token_matches(
                request.cookies.get(self.cookie_name)
            ):
                raise refusal(web.HTTPForbidden, NO_TOKEN)
            if request.path == "/ws" and not self.origin_allowed(
                request.headers.get("Origin"), host
            ):
                raise refusal(web.HTTPForbidden, WRONG_ORIGIN)
            if from_query is not None and request.method == "GET" and request.path == "/":
                # Keep the token in a cookie and take it out of the address bar (and so
                # out of the history and of any Referer).
                query = request.url.query.copy()
                query.popall(TOKEN_QUERY)
                redirect = web.HTTPFound(request.url.relative().with_query(query))
                self.set_cookie(redirect)
                raise redirect
            return await handler(request)

        return check_access

    @property
    def cookie_name(self) -> str:
        return TOKEN_COOKIE.format(port=self.port)

    def set_cookie(self, response: web.StreamResponse) -> None:
        response.set_cookie(
            self.cookie_name, self.token, httponly=True, samesite="Strict", path="/"
        )
