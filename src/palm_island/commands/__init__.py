"""One module per ``palm-island`` command, each with ``register(subparsers)``.

Command modules import only the standard library at the top; each ``run`` imports
what it needs, so building the parser (and ``--help``, ``--version``, opening the
game) never pays for modules another command uses.
"""

from __future__ import annotations

import os
import sys

from ..i18n import _

WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
"""What ``textual-serve`` puts in ``TEXTUAL_DRIVER`` for each app process it starts:
Textual then speaks its own protocol over the pipes to the browser's terminal."""


def fail(message: str, code: int = 2) -> int:
    """Print one clear line to stderr and return the exit code."""
    print(f"palm-island: {message}", file=sys.stderr)
    return code


def no_game(game_id: int) -> int:
    """The stored game asked for is not there (exit 2: the number names nothing), for
    every command that takes a game's number."""
    return fail(
        _("there is no game {game} (`palm-island history` lists them)").format(game=game_id)
    )


def unreadable(path: object, exc: Exception) -> int:
    """A file the command was given cannot be used: ``PATH: why``, the path as the
    player gave it (exit 1), for every command that reads one."""
    from pathlib import Path

    from ..text import printable

    where = getattr(exc, "where", None)
    if where and where != Path(str(path)).name:  # about another file (the campaign file)
        describe = getattr(exc, "describe", None)
        return fail(printable(describe() if callable(describe) else str(exc)), 1)
    message = getattr(exc, "message", None) or str(exc)
    return fail(printable(f"{path}: {message}"), 1)


def not_written(path: object, exc: Exception) -> int:
    """A file the command was asked to write was not: one line naming the file (as the
    player gave it) and why, for every command that writes one (``export``,
    ``autoplay --out``, ``solve --out``); exit 1."""
    from ..storage.safe_write import TargetExists
    from ..text import printable

    if isinstance(exc, TargetExists):
        return fail(
            printable(_("{path} already exists; add --force to replace it").format(path=path)), 1
        )
    message = getattr(exc, "message", None)
    if message is None and isinstance(exc, OSError):
        from ..exits import describe_os_error

        exc.filename = None  # the path is said first
        message = _("not written: {reason}").format(reason=describe_os_error(exc))
    return fail(printable(f"{path}: {message or exc}"), 1)


def needs_terminal() -> int | None:
    """Before the game starts: without a terminal on stdin and stdout (a pipe, a
    script, ``</dev/null``) say so in one line and return exit code 2; else None.

    Checked before Textual is imported, so nothing is drawn into a pipe and
    nothing waits for keys that cannot come. A run served to a browser
    (``palm-island serve``) has pipes, not a terminal, and is let through: its
    driver draws into the page, not into the pipe.
    """
    if served_to_a_browser() or (sys.stdin.isatty() and sys.stdout.isatty()):
        return None
    return fail(_("the game needs a terminal (stdin and stdout); the commands work without one"))


def served_to_a_browser() -> bool:
    """Whether this process was started by ``textual-serve`` for a browser tab (its
    ``TEXTUAL_DRIVER`` names Textual's web driver), not by a script with a pipe."""
    return os.environ.get("TEXTUAL_DRIVER") == WEB_DRIVER
