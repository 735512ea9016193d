"""How many connections ``serve`` holds before anyone has shown the key.

A connection costs a file descriptor from the moment it is accepted, long before
any check: under the common soft limit of 1,024 open files, idle connects alone
once took every descriptor, the player's page and a new game timed out, and asyncio
logged a traceback for every failed accept. One mechanism, in front of aiohttp's
server (its protocol factory wrapped, :class:`Connections`):

- **Caps**: at most ``total`` connections, and ``per_peer`` from one address (an
  IPv6 /64 counts as one). A new connection past either cap still gets in: the
  oldest connection that holds no game goes instead (of that address for its cap;
  of the address holding the most for the total), an idle one before one with a
  request in flight. Refusing the newcomer would let whoever came first keep the
  place; on loopback the attacker and the player share 127.0.0.1, so only closing
  the old leaves the player a way in. Only when every connection holds a game is
  the newcomer closed.
- **Idle**: a connection that sends no complete request within
  :data:`IDLE_SECONDS` is closed (aiohttp's keep-alive closes one idle that long
  between requests).
- **A game is never closed by these caps**: its websocket's connection is marked
  by :meth:`Connections.hold` (and ends when the tab goes, ``server.py``).
- :func:`raise_open_files_limit` raises the soft limit on open files to the hard
  one at start, and the caps leave room below it for the games' pipes and a file
  per connection (:meth:`Connections.for_open_files`).
- An accept that fails all the same (no descriptor left) is logged once per
  :data:`LOG_EVERY_SECONDS`, with a count, never a traceback per accept
  (:func:`quiet_accept_errors`); so are the connections closed to make room and
  the requests aiohttp cannot parse (:class:`BadRequests`).
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import logging
import resource
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from typing import cast

from aiohttp import web
from aiohttp.typedefs import Middleware

from ..i18n import N_, _, ngettext

log = logging.getLogger("palm-island.serve")

IDLE_SECONDS = 5.0
"""A connection without a game that sends no complete request within this is closed."""
MAX_CONNECTIONS = 512
"""Connections at once, at most (a player needs a few: the page's, each game's)."""
MIN_CONNECTIONS = 16
RESERVED_FILES = 64
"""Open files kept for the server itself (its loop, its listener, logs, imports)."""
FILES_PER_GAME = 4
"""Open files a running game costs the server (its pipes)."""
LOG_EVERY_SECONDS = 10.0
RESOURCE_ERRORS = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
"""What asyncio's accept reports as "out of system resource"."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def raise_open_files_limit() -> int:
    """Raises the soft limit on open files to the hard one (a process may); returns
    the soft limit in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):  # macOS: an unlimited hard limit is not a soft one
            pass
    return soft


class Summary:
    """A warning that may come thousands of times a second, logged once per interval:
    the first at once, then how many more there were."""

    def __init__(
        self, first: str, more: Callable[[int], str], interval: float = LOG_EVERY_SECONDS
    ) -> None:
        self.first = first
        """Marked with ``N_``: translated where it is logged."""
        self.more = more
        """The line for a count, in the server's language, with ``{count}`` and
        ``{seconds}``."""
        self.interval = interval
        self.count = 0
        self.flushing: asyncio.TimerHandle | None = None

    def note(self) -> None:
        if self.flushing is None:
            log.warning(_(self.first))
            self.flushing = asyncio.get_running_loop().call_later(self.interval, self.flush)
        else:
            self.count += 1

    def flush(self) -> None:
        self.flushing = None
        if self.count:
            log.warning(
                self.more(self.count).format(count=self.count, seconds=f"{self.interval:g}")
            )
            self.count = 0
            self.flushing = asyncio.get_running_loop().call_later(self.interval, self.flush)


def quiet_accept_errors(loop: asyncio.AbstractEventLoop) -> None:
    """Makes the loop log a failed accept (no file descriptor left) once per interval
    with a count, instead of a traceback each time; anything else goes to the
    loop's handler as before."""
    summary = Summary(
        N_("cannot accept connections: out of open files (more are counted, not logged)"),
        lambda count: ngettext(
            "{count} more connection could not be accepted in {seconds} s: out of open files",
            "{count} more connections could not be accepted in {seconds} s: out of open files",
            count,
        ),
    )
    previous = loop.get_exception_handler()

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, object]) -> None:
        error = context.get("exception")
        if (
            isinstance(error, OSError)
            and error.errno in RESOURCE_ERRORS
            and "accept" in str(context.get("message", ""))
        ):
            summary.note()
        elif previous is not None:
            previous(loop, context)
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handle)


class BadRequests(logging.Filter):
    """Keeps aiohttp's "Error handling request" (a request it cannot parse, logged
    with a traceback each) to one line per interval with a count: anyone who
    reaches the port can send thousands."""

    def __init__(self) -> None:
        super().__init__()
        self.summary = Summary(
            N_("refused a request that is not HTTP (more are counted, not logged)"),
            lambda count: ngettext(
                "{count} more request that is not HTTP was refused in {seconds} s",
                "{count} more requests that are not HTTP were refused in {seconds} s",
                count,
            ),
        )

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith("Error handling request"):
            return True
        self.summary.note()
        return False


