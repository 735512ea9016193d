"""Shared fixtures: the standard catalog and a position builder."""

from __future__ import annotations

import pytest

from palm_island.engine import Catalog, GameState, parse_position
from palm_island.storage.catalog_files import standard_catalog


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return standard_catalog()


@pytest.fixture
def position(catalog: Catalog):  # type: ignore[no-untyped-def]
    """Build a state from position notation: ``position("1/0 CH1:FU ...")``."""

    def build(text: str) -> GameState:
        return parse_position(text, catalog)

    return build


@pytest.fixture(scope="session", autouse=True)
def _remove_tmpfs_dirs():  # type: ignore[no-untyped-def]
    """Storage suites put round-trip databases on tmpfs; do not leave them there."""
    yield
    import shutil

    from storage_helpers import CREATED

    for path in CREATED:
        shutil.rmtree(path, ignore_errors=True)
