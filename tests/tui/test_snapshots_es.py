"""Snapshot tests of every screen in Spanish, at 80×24 and on a
phone held upright (55×60, as ``test_snapshots_phone.py``). Baselines live in
``__snapshots__``; regenerate with ``pytest --snapshot-update`` only after reading
the rendered SVGs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from pytest_textual_snapshot import SVGImageExtension  # type: ignore[import-untyped]
from syrupy.assertion import SnapshotAssertion

from palm_island.i18n import speaking

from .fit_walk import SCENES, walked
from .helpers import app_for
from .test_snapshots_phone import PHONE

SIZES = {"80x24": (80, 24), "55x60": PHONE}


@pytest.fixture(scope="module")
def spanish() -> dict[str, dict[str, dict[str, Any]]]:
    return {name: walked("es", size) for name, size in SIZES.items()}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scene", SCENES)
def test_spanish_screen(
    snapshot: SnapshotAssertion,
    spanish: dict[str, dict[str, dict[str, Any]]],
    scene: str,
    size: str,
) -> None:
    assert snapshot.use_extension(SVGImageExtension) == spanish[size][scene]["svg"]


def test_spanish_terminal_too_small(snap_compare: Callable[..., bool]) -> None:
    """The notice of a terminal below the smallest layout, in Spanish."""
    with speaking("es"):
        assert snap_compare(app_for(7), press=["enter", "enter"], terminal_size=(70, 20))