def peer_of(transport: asyncio.Transport) -> str:
    """Whom a connection counts against: its address (an IPv6 /64 as one, since one
    machine usually has a whole /64; an IPv4-mapped address as the IPv4 one)."""
    peer = transport.get_extra_info("peername")
    host = str(peer[0]) if isinstance(peer, tuple) and peer else ""
    try:
        address = ipaddress.ip_address(host.partition("%")[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


@dataclass(eq=False)
class Connection:
    transport: asyncio.Transport
    peer: str
    requests: int = 0
    """Complete requests it has sent."""
    in_flight: int = 0
    """Requests whose handler is running."""
    holds_game: bool = False
    idle_check: asyncio.TimerHandle | None = None


class Connections:
    """The open connections of one server and their caps (see the module)."""

    def __init__(self, total: int, per_peer: int, idle_seconds: float = IDLE_SECONDS) -> None:
        self.total = total
        self.per_peer = per_peer
        self.idle_seconds = idle_seconds
        self.open: dict[asyncio.Transport, Connection] = {}
        """Oldest first (a dict keeps the order connections came in)."""
        self.by_peer: dict[str, dict[asyncio.Transport, Connection]] = {}
        self.made_room = Summary(
            N_(
                "connections reached a cap: closing the oldest without a game to let new "
                "ones in (more are counted, not logged)"
            ),
            lambda count: ngettext(
                "{count} more connection was closed in {seconds} s to let new ones in",
                "{count} more connections were closed in {seconds} s to let new ones in",
                count,
            ),
        )

    @classmethod
    def for_open_files(cls, open_files: int, max_games: int) -> Connections:
        """Caps that fit under ``open_files`` with ``max_games`` running: half of what
        is left, as each connection may have a file open (a static file being sent);
        one address may hold half of the total."""
        room = (open_files - RESERVED_FILES - FILES_PER_GAME * max_games) // 2
        total = max(MIN_CONNECTIONS, min(MAX_CONNECTIONS, room))
        return cls(total, max(total // 2, max_games + 1))

    def protocol_factory(self, make: Callable[[], asyncio.Protocol]) -> Callable[[], Tracked]:
        """Wraps a server's protocol factory (aiohttp's ``web.Server``) so that every
        connection it makes passes through these caps."""
        return lambda: Tracked(self, make())

    def arrived(self, transport: asyncio.Transport) -> None:
        """A new connection: makes room for it, or closes it when nothing can go."""
        peer = peer_of(transport)
        same_peer = self.by_peer.get(peer, {})
        if len(same_peer) >= self.per_peer and not self.make_room(same_peer.values()):
            transport.abort()
            return
        if len(self.open) >= self.total:
            busiest = max(self.by_peer.values(), key=len)
            if not self.make_room(busiest.values()) and not self.make_room(self.open.values()):
                transport.abort()
                return
        connection = Connection(transport, peer)
        self.open[transport] = connection
        self.by_peer.setdefault(peer, {})[transport] = connection
        connection.idle_check = asyncio.get_running_loop().call_later(
            self.idle_seconds, self.close_if_idle, connection
        )

    def left(self, transport: asyncio.Transport) -> None:
        connection = self.open.pop(transport, None)
        if connection is None:
            return
        if connection.idle_check is not None:
            connection.idle_check.cancel()
        same_peer = self.by_peer.get(connection.peer, {})
        same_peer.pop(transport, None)
        if not same_peer:
            self.by_peer.pop(connection.peer, None)

    def make_room(self, candidates: Collection[Connection]) -> bool:
        """Closes the oldest of ``candidates`` that holds no game, an idle one first;
        False when all hold games."""
        victim = next(
            (c for c in candidates if not c.holds_game and not c.in_flight), None
        ) or next((c for c in candidates if not c.holds_game), None)
        if victim is None:
            return False
        self.made_room.note()
        self.close(victim)
        return True

    def close(self, connection: Connection) -> None:
        self.left(connection.transport)
        connection.transport.abort()

    def close_if_idle(self, connection: Connection) -> None:
        connection.idle_check = None
        if not connection.requests and not connection.holds_game:
            self.close(connection)

    def of(self, request: web.BaseRequest) -> Connection | None:
        transport = request.transport
        return None if transport is None else self.open.get(transport)

    def hold(self, request: web.BaseRequest) -> None:
        """``request``'s connection carries a game: the caps never close it."""
        connection = self.of(request)
        if connection is not None:
            connection.holds_game = True

    def middleware(self) -> Middleware:
        """Counts each connection's requests (the first keeps it from being closed as
        idle; one in flight makes it the last to go to make room)."""

        @web.middleware
        async def count_requests(request: web.Request, handler: Handler) -> web.StreamResponse:
            connection = self.of(request)
            if connection is None:
                return await handler(request)
            connection.requests += 1
            connection.in_flight += 1
            try:
                return await handler(request)
            finally:
                connection.in_flight -= 1

        return count_requests


class Tracked(asyncio.Protocol):
    """A connection's protocol (aiohttp's request handler), with the caps told when
    it comes and goes; everything else is passed on unchanged."""

    def __init__(self, connections: Connections, inner: asyncio.Protocol) -> None:
        self.connections = connections
        self.inner = inner
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # a stream server's
        self.inner.connection_made(transport)
        self.connections.arrived(self.transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.transport is not None:
            self.connections.left(self.transport)
        self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()
