"""The engine's and the solver's code stays in the shape issue 39 asked for: short
functions, modules under 600 lines (the move generator under 500), no ``type: ignore``,
and every memo that empties itself when full is an ``engine.Bounded``. Each check
walks every module, so a new offending site fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import palm_island.engine
import palm_island.solver

FUNCTION_LINES = 60
MODULE_LINES = 600
MOVEGEN_LINES = 500
FOLDERS = (
    Path(palm_island.engine.__file__).parent,
    Path(palm_island.solver.__file__).parent,
)


def _modules() -> list[Path]:
    return sorted(path for folder in FOLDERS for path in folder.glob("*.py"))


def test_there_are_modules_to_check() -> None:
    names = {path.name for path in _modules()}
    assert {"movegen.py", "payments.py", "windows.py", "subgradient.py"} <= names


def test_no_function_is_longer_than_about_sixty_lines() -> None:
    long = [
        f"{path.name}:{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for path in _modules()
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > FUNCTION_LINES
    ]
    assert long == []


def test_modules_stay_small_and_the_move_generator_under_500_lines() -> None:
    sizes = {path.name: len(path.read_text().splitlines()) for path in _modules()}
    assert sizes["movegen.py"] < MOVEGEN_LINES
    assert {name: n for name, n in sizes.items() if n >= MODULE_LINES} == {}


def test_no_type_checks_are_switched_off() -> None:
    marker = "type: " + "ignore"  # split, so this file does not match itself
    found = [
        f"{path.name}:{number}"
        for path in _modules()
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if marker in line
    ]
    assert found == []


def _empties_when_full(node: ast.If) -> bool:
    """``if len(...) >= ...: <something>.clear()``: a memo emptied by hand."""
    sizes = any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "len"
        for n in ast.walk(node.test)
    )
    clears = any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "clear"
        for statement in node.body
        for n in ast.walk(statement)
    )
    return sizes and clears


def test_every_memo_emptied_when_full_is_a_bounded_one() -> None:
    hand_rolled = [
        f"{path.name}:{node.lineno}"
        for path in _modules()
        if path.name != "bounded.py"
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.If) and _empties_when_full(node)
    ]
    assert hand_rolled == []
