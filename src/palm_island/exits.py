"""Provides :func:`run_mapped`: the one place every error of a ``palm-island`` run
becomes one line on stderr and an exit status, never a traceback.

``cli.main`` runs everything (parsing, the command, the last flush of stdout)
through it, so a new command is covered without doing anything. The statuses
(docs/storage.md, "Exit statuses"):

====  ==========================================================================
0     done
1     the command ran and reports a failure (a record that does not verify, a
      damaged game row); or the machine refused: a file system error (no space,
      permission, read-only, not found, ...) or the campaign file's database error
2     bad usage (argparse) or bad data: a record, card file or campaign file that
      cannot be used (``LoadError``, ``SaveError``, ``CampaignError`` ...)
70    a bug: an error nothing expected (one line; ``PALM_ISLAND_DEBUG=1`` shows the
      traceback for a report)
130   interrupted (SIGINT, Ctrl+C): 128 + 2, as a shell reports it
141   the reader of stdout went away (``palm-island history | head -1``): 128 + 13,
      as a program killed by SIGPIPE; nothing more is printed
====  ==========================================================================
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from typing import Final

from .i18n import _
from .os_reasons import os_reason

INTERRUPTED: Final = 130
BROKEN_PIPE: Final = 141
BUG: Final = 70


def say(message: str) -> None:
    """One line on stderr (control characters escaped: a file name is data)."""
    from .text import printable

    line = " ".join(printable(message).split())
    with contextlib.suppress(OSError, ValueError):  # stderr gone too: the status says it
        print(f"palm-island: {line}", file=sys.stderr, flush=True)


def describe_os_error(exc: OSError) -> str:
    """``path: reason`` in words, for any OSError (the errno decides the words)."""
    reason = os_reason(exc)
    if exc.filename is not None:
        return f"{os.fsdecode(exc.filename)}: {reason}"
    return reason


def run_mapped(run: Callable[[], int]) -> int:
    """Run ``run`` (and flush stdout inside, where a closed pipe can still be caught);
    map whatever it raises to one line on stderr and the exit status (table above)."""
    try:
        code = run()
        sys.stdout.flush()
        return code
    except SystemExit as exc:
        # argparse's usage error (2, its own line), --help/--version (0).
        _flush_quietly()
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except KeyboardInterrupt:
        _flush_quietly()
        say(_("interrupted"))
        return INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return BROKEN_PIPE
    except Exception as exc:
        _flush_quietly()
        code, message = _mapped(exc)
        say(message)
        if code == BUG and os.environ.get("PALM_ISLAND_DEBUG") == "1":
            import traceback

            traceback.print_exception(exc, file=sys.stderr)
        return code


def _mapped(exc: Exception) -> tuple[int, str]:
    from .campaign.service import CampaignError
    from .engine.errors import PalmIslandError

    if isinstance(exc, PalmIslandError):  # storage and record errors: their own line
        describe = getattr(exc, "describe", None)
        return 2, describe() if callable(describe) else str(exc)
    if isinstance(exc, CampaignError):  # campaign rules (a ValueError)
        return 2, str(exc)
    if isinstance(exc, OSError):
        return 1, describe_os_error(exc)
    import sqlite3  # only on this path: --help and --version stay light

    if isinstance(exc, sqlite3.Error):
        return 1, _("campaign file: {error}").format(error=exc)
    if isinstance(exc, RecursionError):
        return 1, _("input nested too deeply to read")
    if isinstance(exc, MemoryError):
        return 1, _("out of memory")
    detail = str(exc).splitlines()[0][:200] if str(exc) else ""
    error = f"{type(exc).__name__}{': ' + detail if detail else ''}"
    return BUG, _("internal error ({error}); please report it").format(error=error)


def _flush_quietly() -> None:
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
    except (OSError, ValueError):
        pass


def _silence_stdout() -> None:
    """The reader is gone: point stdout at /dev/null so the interpreter's last flush
    at exit does not raise (and print) the same error a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
