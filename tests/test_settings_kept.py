"""settings.json written by a newer release: what this one does not know is kept."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from palm_island.storage.settings import load_settings, save_settings
from palm_island.tutorial.progress import Progress


@pytest.mark.parametrize(
    "newer",
    [
        {"sound": True},
        {"sound": {"volume": 3, "voices": ["a", "b"]}, "layout": "wide"},
        {"tutorial": {"chapter": 4}},  # a tutorial this release cannot read
    ],
    ids=["a flag", "nested values", "an unreadable known key"],
)
def test_a_save_keeps_what_this_release_does_not_know(
    tmp_path: Path, newer: dict[str, object]
) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"theme": "nord", **newer}))
    loaded = load_settings(tmp_path)
    assert loaded.problem is None and loaded.settings.theme == "nord"
    # What the app does on a theme change (tui/app.py: replace, then save).
    save_settings(tmp_path, replace(loaded.settings, theme="gruvbox"))
    written = json.loads((tmp_path / "settings.json").read_text())
    assert written == {**newer, "theme": "gruvbox"}


def test_what_this_release_knows_is_written_from_its_own_values(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"theme": "nord", "sound": False}))
    loaded = load_settings(tmp_path).settings
    save_settings(tmp_path, replace(loaded, tutorial=Progress(2, 5, False)))
    written = json.loads((tmp_path / "settings.json").read_text())
    assert written == {
        "theme": "nord",
        "sound": False,
        "tutorial": {"step": 2, "moves": 5, "done": False},
    }
    assert load_settings(tmp_path).settings.tutorial == Progress(2, 5, False)
