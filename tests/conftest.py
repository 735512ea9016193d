"""Shared fixtures: the standard catalog and position builders."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Callable

import pytest

from palm_island.engine import Catalog, GameState, parse_position
from palm_island.engine.layout import tracker_orientation
from palm_island.storage.catalog_files import standard_catalog
from palm_island.storage.db import NO_SYNC_ENV_VAR
from palm_island.storage.paths import CACHE_ENV_VAR
from slow_check import pytest_configure, pytest_runtest_makereport, pytest_runtest_setup

# The slow-marker check's hooks (slow_check.py), and pytester for its test.
pytest_plugins = ["pytester"]
__all__ = ["pytest_configure", "pytest_runtest_makereport", "pytest_runtest_setup"]

# The validated-catalog cache of the test run (and of the processes it starts:
# xdist workers, the app in a subprocess) stays out of the user's cache directory.
# Only the process that makes it removes it, at its exit.
if not os.environ.get(CACHE_ENV_VAR):
    _run_cache = tempfile.mkdtemp(prefix="palm-island-test-cache-")
    os.environ[CACHE_ENV_VAR] = _run_cache
    atexit.register(shutil.rmtree, _run_cache, ignore_errors=True)

# The campaign files of tests are thrown away: SQLite commits without waiting for the
# disk (storage/db.py, NO_SYNC_ENV_VAR), in this process and the games it starts. The
# tests of durability itself (the pragmas a player's file gets, the power-loss suite's
# fsyncs, which this does not touch) use the ``durable`` fixture or do not open SQLite.
os.environ[NO_SYNC_ENV_VAR] = "1"

# The tests' terminal shows 16 million colours, whatever terminal runs them: on one of
# 16 colours (TERM=xterm, no COLORTERM) the app takes an ANSI theme (tui/palette.py),
# which would change every picture. The tests of 16-colour terminals set their own.
os.environ["COLORTERM"] = "truecolor"
os.environ.pop("TEXTUAL_COLOR_SYSTEM", None)


@pytest.hookimpl(optionalhook=True)  # known only where xdist is loaded
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: half as many workers again as cores. The UI tests wait on Pilot's
    idle checks (each key sleeps 20 ms at least twice), so with a worker a core they
    left the cores idle a third of the time: make test on 2 cores took 357 s of wall
    for 508 s of CPU with 2 workers, 247 s for 426 s with 3 (2026-12-03)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    cores = cores or 1
    return cores + cores // 2


BUILDING_CODES = [
    "CH1",
    "CH2",
    "CH3",
    "HO1",
    "HO2",
    "LG1",
    "LG2",
    "LG3",
    "MK",
    "QU1",
    "QU2",
    "QU3",
    "TE1",
    "TE2",
    "TH",
    "TM",
]

Table = Callable[..., GameState]


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return standard_catalog()


@pytest.fixture
def position(catalog: Catalog) -> Callable[[str], GameState]:
    """Build a state from full position notation: ``position("1/0 CH1:FU ...")``."""

    def build(text: str) -> GameState:
        return parse_position(text, catalog)

    return build


@pytest.fixture
def table(catalog: Catalog) -> Table:
    """Build a state from the cards that matter, drawn top first.

    ``table("QU1:FU LG1:FD*", round=3)`` puts those cards on top; every other
    building follows face up in code order, then the tracker showing ``round``
    unless it is placed explicitly (write ``RT`` without a face to place it).
    """

    def build(top: str, round: int = 1, turn: int = 5, tail: str = "") -> GameState:
        named = {t.split(":")[0] for t in (*top.split(), *tail.split())}
        rest = [f"{c}:FU" for c in BUILDING_CODES if c not in named]
        tracker = f"RT:{tracker_orientation(catalog, round).short}"
        placed = [tracker if t == "RT" else t for t in top.split()]
        cards = [*placed, *rest, *tail.split()]
        if "RT" not in named:
            cards.append(tracker)
        return parse_position(f"{round}/{turn} {' '.join(cards)}", catalog)

    return build


@pytest.fixture(scope="session", autouse=True)
def _remove_tmpfs_dirs():  # type: ignore[no-untyped-def]
    """Storage suites put round-trip databases on tmpfs; do not leave them there."""
    yield
    from storage_helpers import CREATED

    for path in CREATED:
        shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def durable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Campaign files opened in this test wait for the disk as the game's do
    (``synchronous=FULL``): for tests of durability itself."""
    monkeypatch.delenv(NO_SYNC_ENV_VAR)
