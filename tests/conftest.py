"""Shared fixtures: the standard catalog and position builders."""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from palm_island.engine import Catalog, GameState, parse_position
from palm_island.engine.layout import tracker_orientation
from palm_island.storage.catalog_files import standard_catalog
from palm_island.storage.paths import CACHE_ENV_VAR
from palm_island.storage.service import Store
from port_guard import default_port_taken
from slow_check import pytest_configure, pytest_runtest_makereport, pytest_runtest_setup

# The slow-marker check's hooks (slow_check.py), and pytester for its test.
pytest_plugins = ["pytester"]
__all__ = [
    "default_port_taken",  # serve's default port is held: port_guard.py
    "pytest_configure",
    "pytest_runtest_makereport",
    "pytest_runtest_setup",
]

# The validated-catalog cache of the test run (and of the processes it starts:
# xdist workers, the app in a subprocess) stays out of the user's cache directory.
# Only the process that makes it removes it, at its exit.
if not os.environ.get(CACHE_ENV_VAR):
    _run_cache = tempfile.mkdtemp(prefix="palm-island-test-cache-")
    os.environ[CACHE_ENV_VAR] = _run_cache
    atexit.register(shutil.rmtree, _run_cache, ignore_errors=True)

# The tests' terminal shows 16 million colours, whatever terminal runs them: on one of
# 16 colours (TERM=xterm, no COLORTERM) the app takes an ANSI theme (tui/palette.py),
# which would change every picture. The tests of 16-colour terminals set their own.
os.environ["COLORTERM"] = "truecolor"
os.environ.pop("TEXTUAL_COLOR_SYSTEM", None)

# The tests read English words, whatever language the machine running them speaks
# (gettext reads LANGUAGE first); the tests of other languages choose their own.
os.environ["LANGUAGE"] = "en"


GC_THRESHOLDS = (50_000, 20, 100)
"""The cyclic collector's thresholds in a test process (Python's are 700, 10, 10)."""


def pytest_collection_finish(session: pytest.Session) -> None:
    """The test process's collector tuned once every test module is imported: the
    UI tests allocate frames by the thousand, and with Python's thresholds a quarter
    of their CPU went to collections, most of it full ones walking every module,
    test item and cache the run holds. Those are frozen (no collection walks them
    again) and young objects get more room to die young. The game's own processes
    (a served game, a game in a terminal) keep Python's defaults: this is the test
    run's, measured in CHANGELOG.md."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


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


PLAYERS_OPEN = Store.open
"""``Store.open`` as the game has it: every commit waits for the disk."""


def _throwaway_open(
    cls: type[Store], /, directory: str | Path | None = None, **options: Any
) -> Store:
    options.setdefault("durable", False)
    return PLAYERS_OPEN.__func__(cls, directory, **options)  # type: ignore[attr-defined,no-any-return]


@pytest.fixture(scope="session", autouse=True)
def _throwaway_files() -> Iterator[None]:
    """The campaign files a test opens in this process are thrown away after it: they
    are opened with ``durable=False`` (SQLite does not wait for the disk; the suite's
    thousands of commits each waited 3-12 ms for it, its cores idle). A test passes
    ``durable=True`` or takes the ``durable`` fixture for the player's path, and the
    games the tests start as processes have it always (nothing in the game turns it
    off). Forked children (the fault harness) inherit the setting."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Store, "open", classmethod(_throwaway_open))
        yield


@pytest.fixture
def durable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Campaign files opened in this test wait for the disk as a player's do
    (``synchronous=FULL``): for tests of durability itself."""
    monkeypatch.setattr(Store, "open", PLAYERS_OPEN)
