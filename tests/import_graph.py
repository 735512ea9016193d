"""The import graph of the ``palm_island`` package read from its source (for the
architecture tests): every import counts, at module level or inside a function,
except those under ``if TYPE_CHECKING:`` (never run)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "palm_island"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, type_checking: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that can run (at any depth), and with ``type_checking``
    those under ``if TYPE_CHECKING`` too."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _type_checking(node) and not type_checking:
            for child in node.orelse:
                yield from _imports(ast.Module(body=[child], type_ignores=[]), type_checking)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        yield from _imports(node, type_checking)


def imported_names(name: str, path: Path, *, type_checking: bool = False) -> Iterator[str]:
    """The absolute names ``name`` (at ``path``) imports: for ``from M import x``,
    both ``M`` and ``M.x`` (one of them is the module; the caller keeps known ones)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in _imports(ast.parse(path.read_text()), type_checking):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
            continue
        if node.level:
            base = package.split(".")
            base = base[: len(base) - node.level + 1]
            target = ".".join([*base, node.module] if node.module else base)
        else:
            target = node.module or ""
        yield target
        yield from (f"{target}.{alias.name}" for alias in node.names)


def third_party(name: str, path: Path) -> set[str]:
    """The top-level packages outside ``palm_island`` that ``name`` imports (when run)."""
    return {
        target.split(".")[0]
        for target in imported_names(name, path)
        if target and not target.startswith("palm_island")
    }


def graph() -> dict[str, set[str]]:
    """Module -> the ``palm_island`` modules it imports (itself excluded)."""
    known = modules()
    return {
        name: {t for t in imported_names(name, path) if t in known and t != name}
        for name, path in known.items()
    }


def reachable(edges: dict[str, set[str]], start: str) -> set[str]:
    seen = {start}
    todo = [start]
    while todo:
        for target in edges.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen
