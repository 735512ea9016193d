"""SIGTERM and SIGHUP end a real ``palm-island`` cleanly (exit 128 + signal): terminal
restored, game kept; a terminal closed under it ends it too, whatever it was drawing.

The game runs in a pseudo-terminal, as in a person's terminal emulator; the test
reads what it draws, types keys, sends the signal (or closes the terminal) and then
opens the campaign file.

The loop test closes the terminal right after a burst of keys that redraw, as
``tmux kill-session`` does to a player pressing keys: before the exit guard
(tui/exit_guard.py) a loaded machine left most such processes hanging for ever.
"""

from __future__ import annotations

import fcntl
import os
import random
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
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


def make_controlling_terminal() -> None:
    """In the child (after ``setsid``): make standard input its controlling terminal,
    so closing the terminal sends it SIGHUP, as a terminal emulator or tmux does."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def start_game_in_a_terminal(
    data_dir: Path, *, controlling: bool = False
) -> tuple[subprocess.Popen[bytes], int]:
    """Start ``palm-island play`` in a new pseudo-terminal of its own session;
    returns the child and the master end. By default the terminal is not the child's
    controlling one, so closing it sends no signal; ``controlling`` makes it so."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
    env = {
        **os.environ,
        "PALM_ISLAND_DATA_DIR": str(data_dir),
        "TERM": "xterm-256color",
        "COLUMNS": "100",
        "LINES": "32",
    }
    # No --seed: that would open the new game's setup at once; the tests type seed 7
    # on the title (play_one_move, start_and_move) or leave from the title.
    command = [str(Path(sys.executable).parent / "palm-island"), "play"]
    child = subprocess.Popen(
        command,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        preexec_fn=make_controlling_terminal if controlling else None,
    )
    os.close(slave)
    return child, master


def play_one_move(master: int, seen: bytearray) -> None:
    """From the title: a new game, started, one card discarded (each step waiting for
    what it draws: under load fixed pauses let keys arrive early)."""
    assert start_and_move(master, seen), seen[-400:]
    drain(master, seen, 0.5)


