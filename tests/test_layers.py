"""Architecture: the engine, campaign rules and sessions stay pure (no sqlite3, Textual, Rich)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from palm_island.campaign.stats import sparkline


@pytest.mark.parametrize(
    "module",
    [
        "palm_island.engine",
        "palm_island.campaign.service",
        "palm_island.records",
        "palm_island.session",
        "palm_island.stored_session",
    ],
)
def test_pure_layers_import_no_io_or_ui_library(module: str) -> None:
    code = (
        f"import sys, {module}; "
        "bad = [m for m in ('sqlite3', 'textual', 'rich', 'platformdirs') if m in sys.modules]; "
        "assert not bad, bad"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_sparkline_scales_scores_to_eight_levels() -> None:
    assert sparkline([0, 10, 20, 40]) == "▁▃▅█"
    assert sparkline([5, 5]) == "▅▅"
    assert sparkline([]) == ""
    assert sparkline(list(range(100)), width=10) == sparkline(list(range(90, 100)))
    assert sparkline([1, 2], ascii_only=True).isascii()
