"""Reading a game's websocket in a test, with a deadline that holds.

aiohttp's ``receive(timeout=...)`` answers the server's heartbeat pings itself and
starts its timeout again after each one; serve pings every two seconds, so such a
wait never ends when the game stops drawing (it hung a CI run). Every read of a
websocket in the tests goes through :func:`receive_within` (``test_socket_waits.py``
enumerates them)."""

from __future__ import annotations

import asyncio

import aiohttp


async def receive_within(
    socket: aiohttp.ClientWebSocketResponse, seconds: float, what: str
) -> aiohttp.WSMessage:
    """The socket's next message (pings answered on the way); fails naming ``what``
    when none came within ``seconds`` in all."""
    try:
        return await asyncio.wait_for(socket.receive(), max(seconds, 0))
    except TimeoutError:
        raise AssertionError(f"no message within {seconds:.0f} s: {what}") from None
