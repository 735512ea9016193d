"""A message the server does not understand is ignored (issue 45, item 5): after
each of the four frames that ended a tab on 3e28f23, and a few more, the game of a
real ``palm-island serve`` still answers a key."""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")

import aiohttp

from .served import Served, serving
from .socket_wait import receive_within
from .test_messages import MALFORMED_FROM_THE_ISSUE

BINARY = aiohttp.WSMsgType.BINARY
CONTROL = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]")
"""Terminal control sequences: what is left of a frame without them is its text."""
MORE_MALFORMED: list[str | bytes] = [
    b"\xff\xfe binary",  # a binary frame
    '["resize", {"width": [[[1]]], "height": {"a": null}}]',
    '["ping", "\\udc00"]',
    '["stdin", "\\ud83d"]',
    "[" * 60_000,
    '["focus", 1, 2, 3]',
    "42",
]


class Tab:
    """A game's websocket and the text of what it drew since the last key."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.drawn = b""

    async def shows(self, text: str, timeout: float = 20) -> bool:
        """Waits until what was drawn holds ``text``; False if the tab closed first."""
        deadline = time.monotonic() + timeout
        while text not in self.text():
            what = f"{text!r} drawn: {self.text()[-400:]!r}"
            message = await receive_within(self.socket, deadline - time.monotonic(), what)
            if message.type == aiohttp.WSMsgType.BINARY:
                self.drawn += message.data
            elif message.type != aiohttp.WSMsgType.TEXT:
                return False
        return True

    def text(self) -> str:
        """What was drawn since the last key, without the control sequences."""
        return CONTROL.sub(b"", self.drawn).decode("utf-8", "replace")

    async def key(self, key: str, then_shows: str) -> bool:
        self.drawn = b""
        await self.socket.send_json(["stdin", key])
        return await self.shows(then_shows)


async def play_through_malformed(served: Served) -> list[str]:
    """Sends each malformed frame, then a key that changes the screen (``c``, the
    deck's colour: blue, red, blue...); the first frame after which it did not.
    Each key waits for a word the screen before it did not draw: a screen comes in
    several frames, and the rest of the last one may arrive after the key (with
    ``n`` and escape, which share "New game", an escape and the next ``n`` went out
    together, and a terminal reads them as alt+n: the test waited for ever).
    The server still answers a ping at the end."""
    async with aiohttp.ClientSession() as session:
        url = f"ws://127.0.0.1:{served.port}/ws"
        async with session.ws_connect(url, headers=served.headers) as socket:
            tab = Tab(socket)
            assert await tab.shows("New game")
            colour = "blue"
            frames: list[str | bytes] = [*MALFORMED_FROM_THE_ISSUE, *MORE_MALFORMED]
            for frame in frames:
                if isinstance(frame, bytes):
                    await socket.send_bytes(frame)
                else:
                    await socket.send_str(frame)
                colour = "red" if colour == "blue" else "blue"
                if not await tab.key("c", then_shows=f" {colour} "):
                    return [frame[:30].decode() if isinstance(frame, bytes) else frame[:30]]
            await socket.send_str(json.dumps(["ping", "still here"]))
            while (message := await receive_within(socket, 10, "the pong")).type == BINARY:
                pass
            assert message.type == aiohttp.WSMsgType.TEXT and json.loads(message.data) == [
                "pong",
                "still here",
            ], message
    return []


@pytest.mark.slow
def test_after_each_malformed_message_the_game_still_answers_a_key(tmp_path: Path) -> None:
    with serving(tmp_path / "data") as served:
        lost = asyncio.run(play_through_malformed(served))
        assert served.stop() == 0
        assert served.process.stdout is not None
        log = served.process.stdout.read()
    assert lost == [], f"the tab ended after {lost[0]!r}"
    assert "Traceback" not in log, log
