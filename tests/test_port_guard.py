"""The suite never needs serve's default port free (tests/port_guard.py): while a test
of a module that runs ``serve`` runs, the port is taken, so a test that left out
``--port 0`` fails every time, as it would beside ``make serve``."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from palm_island.cli import main
from palm_island.commands.serve import DEFAULT_HOST, DEFAULT_PORT
from port_guard import runs_serve


def test_serve_without_a_port_meets_the_default_port_taken(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("textual_serve")
    from palm_island.web.server import GameServer

    served: list[int] = []
    monkeypatch.setattr(GameServer, "serve", lambda self: served.append(self.port))
    assert main(["--data-dir", str(tmp_path), "serve"]) == 1
    assert served == []
    assert f"cannot serve on {DEFAULT_HOST} port {DEFAULT_PORT}" in capsys.readouterr().err


def test_the_default_port_cannot_be_bound_here() -> None:
    with socket.socket() as probe, pytest.raises(OSError):
        probe.bind((DEFAULT_HOST, DEFAULT_PORT))


def test_the_guard_covers_every_module_that_runs_serve() -> None:
    """The modules that call or start ``serve`` are the ones guarded (this one too)."""
    tests = Path(__file__).parent
    guarded = {p.relative_to(tests).as_posix() for p in tests.rglob("test_*.py") if runs_serve(p)}
    assert {"test_port_guard.py", "web/test_serve.py", "web/test_access.py"} <= guarded
