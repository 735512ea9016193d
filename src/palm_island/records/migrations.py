"""Provides the record schema's history: ordered upgrades of a record's JSON object.

Each step takes the parsed object of one ``schema_version`` and returns the next
version's; :func:`migrate` runs every step needed before strict validation, so a
record written by any earlier release still loads. Keep one fixture file per past
version in ``tests/data/records/`` forever.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .model import SCHEMA_VERSION

Raw = dict[str, Any]


def _v1_to_v2(raw: Raw) -> Raw:
    """v2 adds ``setup``. Version 1 had neither campaigns nor feats, so a v1 game
    was played with no feat card: recorded as difficulty "hard" (no feats, R31)."""
    return {**raw, "schema_version": 2, "setup": {"difficulty": "hard", "feats": []}}


def _v2_to_v3(raw: Raw) -> Raw:
    """v3 adds ``finished_at``. A v2 file never said when its game ended, so it has
    none: ``import`` stores the import time as the finish time, as it always did."""
    return {**raw, "schema_version": 3}


STEPS: dict[int, Callable[[Raw], Raw]] = {1: _v1_to_v2, 2: _v2_to_v3}
"""``STEPS[n]`` upgrades version n to n + 1."""


def migrate(raw: Raw) -> Raw:
    """Upgrade ``raw`` to :data:`SCHEMA_VERSION`; unknown or newer versions are left
    for the validator (newer ones are refused before this is called)."""
    version = raw.get("schema_version")
    while isinstance(version, int) and not isinstance(version, bool) and version in STEPS:
        raw = STEPS[version](raw)
        version = raw["schema_version"]
    assert version != SCHEMA_VERSION or raw["schema_version"] == SCHEMA_VERSION
    return raw
