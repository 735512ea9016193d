"""The check that every test over about 1 s carries the ``slow`` marker.

``make check`` runs the tests without it and has a budget of CPU seconds; a test that
grows past a second unmarked spends that budget unseen. Set PALM_ISLAND_CHECK_SLOW to a
number of seconds (``PALM_ISLAND_CHECK_SLOW=1 make fast``) and every test without the
``slow`` or ``sweep`` marker whose set-up and call take more CPU than that fails, with
its figures. CPU (this process and the children it waited for), not wall time, so other
work on a shared machine does not fail a fast test; off by default for the same reason:
a timing is a budget's measure, not a unit test's verdict. tests/conftest.py installs
the hooks.
"""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Generator

import pytest

SLOW_SECONDS = 1.0
"""The definition of slow: a test over this many seconds of CPU carries the ``slow``
marker (pyproject.toml's marker and README say the same; a test checks). Lighter tests
may carry it too, to keep make check within its 60 s budget."""

SLOW_CHECK_ENV_VAR = "PALM_ISLAND_CHECK_SLOW"
"""The CPU seconds a test without the slow marker may take (unset: no check)."""

EXEMPT_MARKERS = ("slow", "sweep")
"""The markers that keep a test out of make check."""


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def slow_check_limit() -> float | None:
    """The CPU seconds a test without the slow marker may take, or None (no check)."""
    text = os.environ.get(SLOW_CHECK_ENV_VAR, "").strip()
    if not text:
        return None
    try:
        limit = float(text)
    except ValueError:
        raise pytest.UsageError(
            f"{SLOW_CHECK_ENV_VAR} must be a number of seconds, not {text!r}"
        ) from None
    if limit <= 0:
        raise pytest.UsageError(f"{SLOW_CHECK_ENV_VAR} must be above 0, not {text!r}")
    return limit


def pytest_configure(config: pytest.Config) -> None:
    """A wrong value stops the run before any test, as a wrong option would."""
    config.stash[_LIMIT] = slow_check_limit()


def over_the_limit(item: pytest.Item, cpu: float, wall: float, limit: float) -> str | None:
    """Why ``item`` breaks the rule (None when it keeps it): over ``limit`` s of CPU
    without a marker that keeps it out of make check."""
    if cpu <= limit or any(item.get_closest_marker(name) for name in EXEMPT_MARKERS):
        return None
    return (
        f"{item.nodeid} took {cpu:.2f} s of CPU ({wall:.2f} s wall) in set-up and call, "
        f"over {SLOW_CHECK_ENV_VAR}={limit:g} s: mark it slow (make test runs it, "
        "make check does not) or make it cheaper"
    )


_LIMIT = pytest.StashKey[float | None]()
"""The run's limit, read once (:func:`pytest_configure`)."""

_STARTED = pytest.StashKey[tuple[float, float]]()
"""CPU and wall clock when a test's set-up began."""


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    if item.config.stash.get(_LIMIT, None) is not None:
        item.stash[_STARTED] = (_cpu_seconds(), time.perf_counter())
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    limit = item.config.stash.get(_LIMIT, None)
    if limit is None or call.when != "call" or _STARTED not in item.stash:
        return report
    cpu_start, wall_start = item.stash[_STARTED]
    reason = over_the_limit(
        item, _cpu_seconds() - cpu_start, time.perf_counter() - wall_start, limit
    )
    if reason is not None and report.passed:
        report.outcome = "failed"
        report.longrepr = reason
    return report
