"""Provides :class:`ParSource`: what the controller asks of the par book.

The par book searches in the background with the UI's workers; the controller
only asks for a deal's par, reads it back and keeps what was found, so it owns
this protocol and the TUI's ``ParBook`` implements it (the controller never
imports Textual, tests pass a plain object)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ...engine import GameState


class ParSource(Protocol):
    """Each deal's par, searched off the UI thread."""

    def request(self, start: GameState, seed: int | None = None) -> None:
        """Know ``start``'s par (read back if kept, else searched); drop other searches."""

    def get(self, start: GameState) -> int | None:
        """The par of ``start`` once known."""

    def bound(self, start: GameState) -> int | None:
        """The deal's upper bound once worked out."""

    def flush(self) -> None:
        """Keep a par line found since it was last asked for."""
