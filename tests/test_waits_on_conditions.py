"""Tests wait on conditions, never the clock: a fixed pause is too short on a loaded
machine (CI) and too long everywhere else. Every pause or sleep of a fixed length in
the tests is enumerated here, so a new one fails unless it is listed with why it is
not a wait for something to happen."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
WAITS = {"pause", "sleep"}
LONGEST_POLL = 0.05
"""A pause up to this long inside a loop that checks a condition is a poll, not a wait."""

NOT_WAITS: dict[tuple[str, float], str] = {
    ("web/measure_serve.py", 2): "a measuring tool, not a test: games settle before timing",
    ("tui/screenshot.py", 0.5): "the docs' screenshot tool, not a test",
}
"""(file, seconds) of fixed-length pauses that are not waits for an event."""


def fixed_waits(path: Path) -> list[float]:
    """The constant lengths of ``pause``/``sleep`` calls in ``path`` that are not polls
    (longer than :data:`LONGEST_POLL`, or outside any loop)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    in_loop: set[int] = set()
    for loop in ast.walk(tree):
        if isinstance(loop, ast.For | ast.AsyncFor | ast.While):
            in_loop |= {id(node) for node in ast.walk(loop)}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr not in WAITS or not node.args:
            continue
        length = node.args[-1]
        if isinstance(length, ast.Call) and length.args:  # rng.uniform(a, b): its top
            length = length.args[-1]
        if not isinstance(length, ast.Constant) or not isinstance(length.value, int | float):
            continue
        seconds = float(length.value)
        if seconds == 0 or (seconds <= LONGEST_POLL and id(node) in in_loop):
            continue
        found.append(seconds)
    return found


def test_no_test_waits_a_fixed_time() -> None:
    found = {
        (path.relative_to(TESTS).as_posix(), seconds)
        for path in sorted(TESTS.rglob("*.py"))
        for seconds in fixed_waits(path)
    }
    assert found == set(NOT_WAITS)


def test_a_fixed_pause_is_found_and_a_poll_is_not(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "async def t(pilot):\n"
        "    await pilot.pause(0.3)\n"
        "    await pilot.pause()\n"
        "    while not ready():\n"
        "        await pilot.pause(0.01)\n"
        "    time.sleep(0.01)\n"
    )
    assert sorted(fixed_waits(probe)) == [0.01, 0.3]


STUCK = """
import threading


def test_never_ends() -> None:
    threading.Event().wait()


def test_ends() -> None:
    assert True
"""


@pytest.mark.slow  # a pytest run of its own
def test_a_stuck_test_fails_with_its_stack_and_the_run_goes_on(
    pytester: pytest.Pytester, pytestconfig: pytest.Config
) -> None:
    """A wait that never ends (a frame that never comes, a worker never done) fails
    its test after the suite's limit, with where it was stuck, instead of holding the
    run until CI's own limit ends it without a word (issue 48's CI run did)."""
    limit = float(pytestconfig.getini("timeout"))
    assert 60 <= limit <= 300  # above the longest test on a loaded machine; below CI's hour
    pytester.makepyfile(STUCK)
    result = pytester.runpytest_subprocess("-o", "timeout=1")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*Timeout*", "*test_never_ends*"])
