"""The game's words, checked over every site of a kind (issue 47, item 6's slips).

A name with "'s" glued on reads wrong for a plural name ("Drying Racks's card") and
cannot be translated whole; a score is counted in stars (★) everywhere, never in
points; the setting is "difficulty" wherever it is named.
"""

from __future__ import annotations

import ast
import functools
import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path

from palm_island.commands.history import heading, narrow_heading
from palm_island.tui.screens.history import COLUMNS

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted((ROOT / "src" / "palm_island").rglob("*.py"))
DATA = sorted((ROOT / "data").glob("*.json"))


@functools.cache
def parsed(path: Path) -> ast.Module:
    """Each source parsed once for both scans."""
    return ast.parse(path.read_text(encoding="utf-8"))


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that are docstrings (not player text)."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.add(id(value))
    return found


def glued_possessives(path: Path) -> Iterator[str]:
    """Each f-string of ``path`` where a placeholder is followed by "'s" or "’s"."""
    tree = parsed(path)
    for node in ast.walk(tree):
        if not isinstance(node, ast.JoinedStr):
            continue
        parts = node.values
        for before, after in itertools.pairwise(parts):
            if (
                isinstance(before, ast.FormattedValue)
                and isinstance(after, ast.Constant)
                and isinstance(after.value, str)
                and re.match(r"['’]s\b", after.value)
            ):
                yield f"{path.relative_to(ROOT)}:{node.lineno}"


def test_no_name_gets_a_possessive_glued_on() -> None:
    sites = [site for path in SOURCES for site in glued_possessives(path)]
    assert sites == [], f"write 'the {{name}} card', not '{{name}}'s card': {sites}"


POINTS = re.compile(r"(\d|\}|\{[^}]*\})\s*points?\b", re.IGNORECASE)
"""A count of points: a number or a placeholder, then "point(s)"."""


def source_strings(path: Path) -> Iterator[tuple[int, str]]:
    """Every string constant of ``path`` but docstrings, f-strings' pieces joined."""
    tree = parsed(path)
    skip = docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(
                str(part.value) if isinstance(part, ast.Constant) else "{}" for part in node.values
            )
            yield node.lineno, text
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = str(node.value)
            yield from [] if id(node) in skip else [(node.lineno, text)]


def data_strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from data_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from data_strings(item)


def test_scores_are_counted_in_stars_never_points() -> None:
    sites = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in SOURCES
        for line, text in source_strings(path)
        if POINTS.search(text)
    ]
    sites += [
        f"{path.relative_to(ROOT)}: {text!r}"
        for path in DATA
        for text in data_strings(json.loads(path.read_text(encoding="utf-8")))
        if POINTS.search(text)
    ]
    assert sites == [], f"say stars (★), not points: {sites}"


def test_the_setting_is_called_difficulty_everywhere() -> None:
    full, narrow = heading(), narrow_heading()  # English: no --lang in this process
    headings = [*COLUMNS, full, narrow]
    assert not [h for h in headings if re.search(r"\blevel\b", h, re.IGNORECASE)]
    assert "Difficulty" in COLUMNS
    assert "difficulty" in full and "difficulty" in narrow
