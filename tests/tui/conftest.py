"""Fixtures for the UI tests."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def fast_pilot(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    """Shorten Pilot's idle wait (20 ms a key) so whole games take seconds.

    Keys and clicks are still delivered one at a time, in order, through the app's
    message queue; only the time Pilot sleeps to decide the app is idle shrinks.
    Snapshot tests keep Textual's own timing so every frame has settled.
    """
    name = request.node.path.name
    if name.startswith("test_snapshots") or name.endswith("snapshots.py"):
        return
    import textual._wait

    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", 0.001)
    monkeypatch.setattr(textual._wait, "SLEEP_IDLE", 0.00005)
