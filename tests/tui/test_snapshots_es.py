"""Snapshot tests of every screen in Spanish, at 80×24 and on a phone held upright
(55×60, as ``test_snapshots_phone.py``), and the same screens' fit: every label
whole, no card name wrapped, no text cut with Textual's ellipsis
(``test_fits_translated.py`` checks the pseudo-language). Baselines live in
``__snapshots__``; regenerate with ``pytest --snapshot-update`` only after reading
the rendered SVGs."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytest_textual_snapshot import SVGImageExtension  # type: ignore[import-untyped]
from syrupy.assertion import SnapshotAssertion

from palm_island.i18n import LOCALE_DIR, speaking

from .fit_walk import SCENES, fit_problems, seen
from .helpers import app_for
from .test_snapshots_phone import PHONE

SIZES = {"80x24": (80, 24), "55x60": PHONE}
ON_EVERY_RUN = [
    pytest.param("80x24"),
    # The phone's 24 screens are make sweep's (CI); make test takes the smallest table.
    pytest.param("55x60", marks=pytest.mark.sweep),
]


@pytest.mark.parametrize("size", ON_EVERY_RUN)
@pytest.mark.parametrize("scene", SCENES)
async def test_spanish_screen(snapshot: SnapshotAssertion, scene: str, size: str) -> None:
    # Without the compiled catalog the screens would come out in English.
    assert (LOCALE_DIR / "es" / "LC_MESSAGES" / "palm_island.mo").is_file(), "run make catalogs"
    with speaking("es"):
        screen = await seen(scene, *SIZES[size])
    assert fit_problems(screen, cut_text=True) == []
    assert snapshot.use_extension(SVGImageExtension) == screen["svg"]


def test_spanish_terminal_too_small(snap_compare: Callable[..., bool]) -> None:
    """The notice of a terminal below the smallest layout, in Spanish."""
    with speaking("es"):
        assert snap_compare(app_for(7), press=["enter", "enter"], terminal_size=(70, 20))
