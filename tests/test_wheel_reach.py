"""Only what the game uses is shipped: every module of the package is reached from the
``palm-island`` command by its imports (function-level ones too). A module only the
tests or the benchmarks use belongs beside them (``tests/``, ``benchmarks/``), where
the wheel does not carry it (issue 39: ``tui/keys.py``, ``campaign/balance.py``)."""

from __future__ import annotations

import ast
from pathlib import Path

import palm_island

PACKAGE = Path(palm_island.__file__).parent
ROOTS = {"palm_island.cli", "palm_island.__main__"}
"""The entry points: the console script's module and ``python -m palm_island``."""
DYNAMIC = {"palm_island.commands": "every command (cli.py imports each by its name)"}
"""Packages whose every module is imported by name at run time, not by an import line."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_by(path: Path, known: set[str]) -> set[str]:
    """The package's modules ``path`` imports anywhere in its body."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    reached = {m for m in found if m in known}
    # importing a.b.c runs a/__init__ and a/b/__init__ too
    for module in list(reached):
        parts = module.split(".")
        reached |= {".".join(parts[:i]) for i in range(1, len(parts))} & known
    return reached


def test_every_shipped_module_is_reached_from_the_command() -> None:
    paths = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    known = set(paths)
    assert known >= ROOTS and len(known) > 100  # the walk found the package
    todo = list(ROOTS | {m for m in known for pkg in DYNAMIC if m.startswith(pkg + ".")})
    seen: set[str] = set()
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        todo += imported_by(paths[module], known) - seen
    unreached = sorted(known - seen)
    assert unreached == [], f"shipped but used by no part of the game: {unreached}"
