"""The order the tests start in: the long ones first.

``make test`` runs on every core with xdist's work stealing, which hands each worker
a share of the collected order and lets a worker that runs out take from the end of
another's. A long test collected last (the browser tests under ``tests/web`` come
last alphabetically, a whole game by keys is 25 s) then ran alone while the other
cores idled. Started first, the long tests overlap, and the short ones fill the
cores at the end. tests/conftest.py installs the hook.
"""

from __future__ import annotations

import pytest

LONG_MARKERS = ("slow", "sweep", "reliability")
"""Markers of tests that take a second or more (``slow``'s definition)."""


def started_early(item: pytest.Item) -> bool:
    return any(item.get_closest_marker(name) for name in LONG_MARKERS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Long tests first, each group in its collected order (a stable sort, the same
    on every worker, as xdist requires)."""
    items.sort(key=lambda item: not started_early(item))
