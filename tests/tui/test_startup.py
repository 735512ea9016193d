"""Start-up imports only what the first screen needs (the title)."""

from __future__ import annotations

import subprocess
import sys


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
