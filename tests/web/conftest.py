"""The fixtures the page-in-a-browser tests share: one Chromium and one server a module
(a module that needs a server of its own, with other options, defines ``served``)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .browsing import chromium
from .served import Served, serving

if TYPE_CHECKING:
    from playwright.sync_api import Browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    with tempfile.TemporaryDirectory() as scratch, serving(Path(scratch) / "data") as running:
        yield running
