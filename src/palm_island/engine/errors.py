"""Provides the engine's errors: one type per way an input can be wrong.

Every error is a ``PalmIslandError`` so callers can catch them all at once, and
each message says what was wrong and where, so a player or a bug report needs
nothing else.
"""

from __future__ import annotations

from ..errors import PalmIslandError as PalmIslandError  # defined outside: see its module


class CatalogError(PalmIslandError, ValueError):
    """The card data is malformed: names the source and the path inside it."""

    def __init__(self, source: str, where: str, problem: str) -> None:
        self.source = source
        self.where = where
        self.problem = problem
        location = f"{source}: {where}" if where else source
        super().__init__(f"{location}: {problem}")


class InvalidMoveError(PalmIslandError, ValueError):
    """A move's text cannot be parsed at all (not a move in our notation)."""


class IllegalMoveError(PalmIslandError, ValueError):
    """A well-formed move that the rules do not allow in this position."""

    def __init__(self, move: str, position: str, reason: str) -> None:
        self.move = move
        self.position = position
        self.reason = reason
        super().__init__(f"{move!r} is not legal here ({reason}); position: {position}")


class InvalidPositionError(PalmIslandError, ValueError):
    """A position's text cannot be parsed, or describes an impossible deck."""
