"""One module per ``palm-island`` command, each with ``register(subparsers)``.

Command modules import only the standard library at the top; each ``run`` imports
what it needs, so building the parser (and ``--help``, ``--version``, opening the
game) never pays for modules another command uses.
"""

from __future__ import annotations

import sys


def fail(message: str, code: int = 2) -> int:
    """Print one clear line to stderr and return the exit code."""
    print(f"palm-island: {message}", file=sys.stderr)
    return code


def needs_terminal() -> int | None:
    """Before the game starts: without a terminal on stdin and stdout (a pipe, a
    script, ``</dev/null``) say so in one line and return exit code 2; else None.

    Checked before Textual is imported, so nothing is drawn into a pipe and
    nothing waits for keys that cannot come.
    """
    if sys.stdin.isatty() and sys.stdout.isatty():
        return None
    return fail("the game needs a terminal (stdin and stdout); the commands work without one")
