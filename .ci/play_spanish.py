"""Plays the installed game in Spanish in a pseudo-terminal of 80×24, as a player
would: the title, a new game (``n``, then ``enter`` twice: the set-up's Start, the
deck preview), a move, quit. Fails unless the game screen shows its Spanish words.
Standard library only (it runs in the wheel's clean venv, outside the checkout).

Usage: play_spanish.py GAME [ARGS...]  (the language from ARGS or the environment)
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import re
import select
import struct
import sys
import termios
import time

ESCAPES = re.compile(
    rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]"  # CSI: cursor moves, colours
    rb"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC: titles, clipboard
    rb"|\x1b[()][0-9A-Za-z]|\x1b."
)
"""A terminal's control sequences: taken out, each leaves a space (a cursor move
between two words)."""
STEP_SECONDS = 60.0
"""How long one step may take before the check fails (a bound, not a wait)."""
SPANISH = ("Ronda 1 de 8", "Almacenadas", "Diario", "descartar")
"""Words the game screen shows in Spanish: the status line, the stored panel's and
the log's titles, a card's discard line."""


class Terminal:
    """The game on the other side of a pseudo-terminal: keys in, text out."""

    def __init__(self, argv: list[str]) -> None:
        pid, fd = pty.fork()
        if pid == 0:  # the game, on the terminal's other side
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            os.environ["TERM"] = "xterm-256color"
            os.execvp(argv[0], argv)
        self.pid, self.fd = pid, fd
        self.seen = ""

    def read_until(self, *texts: str) -> None:
        """Reads the game's output until every one of ``texts`` has been drawn."""
        deadline = time.monotonic() + STEP_SECONDS
        raw = b""
        while not all(text in self.seen for text in texts):
            if time.monotonic() > deadline:
                tail = self.seen[-2000:]
                sys.exit(f"play_spanish: no {texts!r} after {STEP_SECONDS:.0f} s; saw:\n{tail}")
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if ready:
                try:
                    raw += os.read(self.fd, 65536)
                except OSError:  # the game has gone
                    break
                self.seen = ESCAPES.sub(b" ", raw).decode("utf-8", "replace")
        self.seen = ""  # what the next step draws

    def press(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def wait(self) -> int:
        deadline = time.monotonic() + STEP_SECONDS
        while time.monotonic() < deadline:
            with_exit, status = os.waitpid(self.pid, os.WNOHANG)
            if with_exit:
                return os.waitstatus_to_exitcode(status)
            select.select([self.fd], [], [], 0.2)
            with contextlib.suppress(OSError):  # drained, so the game never blocks
                os.read(self.fd, 65536)
        os.kill(self.pid, 9)
        sys.exit("play_spanish: the game did not quit")


def main() -> None:
    game = Terminal(sys.argv[1:])
    game.read_until("Palm Island")  # the title
    game.press("n")  # a new game: the set-up dialog
    game.read_until("(enter)")
    game.press("\r")  # Start, then the deck preview
    game.read_until("(enter)")
    game.press("\r")
    game.read_until(*SPANISH)
    game.press("d")  # a move: card 1 discarded to the back
    game.read_until("Turno 2")
    game.press("q")  # a campaign game is kept: quitting asks first
    game.read_until("Salir")
    game.press("y")
    code = game.wait()
    if code != 0:
        sys.exit(f"play_spanish: the game exited with {code}")
    print("played in Spanish:", ", ".join(SPANISH))


if __name__ == "__main__":
    main()
