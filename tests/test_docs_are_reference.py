"""README, docs/ and the game's docstrings are reference: a dated figure or lab note (a
date, a time of day) belongs in CHANGELOG.md. Dates inside code (an example share line,
``--date 2026-11-29``) are examples, not dates of a measurement."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SOURCES = sorted((ROOT / "src" / "palm_island").rglob("*.py"))
MONTHS = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec"
DATED = re.compile(
    rf"\b20\d\d-\d\d-\d\d\b|\b\d{{1,2}}:\d\d(?:-\d{{1,2}}:\d\d)? UTC\b"
    rf"|\b\d{{1,2}} (?:{MONTHS})[a-z]* 20\d\d\b|\b(?:{MONTHS})[a-z]* \d{{1,2}},? 20\d\d\b"
)
"""A date (ISO or written out) or a time of day in UTC."""
CODE = re.compile(r"```.*?```|``.*?``|`[^`]*`|^ *>>> .*?(?=\n *\n|\Z)", re.DOTALL | re.MULTILINE)
"""Fenced blocks, reST literals, inline code and doctests (to the next blank line):
examples."""


def dated(text: str) -> list[str]:
    """The dates and times ``text`` states outside code, with the line each is on."""
    prose = CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    return [
        f"{number}: {line.strip()[:80]}"
        for number, line in enumerate(prose.splitlines(), 1)
        if DATED.search(line)
    ]


def docstrings(path: Path) -> str:
    found = [
        ast.get_docstring(n, clean=False) or ""
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    return "\n".join(found)


def test_the_docs_state_no_dated_figures() -> None:
    found = {doc.name: lines for doc in DOCS if (lines := dated(doc.read_text(encoding="utf-8")))}
    assert found == {}, "move dated figures and lab notes to CHANGELOG.md"


def test_the_game_s_docstrings_state_no_dated_figures() -> None:
    found = {
        str(path.relative_to(ROOT)): lines for path in SOURCES if (lines := dated(docstrings(path)))
    }
    assert found == {}, "move dated figures and lab notes to CHANGELOG.md"


def test_the_check_finds_dates_and_times_outside_code() -> None:
    text = (
        "Measured on 2026-12-01 (load 2).\n"
        "Figures of 1 Dec 2026, 06:01-06:02 UTC.\n"
        "The share line `Palm Island daily 2026-11-29: 38★` and ``--date 2026-11-29``.\n"
        "```\ndate: 2026-11-29\n```\n"
        "A second run at 10:29 UTC.\n"
        "    >>> share(day)\n    'Palm Island daily 2026-11-29: 38★'\n\n"
        "Seen in CI on 2026-12-04.\n"
    )
    assert [line.split(":")[0] for line in dated(text)] == ["1", "2", "7", "11"]
