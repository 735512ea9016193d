"""Every path the docs cite exists: README.md and docs/*.md name files and folders of the
project (``src/palm_island/storage/db.py``, ``tests/data/db/``, ``widgets/card.py``
inside the TUI's folder), and a renamed or removed one must not stay cited."""

from __future__ import annotations

import json
import re
from pathlib import Path

import textual_serve

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FOLDERS = ("src", "tests", "docs", "benchmarks", "tools", "data", ".ci")
"""The project's folders (the checkout's, as an sdist holds them)."""
UPSTREAM = {Path(textual_serve.__file__).parent: "textual_serve"}
"""Installed packages a doc may cite a file of (the note for textual-serve upstream)."""
MADE = {".venv", ".venv/bin"}
"""Folders ``make`` creates in a fresh clone (the README says how to use them)."""
VENDORED = ROOT / "src" / "palm_island" / "web" / "static" / "vendor" / "manifest.json"
"""Where each third-party file of the page comes from in its npm tarball (``lib/xterm.js``)."""
EXTENSIONS = "py|md|json|toml|tcss|js|css|html|svg|png|db|txt|sh|yml|yaml|cfg|ini"
CITED = re.compile(
    rf"(?<![\w./~:-])((?:\./)?[\w.-]+(?:/[\w.-]+)+(?:\.(?:{EXTENSIONS})|/))(?![\w/.])"
)
"""A relative path with at least one folder: ending in a known extension or in ``/``."""


def cited_paths(text: str) -> list[tuple[int, str]]:
    """(line, path) of each relative path ``text`` cites; absolute paths, home folders,
    ``..``, placeholders (``{N}``, ``*``) are examples, not the project's files."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for match in CITED.finditer(line):
            path = match.group(1).removeprefix("./")
            if ".." in path or "{" in path or "*" in path:
                continue
            found.append((number, path.rstrip("/")))
    return found


def project_paths() -> set[str]:
    """Every file and folder of the project, relative to the checkout."""
    paths = {p.name for p in ROOT.iterdir() if p.is_file()}
    for folder in FOLDERS:
        for path in (ROOT / folder).rglob("*"):
            if "__pycache__" not in path.parts:
                paths.add(path.relative_to(ROOT).as_posix())
    for package in UPSTREAM:
        paths |= {p.relative_to(package).as_posix() for p in package.rglob("*")}
    manifest = json.loads(VENDORED.read_text(encoding="utf-8"))
    paths |= {f["source"] for package in manifest["packages"] for f in package["files"]}
    return paths | MADE


def missing(cited: list[tuple[int, str]], known: set[str]) -> list[str]:
    """The cited paths no project path is or ends with (``widgets/card.py`` is
    ``src/palm_island/tui/widgets/card.py``)."""
    suffixes = {"/".join(p.split("/")[i:]) for p in known for i in range(p.count("/") + 1)}
    return [f"{line}: {path}" for line, path in cited if path not in suffixes]


def test_every_path_the_docs_cite_exists() -> None:
    known = project_paths()
    problems = {
        doc.name: found
        for doc in DOCS
        if (found := missing(cited_paths(doc.read_text(encoding="utf-8")), known))
    }
    assert problems == {}


def test_the_check_finds_a_path_that_is_not_there() -> None:
    text = (
        "See `src/palm_island/storage/db.py`, `widgets/card.py` and `tests/data/db/`;\n"
        "the plan is in `shared/docs/reliability.md`, the old `tui/collector.py`.\n"
        "Not paths: `os.replace/rename/...`, `DATA/../campaign.db`, `/tmp/x.py`.\n"
    )
    assert missing(cited_paths(text), project_paths()) == [
        "2: shared/docs/reliability.md",
        "2: tui/collector.py",
    ]
