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
