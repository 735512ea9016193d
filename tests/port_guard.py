"""Holds ``serve``'s default port while a test that runs the ``serve`` command runs.

A developer runs ``make check`` beside ``make serve`` (or anything else on port
8000); a test that called ``serve`` without ``--port 0`` passed on a quiet machine
and failed there. While such a test runs, this guard listens on the default port
itself (if nothing else already does), so a test that depends on it being free
fails every time, not only on a busy machine. Which tests: those of a module whose
text names the command (``"serve"``); the port is held for the test alone, so a
``make serve`` started during the suite rarely meets it. tests/conftest.py
installs the fixture.
"""

from __future__ import annotations

import contextlib
import functools
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from palm_island.commands.serve import DEFAULT_HOST, DEFAULT_PORT


@functools.cache
def runs_serve(module: Path) -> bool:
    """Whether the test module names the ``serve`` command (calls it or starts it)."""
    try:
        return '"serve"' in module.read_text(encoding="utf-8")
    except OSError:
        return False


@contextlib.contextmanager
def port_taken(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT) -> Iterator[None]:
    """``port`` on ``host`` is in use while the block runs: listened on here, or
    already by another program (then it stays theirs)."""
    with socket.socket() as holder:
        with contextlib.suppress(OSError):  # in use already: as wanted
            holder.bind((host, port))
            holder.listen()
        yield


@pytest.fixture(autouse=True)
def default_port_taken(request: pytest.FixtureRequest) -> Iterator[None]:
    """Serve's default port is taken during every test of a module that runs ``serve``."""
    if not runs_serve(Path(str(request.path))):
        yield
        return
    with port_taken():
        yield
