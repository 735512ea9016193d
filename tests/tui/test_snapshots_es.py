"""Snapshot tests of the screens translated so far, in Spanish, at 80×24 and on a
phone held upright (55×60, as ``test_snapshots_phone.py``). Baselines live in
``__snapshots__``; regenerate with ``pytest --snapshot-update`` only after reading
the rendered SVGs.

Each size's screens are taken in one fresh process (``fit_walk.py``) that chooses
Spanish before the game is imported, as the command line does: key bar labels are
built at import, so a screen taken in this process would show an English key bar.
"""

from __future__ import annotations

from typing import Any

import pytest
from pytest_textual_snapshot import SVGImageExtension  # type: ignore[import-untyped]
from syrupy.assertion import SnapshotAssertion

from .fit_walk import SCENES, walked
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
