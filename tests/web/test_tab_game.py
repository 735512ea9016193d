"""The bounds of one tab's game (web/tab_game.py) on stand-in games: a game that
floods its output to a browser that never reads, one that ignores "quit" and
SIGTERM, sizes past the cap. Stand-ins start in milliseconds, so these run in
``make check``; the real game behind a real server is in test_serve_access.py."""

from __future__ import annotations

import asyncio
import gc
import json
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")

from palm_island.web.tab_game import (
    END_WITHIN_SECONDS,
    MAX_SIZE,
    ClientStalled,
    Outbox,
    TabGame,
    clamp_size,
    game_environment,
)

GREETING = "import sys; w = sys.stdout.buffer; w.write(b'__GANGLION__\\n'); w.flush()\n"

FLOOD = GREETING + (
    "frame = b'D' + (60000).to_bytes(4, 'big') + b'x' * 60000\n"
    "while True:\n    w.write(frame); w.flush()\n"
)
"""Draws without end, as a game on a huge screen might."""

STUBBORN = GREETING + (
    "import signal, time\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
    "sys.stdin.close()\n"
    "while True: time.sleep(1)\n"
)
"""Ignores "quit", a closed stdin and SIGTERM: only SIGKILL ends it."""

RECORDER = GREETING + (
    "import json\n"
    "r = sys.stdin.buffer\n"
    "with open(sys.argv[1], 'w') as out:\n"
    "    while head := r.read(5):\n"
    "        body = r.read(int.from_bytes(head[1:], 'big'))\n"
    "        out.write(json.dumps([head[:1].decode(), body.decode()]) + '\\n'); out.flush()\n"
)
"""Writes down every packet it is sent, one JSON line each."""


def stand_in(program: str, *args: str) -> list[str]:
    return [sys.executable, "-c", program, *args]


async def never_sends(frame: bytes | str) -> None:
    await asyncio.Event().wait()  # a browser that stopped reading: the send never ends


async def dropped(frame: bytes | str) -> None:
    return None


def test_sizes_are_clamped_and_junk_gives_the_default() -> None:
    assert clamp_size(10000, 10000) == MAX_SIZE
    assert clamp_size("120", "40") == (120, 40)
    assert clamp_size(-5, 0) == (10, 5)
    assert clamp_size("1e9", None) == (80, 24)
    assert clamp_size(True, [3]) == (80, 24)


async def test_an_outbox_whose_browser_stops_reading_raises_within_its_timeout() -> None:
    outbox = Outbox(never_sends, max_bytes=1_000_000, timeout=0.2)
    outbox.put(b"frame")
    started = time.monotonic()
    with pytest.raises(ClientStalled):
        await asyncio.wait_for(outbox.pump(), 5)
    assert time.monotonic() - started < 2


async def test_an_outbox_past_its_byte_cap_raises_without_waiting_for_a_send() -> None:
    outbox = Outbox(never_sends, max_bytes=100, timeout=60)
    outbox.put(b"x" * 101)
    with pytest.raises(ClientStalled):
        await asyncio.wait_for(outbox.pump(), 5)


@pytest.mark.slow
async def test_a_flooding_game_never_blocks_and_its_browser_is_found_stalled() -> None:
    outbox = Outbox(never_sends, max_bytes=2_000_000, timeout=60)
    game = TabGame(stand_in(FLOOD), outbox)
    await game.start(80, 24)
    try:
        with pytest.raises(ClientStalled):
            await asyncio.wait_for(outbox.pump(), 10)  # the byte cap, not the timeout
    finally:
        started = time.monotonic()
        await game.end()
        took = time.monotonic() - started
    assert game.process is not None and game.process.returncode is not None
    assert took < END_WITHIN_SECONDS + 1


@pytest.mark.slow
async def test_a_game_that_ignores_quit_and_sigterm_is_killed_within_the_bound() -> None:
    game = TabGame(stand_in(STUBBORN), Outbox(dropped, max_bytes=1 << 20, timeout=1))
    await game.start(80, 24)
    assert game.reader is not None
    await asyncio.sleep(0)  # let it greet
    started = time.monotonic()
    status = await game.end()
    took = time.monotonic() - started
    assert status == -9  # SIGKILL
    assert took < END_WITHIN_SECONDS + 1
    assert await game.end() == -9  # a second caller gets the same ending


async def test_the_game_is_told_clamped_sizes_and_passed_keys(tmp_path: Path) -> None:
    record = tmp_path / "packets.jsonl"
    game = TabGame(stand_in(RECORDER, str(record)), Outbox(dropped, max_bytes=1 << 20, timeout=1))
    await game.start(80, 24)
    await game.resize(10000, 10000)
    await game.keys("d")
    await game.resize("wide", 30)
    await game.end()
    packets = [json.loads(line) for line in record.read_text().splitlines()]
    metas = [json.loads(body) for kind, body in packets if kind == "M"]
    assert metas[:2] == [
        {"type": "resize", "width": MAX_SIZE[0], "height": MAX_SIZE[1]},
        {"type": "resize", "width": 80, "height": 30},
    ]
    assert metas[-1] == {"type": "quit"}
    assert ["D", "d"] in packets


async def test_a_send_cut_off_by_its_tab_going_leaves_no_exception_unread() -> None:
    """CI, 2026-12-04: a tab dropped mid-send left the send running; it failed on the
    closed connection and asyncio logged "Task exception was never retrieved"."""
    loop = asyncio.get_running_loop()
    unread: list[dict[str, object]] = []
    loop.set_exception_handler(lambda _loop, context: unread.append(context))
    sending, closed = asyncio.Event(), asyncio.Event()

    async def fails_once_the_connection_closes(frame: bytes | str) -> None:
        sending.set()
        await closed.wait()
        raise ConnectionResetError("Cannot write to closing transport")

    outbox = Outbox(fails_once_the_connection_closes, max_bytes=1 << 20, timeout=60)
    outbox.put(b"frame")
    pump = asyncio.create_task(outbox.pump())
    await sending.wait()
    pump.cancel()  # the tab went: run_tab cancels the pump
    await asyncio.gather(pump, return_exceptions=True)
    closed.set()
    for _ in range(5):
        await asyncio.sleep(0)
    del pump, outbox
    gc.collect()
    loop.set_exception_handler(None)
    assert unread == []


def test_the_game_hears_of_a_touch_screen_only_from_its_own_tab() -> None:
    """``touch=1`` on a tab's socket sets the game's $PALM_ISLAND_TOUCH; one in the
    server's own environment never reaches a game (a keyboard's tab would be told
    of taps)."""
    from palm_island.tui.config import TOUCH_ENV

    inherited = {"PATH": "/usr/bin", TOUCH_ENV: "1"}
    assert TOUCH_ENV not in game_environment(inherited, 80, 24)
    assert game_environment(inherited, 80, 24, touch=True)[TOUCH_ENV] == "1"
    assert game_environment({"PATH": "/usr/bin"}, 80, 24, touch=True)[TOUCH_ENV] == "1"
