"""Provides :class:`Bounded`: a memo that is emptied whole when it is full.

The engine's and the solver's memos keep answers that are pure functions of their
keys (steps of a position, tables of a card set, a bound), so forgetting them costs
only time; what must not happen is that a long search grows one without limit. One
rule for all of them: at ``limit`` entries the next new one empties the memo first
(cheaper than any eviction order, and a search's working set refills it at once).
Reading is the plain ``dict`` look-up; only :meth:`keep` adds, so no caller can grow
one past its limit. Entries are finished, immutable values, so threads may share a
memo: a race only computes an answer twice.
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Bounded(dict[K, V]):
    """A ``dict`` of at most ``limit`` entries, filled through :meth:`keep`."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"a memo keeps at least one entry, not {limit}")
        super().__init__()
        self.limit = limit

    def keep(self, key: K, value: V) -> V:
        """Add ``key`` (emptying the memo first when it is full) and return ``value``."""
        if key not in self and len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value
