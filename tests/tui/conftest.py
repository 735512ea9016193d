"""Fixtures for the UI tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.app import App


@pytest.fixture
def notifications() -> Callable[[App[Any]], list[str]]:
    """Record the messages an app notifies from now on: ``notes = notifications(app)``.

    Wraps the app instance's public ``notify`` (the notifications still show).
    """

    def record(app: App[Any]) -> list[str]:
        messages: list[str] = []
        original = app.notify

        def notify(message: str, *args: object, **kwargs: object) -> None:
            messages.append(message)
            original(message, *args, **kwargs)  # type: ignore[arg-type]

        app.notify = notify  # type: ignore[method-assign]
        return messages

    return record
