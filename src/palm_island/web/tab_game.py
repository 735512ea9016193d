"""One browser tab's game process, with bounds on everything a tab can make it do.

textual-serve's own ``AppService`` hands each frame of the game straight to the
websocket and waits for it to be sent: a browser that stops reading (or a network
that drops) stalls that wait, the game's frames pile up in its stdout pipe, and the
game blocks writing for minutes. It also passes any terminal size on, and ending it
waits without a bound for a game that may not answer. This class speaks the same
protocol to the game (Textual's web driver: ``D``ata and ``M``eta packets on stdin,
``__GANGLION__`` then packets on stdout) with bounds:

- the game's output is always read at once into an :class:`Outbox` that the
  browser's connection drains; more than :data:`MAX_PENDING_BYTES` not yet sent, or
  one send that takes over :data:`WRITE_TIMEOUT_SECONDS`, means the browser stopped
  reading, and the tab ends;
- terminal sizes are clamped to :data:`MAX_SIZE`;
- :meth:`TabGame.end` ends the game within :data:`END_WITHIN_SECONDS` whatever it
  is doing: "quit", then SIGTERM, then SIGKILL, reading and dropping its output
  meanwhile so that it never blocks on a full pipe.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
from collections import deque
from collections.abc import Awaitable, Callable, Mapping, Sequence
from importlib.metadata import version
from typing import Any

from ..i18n import _
from ..tui.config import TOUCH_ENV

log = logging.getLogger("palm-island.serve")

MAX_SIZE = (500, 200)
"""The largest terminal a tab may ask for, in columns and rows (a bigger screen
costs the game memory in proportion: 10,000x10,000 took 571 MB)."""
MIN_SIZE = (10, 5)
DEFAULT_SIZE = (80, 24)
MAX_PENDING_BYTES = 4 * 1024 * 1024
"""Frames not yet sent to the browser above which it counts as not reading (a whole
500x200 screen in colour is about 1 MB)."""
WRITE_TIMEOUT_SECONDS = 2.0
"""One send to the browser that takes longer means the browser stopped reading."""
QUIT_WAIT_SECONDS = 1.5
"""How long a game gets to quit when told (each move is saved already)."""
SIGNAL_WAIT_SECONDS = 0.5
"""How long it then gets after SIGTERM, before SIGKILL."""
END_WITHIN_SECONDS = QUIT_WAIT_SECONDS + 2 * SIGNAL_WAIT_SECONDS
""":meth:`TabGame.end` returns within this (plus the scheduler's slack)."""
READY_LINE = b"__GANGLION__\n"
"""What Textual's web driver writes first."""
START_LINES = 10
"""Lines of output before :data:`READY_LINE` past which the game failed to start."""


def clamp_size(width: object, height: object) -> tuple[int, int]:
    """A terminal size a tab may have: numbers within :data:`MIN_SIZE` and
    :data:`MAX_SIZE`; anything that is not a whole number gives the default."""
    size = []
    for value, low, high, default in zip(
        (width, height), MIN_SIZE, MAX_SIZE, DEFAULT_SIZE, strict=True
    ):
        try:
            number = int(str(value)) if not isinstance(value, bool) else default
        except ValueError:
            number = default
        size.append(min(max(number, low), high))
    return size[0], size[1]


def packet(kind: bytes, payload: bytes) -> bytes:
    """One packet of the web driver's protocol: a kind byte, a 4-byte length."""
    return kind + len(payload).to_bytes(4, "big") + payload


def game_environment(
    base: Mapping[str, str], width: int, height: int, *, touch: bool = False
) -> dict[str, str]:
    """The game's environment: what Textual's web driver expects, as textual-serve
    sets it, and none of the server's secrets. ``touch``: the tab's page is on a
    touch screen (its socket's ``touch=1``), told to the game in ``TOUCH_ENV``,
    which is otherwise never passed on."""
    environment = {
        key: value
        for key, value in base.items()
        if not key.startswith("PALM_ISLAND_SERVE") and key != TOUCH_ENV
    }
    if touch:
        environment[TOUCH_ENV] = "1"
    environment.update(
        TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver",
        TEXTUAL_FPS="60",
        TEXTUAL_COLOR_SYSTEM="truecolor",
        TERM_PROGRAM="textual",
        TERM_PROGRAM_VERSION=version("textual-serve"),
        COLUMNS=str(width),
        ROWS=str(height),
    )
    return environment


class ClientStalled(Exception):
    """The browser stopped reading what the game draws."""


Send = Callable[[bytes | str], Awaitable[None]]


def settle(future: asyncio.Future[Any]) -> None:
    """Cancel ``future`` if it is still running, and read its outcome when it ends.

    A send still in flight when its tab goes fails on the closed connection ("Cannot
    write to closing transport") with no one left to await it, and asyncio printed
    "Task exception was never retrieved" and a traceback into the server's log
    (seen in CI). Every task the server starts is awaited, gathered, or
    settled here: ``tests/web/test_tasks_settled.py`` lists them and fails on a new one.
    """
    if not future.done():
        future.cancel()
    future.add_done_callback(_read_outcome)


def _read_outcome(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


class Outbox:
    """Frames for the browser, queued without waiting and sent by one task.

    :meth:`put` never blocks, so the game's output is always read; :meth:`run`
    raises :class:`ClientStalled` as soon as the browser falls behind by more than
    ``max_bytes``, or when one send takes over ``timeout`` seconds.
    """

    def __init__(self, send: Send, *, max_bytes: int, timeout: float) -> None:
        self.send = send
        self.max_bytes = max_bytes
        self.timeout = timeout
        self.frames: deque[bytes | str] = deque()
        self.pending = 0
        self.ready = asyncio.Event()
        self.stalled = asyncio.Event()

    def put(self, frame: bytes | str) -> None:
        self.frames.append(frame)
        self.pending += len(frame)
        if self.pending > self.max_bytes:
            self.stalled.set()
        self.ready.set()

    async def pump(self) -> None:
        """Sends the frames as they come, until the browser falls behind."""
        while True:
            await self.ready.wait()
            if not self.frames:
                self.ready.clear()
                continue
            frame = self.frames.popleft()
            self.pending -= len(frame)
            await self.send_one(frame)

    async def send_one(self, frame: bytes | str) -> None:
        sending = asyncio.ensure_future(self.send(frame))
        stalling = asyncio.ensure_future(self.stalled.wait())
        try:
            await asyncio.wait(
                (sending, stalling), timeout=self.timeout, return_when=asyncio.FIRST_COMPLETED
            )
            if self.stalled.is_set():
                raise ClientStalled(f"more than {self.max_bytes} bytes not sent")
            if not sending.done():
                raise ClientStalled(f"a send took over {self.timeout} s")
            sending.result()
        finally:  # also when the pump is cancelled mid-send: the tab has gone
            settle(stalling)
            settle(sending)


class TabGame:
    """The game process of one tab: start, talk, end (bounded)."""

    def __init__(self, argv: Sequence[str], outbox: Outbox) -> None:
        self.argv = list(argv)
        self.outbox = outbox
        self.process: asyncio.subprocess.Process | None = None
        self.reader: asyncio.Task[None] | None = None
        """Reads the game's output from start to end; done when the game leaves."""
        self.ending: asyncio.Task[int | None] | None = None

    async def start(self, width: int, height: int, *, touch: bool = False) -> None:
        self.process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            env=game_environment(os.environ, width, height, touch=touch),
        )
        self.reader = asyncio.create_task(self.read_output())

    @property
    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    async def read_output(self) -> None:
        """Reads the game's output into the outbox until it ends or says "exit"."""
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        for _line_number in range(START_LINES):
            line = await stdout.readline()
            if not line:
                return
            if line == READY_LINE:
                break
        else:
            log.warning(_("a game did not start (no greeting from its web driver)"))
            return
        with contextlib.suppress(asyncio.IncompleteReadError):
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                payload = await stdout.readexactly(size)
                if kind == b"D":
                    self.outbox.put(payload)
                elif kind == b"M" and self.on_meta(payload):
                    return

    def on_meta(self, payload: bytes) -> bool:
        """Handles a meta packet from the game; True when the game is leaving."""
        try:
            meta = json.loads(payload)
        except ValueError:
            return False
        if not isinstance(meta, dict):
            return False
        if meta.get("type") == "exit":
            return True
        if meta.get("type") == "open_url" and isinstance(meta.get("url"), str):
            self.outbox.put(
                json.dumps(["open_url", {"url": meta["url"], "new_tab": bool(meta.get("new_tab"))}])
            )
        return False

    async def write(self, kind: bytes, payload: bytes) -> None:
        """Sends a packet to the game; a game that does not read within the write
        timeout is treated as gone (the tab then ends it)."""
        if self.process is None or self.process.stdin is None or self.ending is not None:
            return
        stdin = self.process.stdin
        if stdin.is_closing():
            return
        stdin.write(packet(kind, payload))
        with contextlib.suppress(ConnectionError):
            await asyncio.wait_for(stdin.drain(), WRITE_TIMEOUT_SECONDS)

    async def keys(self, text: str) -> None:
        await self.write(b"D", text.encode("utf-8"))

    async def meta(self, message: dict[str, object]) -> None:
        await self.write(b"M", json.dumps(message).encode())

    async def resize(self, width: object, height: object) -> None:
        columns, rows = clamp_size(width, height)
        await self.meta({"type": "resize", "width": columns, "height": rows})

    async def end(self) -> int | None:
        """Ends the game within :data:`END_WITHIN_SECONDS`: "quit" and a closed
        stdin, then SIGTERM, then SIGKILL. Its output is read and dropped meanwhile,
        so it never blocks writing. Returns its exit status; any number of callers
        may wait for the one ending."""
        if self.ending is None:
            self.ending = asyncio.create_task(self.end_once())
        return await asyncio.shield(self.ending)

    async def end_once(self) -> int | None:
        process = self.process
        if process is None:
            return None
        if self.reader is not None:
            self.reader.cancel()
            await asyncio.gather(self.reader, return_exceptions=True)
        dropping = asyncio.create_task(self.drop_output())
        try:
            if process.returncode is None and process.stdin is not None:
                with contextlib.suppress(ConnectionError, RuntimeError):
                    process.stdin.write(packet(b"M", json.dumps({"type": "quit"}).encode()))
                process.stdin.close()
            for sig, wait in (
                (signal.SIGTERM, QUIT_WAIT_SECONDS),
                (signal.SIGKILL, SIGNAL_WAIT_SECONDS),
                (None, SIGNAL_WAIT_SECONDS),
            ):
                with contextlib.suppress(TimeoutError):
                    return await asyncio.wait_for(asyncio.shield(process.wait()), wait)
                if sig is not None:
                    log.warning(_("a game did not quit: sending {signal}").format(signal=sig.name))
                    with contextlib.suppress(ProcessLookupError):
                        process.send_signal(sig)
            return process.returncode
        finally:
            dropping.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await dropping

    async def drop_output(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        with contextlib.suppress(ConnectionError):
            while await self.process.stdout.read(65536):
                pass
