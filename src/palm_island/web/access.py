"""Who may come in to ``palm-island serve``: one check in front of every route.

A server on loopback is not private: any web page the player visits can make the
browser open ``ws://127.0.0.1:PORT/ws`` (cross-site WebSocket hijacking), a name an
attacker controls can be pointed at 127.0.0.1 after the page loads (DNS rebinding),
every other user of the machine reaches the port, and every other server on
127.0.0.1 gets whatever cookies the browser holds for 127.0.0.1 (cookies are per
host, not per port). So every request passes, in this order, before any handler
runs and before any game starts:

1. its ``Host`` is a name this server is served as (DNS rebinding shows here);
2. for a game's websocket, its ``Origin`` is the page's own (``http://`` + the
   Host, or the ``--external-url``'s origin behind a proxy);
3. for a game's websocket, the key, which the page sends as a websocket
   subprotocol (:data:`KEY_PROTOCOL_PREFIX` and the key in base64url, beside the
   plain :data:`PROTOCOL`, the one the server echoes). The page takes the key from
   its address's fragment (``#token=``), which no request carries, and keeps it in
   ``sessionStorage``, which is per origin (scheme, host *and* port): no other
   page and no other server ever gets it, and nothing the browser sends by
   itself (a cookie) grants anything. ``GET /`` with a wrong ``?token=`` (an old
   bookmark's form) is refused too.

The page and its static files hold no secret: any request with a served Host gets
them. Wrong keys are rate-limited per address (:mod:`.wrong_keys`). A header that
is not ASCII is refused like a wrong one, never compared (``hmac.compare_digest``
raises on such text). Refusals are short pages that say what to open, in the
language of the request's ``Accept-Language`` (as the page's own words,
:mod:`.languages`); they repeat nothing the request sent.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import ipaddress
import secrets
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from gettext import NullTranslations

from aiohttp import web
from aiohttp.typedefs import Middleware
from markupsafe import Markup, escape

from ..i18n import N_, translations
from .external import ExternalUrl
from .key_strength import key_problem
from .languages import CHOICE_COOKIE, page_language
from .wrong_keys import WINDOW_SECONDS, WrongKeys

TOKEN_FRAGMENT = "token"
"""The printed address carries the key as ``#token=KEY``."""
TOKEN_QUERY = "token"
"""An old address's form, ``?token=KEY``: the page still takes it."""
PROTOCOL = "palm-island"
"""The websocket subprotocol the server echoes: never the one with the key."""
KEY_PROTOCOL_PREFIX = "palm-island.key."
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

REFUSED_PAGE = Markup("""<!DOCTYPE html>
<html lang="{language}"><head><meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Palm Island</title></head>
<body style="font-family: sans-serif; max-width: 36em; margin: 3em auto; padding: 0 1em">
<h1>Palm Island</h1><p>{message}</p></body></html>
""")
"""A refusal's page: its title stays the game's name, its sentence is translated."""

CODE = {
    "command": Markup("<code>palm-island serve</code>"),
    "marker": Markup("<code>#token=</code>"),
    "allow_host": Markup("<code>--allow-host</code>"),
    "external_url": Markup("<code>--external-url</code>"),
}
"""What a refusal's sentence names that is typed, not read: put in as ``<code>``
after the sentence is escaped (so a translation holds no markup)."""

NO_TOKEN = N_(
    "This address needs the key that {command} printed when it started. Open the whole "
    "address it printed (it ends with {marker} and a key)."
)
WRONG_TOKEN = N_(
    "That is not this server's key. Open the whole address {command} printed when it last started."
)
WRONG_HOST = N_(
    "This server does not answer to that name. Open the address {command} printed, or "
    "start it with {allow_host} (behind a proxy: {external_url})."
)
WRONG_ORIGIN = N_("Only the game's own page may connect to its games.")
NOT_HERE = N_("Nothing is served at this address. Open the whole address {command} printed.")
NOT_TAKEN = N_(
    "This address does not answer that request. Open the whole address {command} printed."
)
REPLACED_HEADERS = frozenset({"content-type", "content-length"})
IN_WORDS = frozenset({403, 404, 405})
"""aiohttp's own answers put in words (:func:`in_words`): a static folder, no such
page, a method an address does not take. (A missing static file's 404 has no body:
the browser says it in its own words.)"""

