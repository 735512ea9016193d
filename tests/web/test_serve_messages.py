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
from .test_messages import MALFORMED_FROM_THE_ISSUE

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
            # The title redraws its seed field's blinking cursor twice a second: a
            # frame always comes before the receive's own timeout, so the deadline
            # is checked here (a wait that never ended hung a loaded test run).
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{text!r} not drawn in {timeout} s: {self.text()[-400:]!r}")
            message = await self.socket.receive(timeout=left)
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
    """Sends each malformed frame, then a key that changes the screen (``n`` opens
    the new-game dialog, escape closes it); the first frame after which it did not.
    The server still answers a ping at the end."""
    async with aiohttp.ClientSession() as session:
        url = f"ws://127.0.0.1:{served.port}/ws"
        async with session.ws_connect(url, headers=served.headers) as socket:
            tab = Tab(socket)
            assert await tab.shows("New game")
            frames: list[str | bytes] = [*MALFORMED_FROM_THE_ISSUE, *MORE_MALFORMED]
            for frame in frames:
                if isinstance(frame, bytes):
                    await socket.send_bytes(frame)
                else:
                    await socket.send_str(frame)
                opened = await tab.key("n", then_shows="Start")
                closed = opened and await tab.key("\x1b", then_shows="New game")
                if not closed:
                    return [frame[:30].decode() if isinstance(frame, bytes) else frame[:30]]
            await socket.send_str(json.dumps(["ping", "still here"]))
            while (message := await socket.receive(timeout=10)).type == aiohttp.WSMsgType.BINARY:
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
