"""The slow-marker check (slow_check.py) fails an unmarked test over its CPU limit only."""

from __future__ import annotations

import pytest

import slow_check

SUITE = """
import time

import pytest


def burn() -> None:
    end = time.process_time() + 0.1
    while time.process_time() < end:
        pass


def test_unmarked_and_long() -> None:
    burn()


@pytest.mark.slow
def test_marked_and_long() -> None:
    burn()


@pytest.mark.sweep
def test_a_long_sweep() -> None:
    burn()


def test_quick() -> None:
    assert True
"""


def run(pytester: pytest.Pytester, limit: str, suite: str) -> pytest.RunResult:
    pytester.makepyfile(test_suite=suite)
    pytester.makeini(
        "[pytest]\nasyncio_default_fixture_loop_scope = function\n"
        "markers =\n    slow: long\n    sweep: longer\n"
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(slow_check.SLOW_CHECK_ENV_VAR, limit)
        return pytester.runpytest_inprocess(
            "-p", "no:textual-snapshot", "-p", "no:xdist", plugins=[slow_check]
        )


@pytest.mark.slow  # a whole pytest run inside: about 1.2 s of CPU
def test_an_unmarked_test_over_the_limit_fails_with_its_figures(
    pytester: pytest.Pytester,
) -> None:
    result = run(pytester, "0.03", SUITE)
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(
        ["*test_unmarked_and_long took * s of CPU (* s wall)*PALM_ISLAND_CHECK_SLOW=0.03 s*"]
    )


def test_a_limit_that_is_not_a_positive_number_stops_the_run(pytester: pytest.Pytester) -> None:
    for limit, says in (("fast", "must be a number"), ("0", "must be above 0")):
        result = run(pytester, limit, "def test_quick() -> None:\n    assert True\n")
        assert result.ret == pytest.ExitCode.USAGE_ERROR
        result.stderr.fnmatch_lines([f"*PALM_ISLAND_CHECK_SLOW {says}*"])


def test_without_the_variable_there_is_no_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(slow_check.SLOW_CHECK_ENV_VAR, raising=False)
    assert slow_check.slow_check_limit() is None
    monkeypatch.setenv(slow_check.SLOW_CHECK_ENV_VAR, " 1.5 ")
    assert slow_check.slow_check_limit() == 1.5


def test_only_an_unmarked_test_over_the_limit_breaks_the_rule(
    request: pytest.FixtureRequest,
) -> None:
    item = request.node
    assert slow_check.over_the_limit(item, cpu=0.9, wall=5.0, limit=1.0) is None
    reason = slow_check.over_the_limit(item, cpu=1.2, wall=0.5, limit=1.0)
    assert reason is not None and reason.startswith(f"{item.nodeid} took 1.20 s of CPU")
    item.add_marker(pytest.mark.slow)
    assert slow_check.over_the_limit(item, cpu=1.2, wall=0.5, limit=1.0) is None


def test_slow_has_one_definition_in_the_marker_the_readme_and_the_check() -> None:
    """pyproject.toml's marker, README and slow_check.py state the same threshold."""
    import re
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    (marker,) = [
        m for m in config["tool"]["pytest"]["ini_options"]["markers"] if m.startswith("slow:")
    ]
    readme = " ".join((root / "README.md").read_text(encoding="utf-8").split())
    stated = {
        "pyproject.toml": re.findall(r"over ([\d.]+) s of CPU", marker),
        "README.md": re.findall(r"marked `slow` \(any test over ([\d.]+) s of CPU", readme),
    }
    assert {name: [float(s) for s in found] for name, found in stated.items()} == {
        "pyproject.toml": [slow_check.SLOW_SECONDS],
        "README.md": [slow_check.SLOW_SECONDS],
    }
