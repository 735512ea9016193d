"""A real ``palm-island serve`` and its key: a guesser is slowed to a few tries and
counted in one log line, and a key given on the command line leaves it at once
(every local user reads ``/proc/PID/cmdline``)."""

from __future__ import annotations

import asyncio
import os
import re
import secrets
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")

import aiohttp

from palm_island.web.access import PROTOCOL, key_protocol
from palm_island.web.wrong_keys import LIMIT

from .served import PRINTED, Served, child_pids, serving


async def statuses(served: Served, keys: list[str], forwarded: bool = False) -> list[int]:
    """The status of a websocket handshake offering each key in turn (from the
    right Origin), each with another ``X-Forwarded-For`` when ``forwarded``."""
    found = []
    async with aiohttp.ClientSession() as session:
        for number, key in enumerate(keys):
            headers = {
                "Origin": served.url,
                "Sec-WebSocket-Protocol": f"{PROTOCOL}, {key_protocol(key)}",
            }
            if forwarded:
                headers["X-Forwarded-For"] = f"198.51.100.{number}"
            try:
                async with session.ws_connect(f"ws://127.0.0.1:{served.port}/ws", headers=headers):
                    found.append(101)
            except aiohttp.WSServerHandshakeError as refused:
                found.append(refused.status)
    return found


async def page_status(url: str) -> tuple[int, str | None]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, response.headers.get("Retry-After")


@pytest.mark.slow
def test_wrong_keys_are_limited_per_address_and_counted_in_one_line(tmp_path: Path) -> None:
    with serving(tmp_path / "data") as served:
        wrong = [secrets.token_urlsafe(24) for _ in range(LIMIT)]
        assert asyncio.run(page_status(f"{served.url}/?token={wrong[0]}"))[0] == 403
        # Without --external-url, X-Forwarded-For is the client's own say: ignored.
        assert asyncio.run(statuses(served, wrong[1:], forwarded=True)) == [403] * (LIMIT - 1)
        # Past the limit even the right key is refused, unchecked.
        assert asyncio.run(statuses(served, [served.token, "x" * 20])) == [429, 429]
        assert asyncio.run(page_status(served.page().replace("#", "?"))) == (429, "10")
        assert asyncio.run(page_status(f"{served.url}/")) == (200, None)  # the page is no secret
        assert child_pids(served.process.pid) == []
        assert served.stop() == 0
        assert served.process.stdout is not None
        log = served.process.stdout.read()
    lines = [line for line in log.splitlines() if "refused" in line]
    assert len(lines) == 1, log
    said = re.fullmatch(
        r"palm-island serve: 8 refused keys from 1 address in the last (\d+) s: "
        rf"{LIMIT} wrong, 3 not checked \(after {LIMIT} wrong in 10 s from one address\)",
        lines[0],
    )
    assert said is not None, lines
    assert all(key not in log for key in [*wrong, served.token]), log
    assert "Traceback" not in log


@pytest.mark.slow
def test_a_key_given_on_the_command_line_leaves_it_at_once(tmp_path: Path) -> None:
    key = secrets.token_urlsafe(24)
    env = {name: value for name, value in os.environ.items() if name != "PALM_ISLAND_SERVE_TOKEN"}
    command = [sys.executable, "-m", "palm_island", "--data-dir", str(tmp_path), "serve"]
    process = subprocess.Popen(
        [*command, "--port", "0", f"--token={key}"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None and process.stderr is not None
        printed = PRINTED.fullmatch(process.stdout.readline().strip())
        assert printed is not None and printed.group(3) == key
        # The same process (exec keeps the pid) now runs without the key in its argv.
        arguments = Path(f"/proc/{process.pid}/cmdline").read_bytes().split(b"\0")
        assert b"serve" in arguments
        assert not any(key.encode() in argument for argument in arguments), arguments
        environment = Path(f"/proc/{process.pid}/environ").read_bytes().split(b"\0")
        assert f"PALM_ISLAND_SERVE_TOKEN={key}".encode() in environment
        process.send_signal(signal.SIGINT)
        assert process.wait(30) == 0
        note = process.stderr.read()
        assert "--token-file" in note and key not in note, note
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