Words = str | Callable[[NullTranslations], str]
"""A refusal's sentence: a marked constant, or a function of the request's catalog
(a sentence with a count, whose form the language chooses)."""


def too_many(translate: NullTranslations) -> str:
    """The wrong-key limit's sentence (``{seconds}``: how long to wait)."""
    return translate.ngettext(
        "Too many wrong keys came from this address. Wait {seconds} second, then open "
        "the whole address {command} printed.",
        "Too many wrong keys came from this address. Wait {seconds} seconds, then open "
        "the whole address {command} printed.",
        round(WINDOW_SECONDS),
    )


def new_token() -> str:
    """A fresh random token for one run of the server (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def token_problem(token: str) -> str | None:
    """Why a key given by the player cannot be used, or None."""
    return key_problem(token)


def refusal(
    request: web.Request, status: type[web.HTTPException], words: Words, **values: object
) -> web.HTTPException:
    """A short HTML page for a refused request, in the request's language
    (:func:`request_language`), never the server's. The sentence is ours, never the
    request's."""
    page, language = refusal_page(request, words, **values)
    refused = status(text=page, content_type="text/html")
    refused.headers["Content-Language"] = language
    refused.headers["Vary"] = LANGUAGE_VARY
    return refused


LANGUAGE_VARY = "Accept-Language, Cookie"
"""What a page's language depends on: :func:`request_language`'s sources."""


def request_language(request: web.Request) -> str:
    """The language of a page answering ``request``: the player's choice (the
    address's ``lang``, the page's kept cookie), else its ``Accept-Language``
    (:func:`~.languages.page_language`); every page, game or refusal, the same way."""
    return page_language(
        ascii_header(request, "Accept-Language"),
        request.query.get("lang"),
        request.cookies.get(CHOICE_COOKIE),
    )


def refusal_page(request: web.Request, words: Words, **values: object) -> tuple[str, str]:
    """The refusal's page and its language (see :func:`refusal`)."""
    language = request_language(request)
    translate = translations(language)
    text = translate.gettext(words) if isinstance(words, str) else words(translate)
    message = escape(text).format(**CODE, **values)
    return str(REFUSED_PAGE.format(language=language, message=message)), language


def in_words(request: web.Request, answer: web.HTTPException) -> web.StreamResponse:
    """aiohttp's own short answers a person may read (no such page, a folder, a
    method the address does not take: plain English text) as a refusal page in the
    request's language, with the answer's status and headers (405's ``Allow``)."""
    words = NOT_HERE if answer.status == 404 else NOT_TAKEN
    page, language = refusal_page(request, words)
    kept = {k: v for k, v in answer.headers.items() if k.lower() not in REPLACED_HEADERS}
    response = web.Response(status=answer.status, text=page, content_type="text/html", headers=kept)
    response.headers["Content-Language"] = language
    response.headers["Vary"] = LANGUAGE_VARY
    return response


def ascii_header(request: web.Request, name: str) -> str | None:
    """A request header as text to compare, or None when it is missing or not
    ASCII: every header the check reads comes through here (aiohttp hands bytes
    it cannot decode over as lone surrogates, which no comparison should meet)."""
    value = request.headers.get(name)
    return value if value is not None and value.isascii() else None


def host_name(host_header: str) -> tuple[str, int | None] | None:
    """The name and port of a ``Host`` header (``[::1]:8000`` -> ``("::1", 8000)``),
    or None when it is malformed."""
    if not host_header.isascii():
        return None
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
    if not port_text.isdigit() or len(port_text) > 5:
        return None
    return name, int(port_text)


def normal_name(name: str) -> str:
    """A host name as compared: lower case, no brackets, an address in its one form."""
    name = name.strip().strip("[]").lower().rstrip(".")
    try:
        return str(ipaddress.ip_address(name))
    except ValueError:
        return name


def key_from_protocols(header: str | None) -> str | None:
    """The key a page offers among its websocket subprotocols, or None when it
    offers none; a malformed one comes back as ``""`` (a wrong key)."""
    if header is None:
        return None
    for offered in header.split(","):
        offered = offered.strip()
        if offered.startswith(KEY_PROTOCOL_PREFIX):
            encoded = offered.removeprefix(KEY_PROTOCOL_PREFIX)
            try:
                key = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
                return key.decode("ascii")
            except (binascii.Error, ValueError):
                return ""
    return None