@pytest.mark.slow
@pytest.mark.parametrize(
    "sig",
    [
        # the terminal closed: make test; the same exit guard's other two, a real game
        # process each (2.5 s of CPU, its par searched), are make sweep's (CI)
        pytest.param(signal.SIGHUP, id="SIGHUP"),
        pytest.param(signal.SIGTERM, id="SIGTERM", marks=pytest.mark.sweep),
        pytest.param(signal.SIGINT, id="SIGINT", marks=pytest.mark.sweep),
    ],
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


BURST = [b"?", b"\x1b", b"d"] * 15
"""Keys that redraw (help, back, discard), as a player presses them before closing."""

CLOSES = ("hang-up", "vanish", "terminate")
"""How a terminal goes: closed as the process's controlling terminal (SIGHUP and end
of file, as tmux kill-session), closed without a signal (another session), or
SIGTERM first and then closed (a machine shutting down)."""

TURN = re.compile(rb"Round (\d+) of 8[^T]{0,60}Turn (\d+)")
"""The status line as drawn (colour codes may sit between its parts)."""


def start_and_move(master: int, seen: bytearray) -> bool:
    """From the title: a new game started and one card discarded, each step waiting
    for what it draws (no fixed sleeps); False if the game never got there."""
    steps = ((b"n", b"Start (enter)"), (b"\r", b"top first"), (b"\r", b"Turn 1"), (b"d", b"Turn 2"))
    if not read_until(master, seen, b"Statistics", 60):
        return False
    os.write(master, b"7")  # the seed: the deal 7
    for key, shown in steps:
        os.write(master, key)
        if not read_until(master, seen, shown, 30):
            return False
    return True


@dataclass
class Close:
    """One game whose terminal is closed under it."""

    data_dir: Path
    how: str
    delay: float
    """Seconds between the end of the burst and the close."""
    child: subprocess.Popen[bytes] = field(init=False)
    master: int = field(init=False)
    seen: bytearray = field(default_factory=bytearray)
    closed_at: float = 0.0
    ended_at: float = 0.0
    ended: threading.Event = field(default_factory=threading.Event)
    status: int | None = None
    left: bool = False
    """Still running when its time was up (and killed then)."""

    def start(self) -> None:
        self.child, self.master = start_game_in_a_terminal(
            self.data_dir, controlling=self.how == "hang-up"
        )
        threading.Thread(target=self._wait, daemon=True).start()

    def _wait(self) -> None:
        """Note when the process ends, to the moment, whatever the test is doing."""
        status = self.child.wait()
        self.ended_at = time.monotonic()
        self.status = status
        self.ended.set()

    @property
    def seconds(self) -> float | None:
        """From the close to the end of the process; None while it runs."""
        return self.ended_at - self.closed_at if self.ended.is_set() else None

    def burst_and_close(self) -> None:
        assert start_and_move(self.master, self.seen), bytes(self.seen[-400:])
        for key in BURST:
            os.write(self.master, key)
        if self.how == "terminate":
            self.child.send_signal(signal.SIGTERM)
        drain(self.master, self.seen, self.delay)  # what it drew was seen by the player
        os.close(self.master)  # the terminal is gone, as after tmux kill-session
        self.master = -1
        self.closed_at = time.monotonic()

    def acknowledged_moves(self) -> int:
        """Moves the player saw done: the last turn drawn in round 1, less one."""
        turns = TURN.findall(bytes(self.seen))
        round_, turn = turns[-1]
        assert round_ == b"1", "the burst stays in round 1"
        return int(turn) - 1

    def end(self) -> None:
        """Kill the process if it is still there (it is then counted as left)."""
        if not self.ended.is_set():
            self.left = True
            self.child.kill()
            self.ended.wait()
        if self.master >= 0:
            os.close(self.master)


def busy_cores(count: int) -> list[subprocess.Popen[bytes]]:
    """One busy loop per core: the load of a CI machine running other work."""
    spin = [sys.executable, "-c", "while True: pass"]
    return [subprocess.Popen(spin) for _ in range(count)]


def run_closes(
    tmp_path: Path,
    count: int,
    *,
    together: int,
    ways: tuple[str, ...] = CLOSES,
    load: int = 0,
    wait: float = 5.0,
) -> list[Close]:
    """``count`` games closed under a burst of keys, ``together`` at a time (each its
    own data directory, the ``ways`` in turn, the close 0-0.4 s after the burst),
    ``load`` busy cores beside them; each process gets ``wait`` seconds after its
    close to end, then is counted as left and killed."""
    rng = random.Random(27)
    closes = [
        Close(tmp_path / f"close-{i}", ways[i % len(ways)], rng.uniform(0.0, 0.4))
        for i in range(count)
    ]
    spinners = busy_cores(load)
    try:
        for first in range(0, count, together):
            batch = closes[first : first + together]
            try:
                for close in batch:
                    close.start()
                for close in batch:
                    close.burst_and_close()
                for close in batch:
                    close.ended.wait(max(0.0, close.closed_at + wait - time.monotonic()))
            finally:
                for close in batch:
                    close.end()
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()
    return closes


def check_closes(closes: list[Close]) -> None:
    """None left, each ended as 128 + SIGHUP/SIGTERM, each game kept to its last move."""
    left = [close.how for close in closes if close.left]
    assert not left, f"{len(left)} of {len(closes)} processes left running: {left}"
    statuses = {close.status for close in closes}
    assert statuses <= {128 + signal.SIGHUP, 128 + signal.SIGTERM}, statuses
    for close in closes:
        with Store.open(close.data_dir) as store:
            (campaign,) = store.campaigns()
            saved = store.continue_game(campaign.name)  # replays every move
            assert saved is not None
            assert len(saved.moves) >= close.acknowledged_moves()


@pytest.mark.slow
def test_terminals_closed_after_a_burst_of_keys_leave_no_process(tmp_path: Path) -> None:
    """Three games at once are load enough: before the exit guard about half of the
    terminals closed like this left their process running (SIGTERM first did not)."""
    check_closes(run_closes(tmp_path, 3, together=3, ways=("hang-up", "vanish")))


@pytest.mark.slow
@pytest.mark.sweep
def test_two_hundred_terminals_closed_under_load_leave_no_process(tmp_path: Path) -> None:
    check_closes(run_closes(tmp_path, 201, together=4))


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
def test_a_player_who_quits_ends_the_process_with_status_0(tmp_path: Path) -> None:
    """The app arms the exit guard as it unmounts (with its own status): a quit still
    ends as a quit, the terminal given back."""
    child, master = start_game_in_a_terminal(tmp_path)
    seen = bytearray()
    try:
        assert read_until(master, seen, b"Statistics", 60), bytes(seen[-400:])
        os.write(master, b"q")  # nothing in play: no question
        assert read_until(master, seen, LEAVE_ALT_SCREEN, 20)
        assert child.wait(timeout=20) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        os.close(master)


def summary(closes: list[Close]) -> str:
    """What a loop gave: processes left, exit statuses, seconds from close to end."""
    ended = sorted(s for close in closes if not close.left and (s := close.seconds) is not None)
    statuses = Counter(close.status for close in closes if not close.left)
    left = Counter(close.how for close in closes if close.left)
    timing = (
        f"close to end median {ended[len(ended) // 2]:.2f} s, max {ended[-1]:.2f} s, "
        f"{sum(s > 2.0 for s in ended)} over 2 s"
        if ended
        else "none ended"
    )
    return (
        f"{sum(left.values())} of {len(closes)} left running {dict(left)}; "
        f"statuses {dict(statuses)}; {timing}"
    )


if __name__ == "__main__":
    # The figures of docs/tui.md "Exit": python tests/tui/test_signals.py COUNT TOGETHER [LOAD]
    import tempfile

    count, together, *load = (int(arg) for arg in sys.argv[1:])
    with tempfile.TemporaryDirectory(prefix="palm-island-closes-") as scratch:
        done = run_closes(Path(scratch), count, together=together, load=load[0] if load else 0)
        print(summary(done))
        check_closes(done)
