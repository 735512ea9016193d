"""Every browser test waits and points through the helpers of ``served.py``.

A browser test once lost a click: it was aimed at the footer the frame before the
footer was rebuilt with the turn's keys, and a key being replaced never hears its
click. So a click or a tap aims only at a screen that :func:`served.wait_for_key_bar`
returned (a ``Settled`` screen, which mypy holds every caller to), and a wait that
times out says what it waited for and shows the screen. These tests find every
place a test talks to the page's mouse, touch screen or ``wait_for_function``, so a
new one outside the helpers fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from .served import wait_for, wait_for_key_bar

TESTS = Path(__file__).resolve().parents[1]

ALLOWED: dict[str, set[str]] = {
    "wait_for_function": {"web/served.py:wait_for", "web/measure_serve.py:main"},
    "mouse": {"web/served.py:click_text"},
    "touchscreen": {"web/served.py:tap_text"},
}
"""Per attribute of a Playwright page: the functions (file:function) that may use it.
``measure_serve`` times key-to-screen latency with ``polling="raf"`` and is a
measuring tool, not a test."""


def uses(path: Path, root: Path = TESTS) -> set[tuple[str, str]]:
    """(attribute, file:function) for each use of an :data:`ALLOWED` attribute."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[tuple[str, str]] = set()
    name = path.relative_to(root).as_posix()
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Attribute) and node.attr in ALLOWED:
                found.add((node.attr, f"{name}:{function.name}"))
    return found


def test_every_wait_click_and_tap_of_a_browser_test_goes_through_the_helpers() -> None:
    found = {use for path in sorted(TESTS.rglob("*.py")) for use in uses(path)}
    strays = {(attribute, where) for attribute, where in found if where not in ALLOWED[attribute]}
    assert not strays, strays
    # The helpers themselves are found: the search sees what it is looking for.
    assert ("mouse", "web/served.py:click_text") in found
    assert ("wait_for_function", "web/served.py:wait_for") in found


def test_a_stray_click_is_found(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("def play(page):\n    page.mouse.click(1, 2)\n", encoding="utf-8")
    assert uses(probe, tmp_path) == {("mouse", "probe.py:play")}


class StuckPage:
    """A page whose waits always time out and whose terminal shows ``screen``."""

    def __init__(self, screen: str) -> None:
        self.screen = screen

    def wait_for_function(self, *args: Any, **kwargs: Any) -> None:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        raise PlaywrightTimeout("Timeout 30000ms exceeded.")

    def evaluate(self, script: str) -> str:
        return self.screen


def test_a_wait_that_times_out_says_what_it_waited_for_and_shows_the_screen() -> None:
    pytest.importorskip("playwright")
    page: Any = StuckPage("Round 1 of 8 · Turn 3\ns Store d Discard")
    with pytest.raises(AssertionError) as raised:
        wait_for_key_bar(page, "Undo", showing=("Turn 2: discard",), timeout=1)
    said = str(raised.value)
    assert "'Undo'" in said and "Turn 2: discard" in said  # what was awaited
    assert "s Store d Discard" in said  # the screen as it was
    with pytest.raises(AssertionError, match="the first screen"):
        wait_for(page, "() => false", what="the first screen", timeout=1)