def key_protocol(key: str) -> str:
    """The subprotocol value that carries ``key`` (what the page offers)."""
    return KEY_PROTOCOL_PREFIX + base64.urlsafe_b64encode(key.encode()).decode().rstrip("=")


@dataclass(frozen=True)
class AccessPolicy:
    """The names this server answers to, its port, its key and, behind a proxy,
    the address people open."""

    token: str
    port: int
    names: frozenset[str]
    external: ExternalUrl | None = None
    wrong_keys: WrongKeys = field(default_factory=WrongKeys, compare=False)

    @classmethod
    def create(
        cls, token: str, port: int, names: Iterable[str], external: ExternalUrl | None = None
    ) -> AccessPolicy:
        return cls(token, port, frozenset(normal_name(name) for name in names), external)

    @property
    def prefix(self) -> str:
        """The path everything is served under (``/``, or the external URL's)."""
        return self.external.path if self.external is not None else "/"

    def host_allowed(self, host_header: str | None) -> bool:
        if not host_header:
            return False
        parsed = host_name(host_header)
        if parsed is None:
            return False
        name, port = normal_name(parsed[0]), parsed[1]
        if name in self.names and (port or 80) == self.port:
            return True
        external = self.external
        return (
            external is not None
            and name == external.host
            and port in (None, external.effective_port)
        )

    def token_matches(self, given: str | None) -> bool:
        return (
            given is not None
            and given.isascii()
            and hmac.compare_digest(given.encode(), self.token.encode())
        )

    def origin_allowed(self, origin: str | None, host_header: str) -> bool:
        """The websocket's Origin must be the page's own: the external URL's origin
        behind a proxy, else ``http://`` + the Host."""
        if origin is None or not origin.isascii() or not host_header.isascii():
            return False
        wanted = self.external.origin if self.external is not None else f"http://{host_header}"
        return hmac.compare_digest(origin.lower().encode(), wanted.lower().encode())

    def client_address(self, request: web.Request) -> str:
        """Who sent the request, for the wrong-key limit: the peer, or behind the
        proxy (only with an external URL, only from a loopback peer) the address
        the proxy appended last to ``X-Forwarded-For`` (the first ones are the
        client's own say)."""
        peer = request.remote or ""
        if self.external is None or not is_loopback(peer):
            return peer
        forwarded = ascii_header(request, "X-Forwarded-For")
        if forwarded is None:
            return peer
        last = forwarded.rsplit(",", 1)[-1].strip()
        try:
            return str(ipaddress.ip_address(last))
        except ValueError:
            return peer

    def check_key(self, request: web.Request, given: str | None) -> None:
        """Lets the request on with the right key; else raises the refusal."""
        if given is None:
            raise refusal(request, web.HTTPForbidden, NO_TOKEN)
        address = self.client_address(request)
        if self.wrong_keys.over_limit(address):
            refused = refusal(
                request, web.HTTPTooManyRequests, too_many, seconds=round(WINDOW_SECONDS)
            )
            refused.headers["Retry-After"] = f"{WINDOW_SECONDS:.0f}"
            raise refused
        if not self.token_matches(given):
            self.wrong_keys.record(address)
            raise refusal(request, web.HTTPForbidden, WRONG_TOKEN)

    def middleware(self) -> Middleware:
        """The aiohttp middleware that applies this policy to every route."""

        @web.middleware
        async def check_access(request: web.Request, handler: Handler) -> web.StreamResponse:
            host = ascii_header(request, "Host")
            if host is None or not self.host_allowed(host):
                raise refusal(request, web.HTTPForbidden, WRONG_HOST)
            route = request.match_info.route.name
            if route == "websocket":
                if not self.origin_allowed(ascii_header(request, "Origin"), host):
                    raise refusal(request, web.HTTPForbidden, WRONG_ORIGIN)
                offered = key_from_protocols(ascii_header(request, "Sec-WebSocket-Protocol"))
                self.check_key(request, offered)
            elif route == "index" and TOKEN_QUERY in request.query:
                self.check_key(request, request.query.get(TOKEN_QUERY, ""))
            try:
                return await handler(request)
            except web.HTTPException as answer:
                if answer.status in IN_WORDS and answer.content_type != "text/html":
                    return in_words(request, answer)
                raise

        return check_access


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False
