"""The game and its tests use Textual's public API only: every site that could reach
past it (imports, type selectors in queries, frame inspection) is enumerated here,
so a new one fails."""

from __future__ import annotations

import ast
import functools
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted([*(ROOT / "src").rglob("*.py"), *(ROOT / "tests").rglob("*.py")])
PUBLIC_MODULES = ("textual.widgets", "textual.containers", "textual.screen", "textual.command")
QUERIES = {"query", "query_one", "query_children", "query_exactly_one"}


@functools.cache
def public_widget_names() -> frozenset[str]:
    names = {"Screen", "ModalScreen", "Widget", "App"}
    for name in PUBLIC_MODULES:
        module = importlib.import_module(name)
        exported = getattr(module, "__all__", dir(module))  # textual.widgets loads lazily
        names |= {n for n in exported if not n.startswith("_")}
    return frozenset(names)


@functools.cache
def our_class_names() -> frozenset[str]:
    return frozenset(
        node.name
        for path in SOURCES
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ClassDef)
    )


def private_uses(tree: ast.AST, allowed_types: frozenset[str]) -> list[str]:
    """Imports of private Textual modules or names, type selectors naming a widget
    Textual does not export, and frame inspection (patching around private code)."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual"):
            module = node.module or ""
            if any(part.startswith("_") for part in module.split(".")):
                found.append(f"from {module} import")
            found += [f"{module}.{a.name}" for a in node.names if a.name.startswith("_")]
        if isinstance(node, ast.Attribute) and node.attr == "_getframe":
            found.append("sys._getframe")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in QUERIES
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            for name in re.findall(r"(?<![#.\w-])([A-Z]\w*)", node.args[0].value):
                if name not in allowed_types:
                    found.append(f"{node.func.attr}({node.args[0].value!r})")
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_private_textual_api(path: Path) -> None:
    allowed = public_widget_names() | our_class_names()
    assert private_uses(ast.parse(path.read_text()), allowed) == []


def test_the_check_catches_what_the_footer_tests_used_to_do() -> None:
    allowed = public_widget_names() | our_class_names()
    code = (
        "from textual.widgets._footer import FooterKey\n"
        "import sys\n"
        "caller = sys._getframe(1)\n"
        "keys = app.screen.query('FooterKey')\n"
        "footer = app.screen.query_one('Footer')\n"
    )
    found = sorted(private_uses(ast.parse(code), allowed))
    assert found == ["from textual.widgets._footer import", "query('FooterKey')", "sys._getframe"]
