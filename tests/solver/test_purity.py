"""The solver is pure: importing it loads no UI library and no database."""

from __future__ import annotations

import subprocess
import sys


def test_importing_the_solver_loads_neither_rich_textual_nor_sqlite() -> None:
    code = (
        "import sys, palm_island.solver; "
        "print(sorted(m for m in ('rich', 'textual', 'sqlite3') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
