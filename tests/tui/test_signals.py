"""SIGTERM and SIGHUP end a real ``palm-island`` cleanly (exit 128 + signal): terminal
restored, game kept.

The game runs in a pseudo-terminal, as in a person's terminal emulator; the test
reads what it draws, types keys, sends the signal and then opens the campaign file.
"""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from palm_island.storage.service import Store

LEAVE_ALT_SCREEN = b"\x1b[?1049l"


def read_until(fd: int, seen: bytearray, wanted: bytes, timeout: float) -> bool:
    """Read the terminal into ``seen`` until ``wanted`` appears; False on timeout."""
    deadline = time.monotonic() + timeout
    while wanted not in seen:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the child closed the terminal
                return wanted in seen
            if not chunk:
                return wanted in seen
            seen.extend(chunk)
    return True


def drain(fd: int, seen: bytearray, seconds: float) -> None:
    read_until(fd, seen, b"\x00never\x00", seconds)


def start_game_in_a_terminal(data_dir: Path) -> tuple[subprocess.Popen[bytes], int]:
    """Start ``palm-island play`` in a new pseudo-terminal of its own session (so
    closing the terminal sends it no signal); returns the child and the master end."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
    env = {
        **os.environ,
        "PALM_ISLAND_DATA_DIR": str(data_dir),
        "TERM": "xterm-256color",
        "COLUMNS": "100",
        "LINES": "32",
    }
    command = [str(Path(sys.executable).parent / "palm-island"), "play", "--seed", "7"]
    child = subprocess.Popen(
        command, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)
    return child, master


def play_one_move(master: int, seen: bytearray) -> None:
    """From the title: a new game, started, one card discarded."""
    assert read_until(master, seen, b"Statistics", 60), seen[-400:]
    for key in (b"n", b"\r", b"\r", b"d"):  # new game, start, deck preview, discard
        drain(master, seen, 1.0)
        os.write(master, key)
    drain(master, seen, 2.0)


@pytest.mark.slow
@pytest.mark.parametrize(
    "sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT], ids=["SIGTERM", "SIGHUP", "SIGINT"]
)
def test_a_signal_ends_the_game_cleanly_and_keeps_it(tmp_path: Path, sig: signal.Signals) -> None:
    child, master = start_game_in_a_terminal(tmp_path)
    seen = bytearray()
    try:
        play_one_move(master, seen)
        child.send_signal(sig)
        deadline = time.monotonic() + 20
        while child.poll() is None and time.monotonic() < deadline:
            drain(master, seen, 0.2)
        # 128 + signal, as a shell reports a program the signal ended
        assert child.poll() == 128 + sig, f"exit status {child.returncode}"
        drain(master, seen, 0.5)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        os.close(master)
    assert LEAVE_ALT_SCREEN in seen  # the terminal is given back as it was
    with Store.open(tmp_path) as store:
        (campaign,) = store.campaigns()
        assert campaign.has_unfinished  # the game in play is kept, with its move
        saved = store.continue_game(campaign.name)
        assert saved is not None and len(saved.moves) == 1


@pytest.mark.slow
def test_a_terminal_that_vanishes_without_a_hang_up_signal_ends_the_game(tmp_path: Path) -> None:
    """The game runs in its own session, so closing the terminal sends it no SIGHUP;
    it must still notice (instead of reading end-of-file forever) and end, the game
    kept."""
    child, master = start_game_in_a_terminal(tmp_path)
    seen = bytearray()
    try:
        play_one_move(master, seen)
        os.close(master)  # the terminal window is gone
        master = -1
        child.wait(timeout=20)
        assert child.returncode == 128 + signal.SIGHUP, f"exit status {child.returncode}"
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        if master >= 0:
            os.close(master)
    with Store.open(tmp_path) as store:
        (campaign,) = store.campaigns()
        saved = store.continue_game(campaign.name)
        assert saved is not None and len(saved.moves) == 1
