"""Provides :class:`GameServer`: ``textual-serve``'s server with our page and quiet logs.

The page (``templates/app_index.html``) loads our own client script, xterm.js and
the font from the server's ``/static`` (:mod:`.assets`: nothing from another host,
so it works offline) and finds the server from its own address, so it works
whatever name the browser used to reach it. Stopping the server tells every game it
started to quit (each has saved every move already) and waits for them, a bounded
time: a game that has not quit by then gets SIGTERM, then SIGKILL.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from pathlib import Path

from aiohttp import web
from textual_serve.server import Server

from .assets import STATIC

TEMPLATES = Path(__file__).parent / "templates"
TITLE = "Palm Island"
QUIT_WAIT_SECONDS = 5.0
"""How long stopping the server waits for the games to quit when asked."""
SIGNAL_WAIT_SECONDS = 2.0
"""How long it then waits after each signal (SIGTERM, then SIGKILL)."""

log = logging.getLogger("palm-island.serve")


class GameServer(Server):
    """One game process per browser tab; ``serve()`` runs until ctrl+c or SIGTERM."""

    def __init__(self, command: str, *, host: str, port: int, url: str) -> None:
        super().__init__(
            command,
            host=host,
            port=port,
            title=TITLE,
            public_url=url,
            templates_path=TEMPLATES,
            statics_path=STATIC,
        )
        self.tabs: set[asyncio.Task[object]] = set()
        """The connections being served, one per tab (each runs one game process)."""

    def initialize_logging(self) -> None:
        """Warnings and errors only: no banner, no line per request."""
        logging.basicConfig(level=logging.WARNING, format="palm-island serve: %(message)s")

    async def on_startup(self, app: web.Application) -> None:
        print(f"Palm Island is served at {self.public_url}", flush=True)
        print("Open it in a browser; ctrl+c stops the server and its games.", flush=True)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A tab's connection, remembered until it ends so that stopping can end it."""
        task = asyncio.current_task()
        if task is not None:
            self.tabs.add(task)
        try:
            return await super().handle_websocket(request)
        finally:
            if task is not None:
                self.tabs.discard(task)

    async def on_shutdown(self, app: web.Application) -> None:
        """Ends every tab's connection: textual-serve then tells its game to quit and
        waits for it. Without this, open connections would hold the server up."""
        pending = set(self.tabs)
        for task in pending:
            task.cancel()
        wait = QUIT_WAIT_SECONDS
        for sig in (signal.SIGTERM, signal.SIGKILL, None):
            if not pending:
                return
            _, pending = await asyncio.wait(pending, timeout=wait)
            if pending and sig is not None:
                log.warning("%d game(s) still running: sending %s", len(pending), sig.name)
                for pid in child_processes():
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, sig)
            wait = SIGNAL_WAIT_SECONDS


def child_processes() -> list[int]:
    """This process's children: the games (Linux's ``/proc``; none found elsewhere)."""
    pids: list[int] = []
    for children in Path("/proc/self/task").glob("*/children"):
        with contextlib.suppress(OSError, ValueError):
            pids += [int(pid) for pid in children.read_text().split()]
    return pids
