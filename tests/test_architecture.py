"""Boundaries that keep the engine pure and the command line light."""

from __future__ import annotations

import os
import subprocess
import sys


def modules_loaded_by(code: str, env: dict[str, str] | None = None) -> set[str]:
    script = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **(env or {})},
    ).stdout
    return set(out.strip().splitlines()[-1].split())


def test_importing_the_engine_loads_no_textual_rich_or_sqlite3() -> None:
    loaded = modules_loaded_by("import palm_island.engine")
    assert not {m for m in loaded if m.split(".")[0] in {"textual", "rich", "sqlite3", "_sqlite3"}}


def test_headless_commands_do_not_import_textual() -> None:
    code = (
        "from palm_island.cli import main\n"
        "import contextlib, io\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['deal', '--seed', '1'])\n"
        "    try:\n        main(['--help'])\n    except SystemExit:\n        pass\n"
    )
    loaded = modules_loaded_by(code)
    assert "palm_island.commands.deal" in loaded
    assert not {m for m in loaded if m.split(".")[0] == "textual"}


def test_the_same_game_under_different_hash_seeds() -> None:
    code = (
        "from palm_island.cli import main\n"
        "main(['autoplay', '--seed', '77', '--policy', 'random'])\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        ).stdout
        for hash_seed in ("0", "1", "12345")
    }
    assert len(outputs) == 1 and "score" in outputs.pop()
