"""Every screenshot the browser tests take is taken while the page shows what the
terminal's buffer holds (:func:`.pixels.while_quiet`).

A screenshot taken straight after reading the buffer can show an older frame: in
a loaded CI run the phone's title was drawn without the key bar that the buffer
had a moment before. This test lists every place in ``tests/web`` that names
``screenshot`` and fails on one that is not inside ``while_quiet``.
"""

from __future__ import annotations

import ast
from pathlib import Path

WEB_TESTS = Path(__file__).parent
HELPERS = {("pixels.py", "while_quiet"), ("pixels.py", "quiet_screenshot")}
"""Where ``page.screenshot`` itself may be named: the helpers that wrap it."""


def calls_while_quiet_with(function: ast.AST, name: str) -> bool:
    """Whether ``function`` passes ``name`` (a local function) to ``while_quiet``."""
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "while_quiet"
        and any(isinstance(arg, ast.Name) and arg.id == name for arg in node.args)
        for node in ast.walk(function)
    )


def unguarded_screenshots(source: str, filename: str) -> list[str]:
    """The lines of ``source`` that name ``screenshot`` outside ``while_quiet``."""
    tree = ast.parse(source)
    found: list[str] = []

    def visit(node: ast.AST, chain: tuple[ast.FunctionDef | ast.AsyncFunctionDef, ...]) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            chain = (*chain, node)
        if isinstance(node, ast.Attribute) and node.attr == "screenshot":
            inner = chain[-1] if chain else None
            helper = inner is not None and (filename, inner.name) in HELPERS
            looked = (
                inner is not None
                and len(chain) >= 2
                and calls_while_quiet_with(chain[-2], inner.name)
            )
            if not (helper or looked):
                found.append(f"{filename}:{node.lineno}")
        for child in ast.iter_child_nodes(node):
            visit(child, chain)

    visit(tree, ())
    return found


def test_every_screenshot_in_the_browser_tests_is_taken_while_the_page_is_quiet() -> None:
    sites = sorted(WEB_TESTS.glob("*.py"))
    assert any(path.name == "test_serve_screens.py" for path in sites)
    unguarded = [
        site
        for path in sites
        for site in unguarded_screenshots(path.read_text(encoding="utf-8"), path.name)
    ]
    assert not unguarded, unguarded


def test_the_site_check_finds_a_screenshot_taken_straight_after_reading_the_buffer() -> None:
    straight = "def look_at(page):\n    text = screen_text(page)\n    return page.screenshot()\n"
    assert unguarded_screenshots(straight, "test_x.py") == ["test_x.py:3"]
    nested_elsewhere = (
        "def outer(page):\n    def look():\n        return page.screenshot()\n    return look()\n"
    )
    assert unguarded_screenshots(nested_elsewhere, "test_x.py") == ["test_x.py:3"]
    guarded = (
        "def outer(page):\n    def look():\n        return page.screenshot()\n"
        "    return while_quiet(page, look)\n"
    )
    assert unguarded_screenshots(guarded, "test_x.py") == []
    assert unguarded_screenshots("def f(page):\n    page.screenshot()\n", "pixels.py") != []
