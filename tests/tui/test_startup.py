"""Start-up imports only what the first screen needs (the title)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path


def test_the_app_module_imports_neither_the_engine_nor_the_game_screens() -> None:
    code = (
        "import sys, palm_island.tui.app as m; "
        "m.make_app(); "
        "print(sorted(n for n in sys.modules if n.startswith(('palm_island', 'pydantic'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = out.stdout
    for heavy in ("palm_island.engine", "pydantic", "palm_island.tui.screens.game", "records"):
        assert heavy not in loaded
    assert "palm_island.tui.screens.title" in loaded


FIRST_FRAME_WITH_A_CAMPAIGN_FILE = """
import sys
from pathlib import Path
from palm_island.tui.app import AppConfig, PalmIslandApp

class FirstFrame(PalmIslandApp):
    changes: list[str] = []

    def on_mount(self) -> None:  # before the app's own on_mount (Textual calls both)
        self.theme_changed_signal.subscribe(self, lambda theme: self.changes.append(theme.name))

    def on_ready(self) -> None:  # the first frame: the game opens its campaign file here
        print(self.theme, len(self.changes), sorted(sys.modules))
        self.exit()

config = AppConfig(use_store=True, data_dir=Path(sys.argv[1]), compute_par=False)
FirstFrame(None, config).run(headless=True)
"""


def test_the_first_frame_with_a_campaign_file_reads_the_settings_without_the_engine_or_sqlite(
    tmp_path: Path,
) -> None:
    """As ``make play`` starts: the settings (the theme, the tutorial's place) are
    read before the first frame, which is drawn in the theme chosen (not restyled
    to it: a reparse of every style sheet, and settings.json written again), and
    that read brings in neither the engine package nor SQLite (19 ms of a 170 ms
    start-up when it did)."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text('{"theme": "textual-light"}\n', encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME_WITH_A_CAMPAIGN_FILE, str(data)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    theme, changes, loaded = out.strip().splitlines()[-1].split(" ", 2)
    assert theme == "textual-light"  # the settings were read before the first frame
    assert changes == "0"  # drawn in it from the start, not restyled to it
    modules = set(ast.literal_eval(loaded))
    assert "palm_island.storage.settings" in modules
    for heavy in ("palm_island.engine", "sqlite3", "pydantic", "palm_island.storage.safe_write"):
        assert heavy not in modules, heavy
