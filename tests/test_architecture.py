"""Boundaries that keep the engine pure and the command line light."""

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


def test_engine_modules_import_only_the_standard_library_pydantic_and_each_other() -> None:
    import ast
    from pathlib import Path

    import palm_island.engine

    allowed = set(sys.stdlib_module_names) | {"pydantic"}
    engine_dir = Path(palm_island.engine.__file__).parent
    offenders = []
    for module in sorted(engine_dir.glob("*.py")):
        for node in ast.walk(ast.parse(module.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            offenders += [f"{module.name}: {n}" for n in names if n.split(".")[0] not in allowed]
    assert offenders == []
    banned = {"random", "time", "datetime", "sqlite3", "os", "io", "pathlib"}
    for module in sorted(engine_dir.glob("*.py")):
        tree = ast.parse(module.read_text())
        imported = {
            alias.name.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        }
        used = imported & banned
        # deal.py may use random.Random(seed) (a seeded generator, never the global one).
        assert used <= ({"random"} if module.name == "deal.py" else set()), module.name


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


def test_the_product_uses_the_engine_through_its_public_api_only() -> None:
    """Outside ``engine/`` the product imports ``palm_island.engine`` (its ``__all__``),
    never one of its modules (docs/engine-api.md is the contract). Tests may look
    inside; the error mapper's late import of ``engine.errors`` (exits.py, kept off the
    start-up path of every command) is the one exception."""
    import ast
    from pathlib import Path

    package = Path(__file__).resolve().parents[1] / "src" / "palm_island"
    found = []
    for path in sorted(package.rglob("*.py")):
        if path.is_relative_to(package / "engine"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                absolute = node.module if not node.level else f".{node.module}"
                parts = absolute.split(".")
                if "engine" in parts and parts.index("engine") < len(parts) - 1:
                    found.append(f"{path.relative_to(package)}: from {absolute}")
    assert found == ["exits.py: from .engine.errors"]


# --- the TUI's layers: screens -> controller, never the app (issue 39) ------------------


def test_no_screen_or_widget_imports_the_app() -> None:
    """Screens and widgets reach the shared state through the controller and ask for
    screen changes with intents (tui/intents.py); none imports ``tui/app.py``, at
    module level, inside a function or for type checking only."""
    import ast

    from import_graph import PACKAGE, imported_names, module_name

    offenders = []
    for folder in ("screens", "widgets"):
        for path in sorted((PACKAGE / "tui" / folder).glob("*.py")):
            name = module_name(path)
            tree = ast.parse(path.read_text())
            statements = [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]
            assert statements or path.name == "__init__.py", path  # the walk sees imports
            offenders += [
                f"{name}: {target}"
                for target in imported_names(name, path, type_checking=True)
                if target == "palm_island.tui.app" or target.startswith("palm_island.tui.app.")
            ]
    assert offenders == []


@pytest.mark.slow  # over 0.3 s of CPU: make test, not make check (60 s budget)
def test_only_the_commands_that_run_the_game_import_the_app() -> None:
    """Everything else in the TUI talks to the app through intents."""
    from import_graph import graph

    importers = {name for name, targets in graph().items() if "palm_island.tui.app" in targets}
    assert importers == {"palm_island.commands.play", "palm_island.commands.replay"}


def test_no_import_cycles_in_the_package() -> None:
    """No two modules import each other, directly or round a loop, counting imports
    inside functions (a late import hides a cycle; it does not break it)."""
    from import_graph import cycles, graph

    assert cycles(graph()) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    from import_graph import cycles

    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


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
