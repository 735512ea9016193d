"""An output that cannot encode the glyphs plays in ASCII by itself (issue 22, 12)."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest

import palm_island.commands as commands
import palm_island.tui.app as tui_app
from palm_island.cli import main
from palm_island.tui.glyphs import output_takes_glyphs


def wrapper(encoding: str) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding=encoding)


def test_an_ascii_or_latin_output_cannot_take_the_glyphs() -> None:
    assert output_takes_glyphs([wrapper("utf-8"), wrapper("utf-8")])
    assert not output_takes_glyphs([wrapper("utf-8"), wrapper("ascii")])
    assert not output_takes_glyphs([wrapper("latin-1")])


@pytest.mark.parametrize(
    ("encoding", "flags", "expected"),
    [
        ("ascii", [], True),
        ("utf-8", [], False),
        ("utf-8", ["--ascii"], True),
    ],
)
def test_play_falls_back_to_ascii_when_the_output_cannot_encode_the_glyphs(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    encoding: str,
    flags: list[str],
    expected: bool,
) -> None:
    started: dict[str, Any] = {}

    def run_app(**options: Any) -> int:
        started.update(options)
        return 0

    monkeypatch.setattr(commands, "needs_terminal", lambda: None)
    monkeypatch.setattr(tui_app, "run_app", run_app)
    monkeypatch.setattr(sys, "stdout", wrapper(encoding))
    monkeypatch.setattr(sys, "stderr", wrapper(encoding))
    assert main(["--data-dir", str(tmp_path), "play", *flags]) == 0
    assert started["ascii_only"] is expected
