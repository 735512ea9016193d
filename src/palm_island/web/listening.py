"""Runs ``serve``'s aiohttp app on its listening socket, within the connection caps
of :mod:`.limits`, until ctrl+c or SIGTERM.

aiohttp's ``web.run_app`` makes its own site from the socket; here the app's
server (``AppRunner.server``, aiohttp's protocol factory) is handed to the loop
through :meth:`.limits.Connections.protocol_factory`, so every accepted connection
counts against the caps. Stopping is as ``run_app`` stops: the listener closes,
then the runner's cleanup runs the app's shutdown (the games end) and closes what
is left within ``shutdown_timeout``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import socket
from collections.abc import AsyncIterator

from aiohttp import web

from .limits import IDLE_SECONDS, BadRequests, Connections, quiet_accept_errors

BACKLOG = 128
"""Connections the system holds before the server accepts them (as ``listen_on``)."""


@contextlib.asynccontextmanager
async def listening(
    app: web.Application,
    listener: socket.socket,
    connections: Connections,
    *,
    shutdown_timeout: float,
) -> AsyncIterator[None]:
    """Serves ``app`` on ``listener`` (bound and listening) while the block runs."""
    loop = asyncio.get_running_loop()
    quiet_accept_errors(loop)
    bad_requests = BadRequests()
    aiohttp_log = logging.getLogger("aiohttp.server")
    aiohttp_log.addFilter(bad_requests)
    runner = web.AppRunner(
        app,
        access_log=None,
        keepalive_timeout=IDLE_SECONDS,
        shutdown_timeout=shutdown_timeout,
    )
    await runner.setup()
    try:
        assert runner.server is not None
        server = await loop.create_server(
            connections.protocol_factory(runner.server), sock=listener, backlog=BACKLOG
        )
        try:
            yield
        finally:
            server.close()
    finally:
        await runner.cleanup()
        aiohttp_log.removeFilter(bad_requests)


def serve_until_stopped(
    app: web.Application,
    listener: socket.socket,
    connections: Connections,
    *,
    shutdown_timeout: float,
) -> None:
    """Serves until ctrl+c or SIGTERM, then stops as :func:`listening` says."""

    async def run() -> None:
        stopping = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stopping.set)
        async with listening(app, listener, connections, shutdown_timeout=shutdown_timeout):
            await stopping.wait()

    with contextlib.suppress(KeyboardInterrupt):  # ctrl+c before the handlers are in
        asyncio.run(run())
