"""Provides :func:`progress`: how a command shows that a long search is going on.

As pip and git do: a bar on stderr only when stderr is a terminal and ``--quiet`` was
not given; into a pipe, a log or a file, nothing (stdout stays the answer, stderr the
errors). Every command with a long search takes ``--quiet`` (:func:`add_quiet`).
Rich is imported only when a bar is drawn.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import TextIO

from .i18n import _

Tell = Callable[[float], None]
"""Called with the share done, 0 to 1 (the solver's ``on_progress``)."""


def add_quiet(parser: argparse.ArgumentParser) -> None:
    """``--quiet``, for every command that shows progress."""
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help=_("no progress bar (none is shown either when stderr is not a terminal)"),
    )


def shown(quiet: bool, stream: TextIO | None = None) -> bool:
    """Whether progress is shown: not ``quiet`` and ``stream`` (stderr) a terminal."""
    stream = sys.stderr if stream is None else stream
    if quiet:
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty is not None and isatty())
    except ValueError:  # a closed stream
        return False


@contextlib.contextmanager
def progress(label: str, quiet: bool) -> Iterator[Tell | None]:
    """A bar labelled ``label`` on stderr while the block runs, fed by the callable
    given; ``None`` (nothing shown) when :func:`shown` says no."""
    if not shown(quiet):
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn(label), BarColumn(), TextColumn("{task.percentage:>3.0f}%"))
    console = Console(stderr=True)
    with Progress(*columns, TimeElapsedColumn(), console=console, transient=True) as bar:
        task = bar.add_task(label, total=1.0)
        yield lambda done: bar.update(task, completed=done)
