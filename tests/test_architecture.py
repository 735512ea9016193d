"""Boundaries that keep the engine pure and the command line light, as the running
program shows them. The import rules (the engine's imports, its public API, screens
and widgets never importing the app, no cycles) are import-linter contracts in
pyproject.toml, checked by make lint."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


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


def test_help_and_version_import_neither_the_engine_nor_textual() -> None:
    code = (
        "from palm_island.cli import main\n"
        "import contextlib, io\n"
        "for flag in ('--help', '--version'):\n"
        "    with contextlib.redirect_stdout(io.StringIO()):\n"
        "        try:\n            main([flag])\n        except SystemExit:\n            pass\n"
    )
    loaded = modules_loaded_by(code)
    heavy = {"textual", "rich", "pydantic", "sqlite3"}
    assert not {m for m in loaded if m.split(".")[0] in heavy}
    assert "palm_island.engine" not in loaded


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
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


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
def test_the_game_screen_starts_without_pydantic_or_the_solver(tmp_path: object) -> None:
    """Start-up imports only what the first screen needs: validating the card file
    (pydantic) happens once and is cached; records, feats and the solver load later."""
    code = (
        "from palm_island.storage.catalog_files import standard_catalog\n"
        "from palm_island.session import GameSession\n"
        "import palm_island.tui.app, palm_island.tui.screens.game\n"
        "GameSession.from_seed(standard_catalog(), 7)\n"
    )
    env = {"PALM_ISLAND_CACHE_DIR": str(tmp_path)}
    first = modules_loaded_by(code, env)  # validates the file and fills the cache
    assert "pydantic" in first
    loaded = modules_loaded_by(code, env)
    heavy = {"pydantic", "pydantic_core"}
    assert not {m for m in loaded if m.split(".")[0] in heavy}
    assert not {m for m in loaded if m.startswith(("palm_island.solver", "palm_island.records"))}
    assert "palm_island.engine.feats" not in loaded


def test_feat_names_are_still_part_of_the_engine_api() -> None:
    import palm_island.engine as engine

    for name in ("FeatSet", "FeatSpec", "GameSummary", "parse_feats", "earned_feats"):
        assert getattr(engine, name).__module__ == "palm_island.engine.feats"
    try:
        engine.no_such_name  # noqa: B018
    except AttributeError as exc:
        assert "no_such_name" in str(exc)
    else:
        raise AssertionError("unknown names must raise AttributeError")


# --- the TUI's layers: screens -> controller, never the app (issue 39) ------------------


@pytest.mark.slow  # over 0.3 s of CPU: make test, not make check (60 s budget)
def test_only_the_commands_that_run_the_game_import_the_app() -> None:
    """Everything else in the TUI talks to the app through intents."""
    from import_graph import graph

    importers = {name for name, targets in graph().items() if "palm_island.tui.app" in targets}
    assert importers == {"palm_island.commands.play", "palm_island.commands.replay"}


@pytest.mark.slow  # over 0.3 s of CPU: make test, not make check (60 s budget)
def test_the_controller_imports_no_textual() -> None:
    """The controller and what it imports, at any depth and inside functions too,
    never reach Textual (or Rich): it is tested and reasoned about without a terminal."""
    from import_graph import graph, modules, reachable, third_party

    edges = graph()
    assert "palm_island.tui.config" in reachable(edges, "palm_island.tui.controller")
    known = modules()
    heavy = [
        f"{name}: {package}"
        for name in sorted(reachable(edges, "palm_island.tui.controller"))
        for package in sorted(third_party(name, known[name]))
        if package in ("textual", "rich")
    ]
    assert heavy == []
    assert third_party("palm_island.tui.app", known["palm_island.tui.app"]) >= {"textual"}
    loaded = modules_loaded_by("import palm_island.tui.controller")
    assert not {m for m in loaded if m.split(".")[0] in {"textual", "rich"}}
