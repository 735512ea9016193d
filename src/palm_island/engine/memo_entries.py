"""Provides the shapes of :class:`~.movegen.MoveMemo`'s entries (its memos hold
hundreds of thousands of them, so most are plain tuples; see :data:`Known`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .tables import Moves, Steps

if TYPE_CHECKING:
    from .movegen import MoveMemo

Entry = tuple[Moves, Steps]
"""A position's legal moves and, in the same order, their steps."""
Known = tuple[int, Steps]
"""A memoised entry: its moves' index in :attr:`~.movegen.MoveMemo.move_lists`, and its steps
(ints, bytes and tuples of them, which the garbage collector stops tracking).

``Known`` and :data:`Info` stay plain tuples, read by index, on purpose: the garbage
collector stops tracking an exact tuple of untracked items, never a named tuple (a
subclass), and a long search keeps up to 400,000 of each in its memos."""
Info = tuple[tuple[int, ...], tuple[str | None, ...], tuple[bytes, ...] | None, bytes, bytes, int]
"""Per set of stored cards (rank bytes, code order): what each holds, their codes
(then ``None``, for "no release"), their clears (``None`` when two share a value),
and per packed card whether its steps depend on these stored cards (see
:meth:`~.tables.RuleTables.depends`), the stored cards' rank bytes in code order, and
a number for what they hold (the same for equal holdings, see :attr:`~.movegen.MoveMemo.plans`)."""
Split = tuple[list[bytes], list[tuple[bytes, int]]]
"""A position's children split in two (:meth:`~.movegen.MoveMemo.successors`): the decks one
turn on (same round, one card fewer above the tracker), then the positions an
automatic step moved further, each part in step order."""


class Last(NamedTuple):
    """What :func:`~.movegen.entry_of` answers (one at a time per memo, replaced whole)."""

    deck: tuple[int, ...]
    memo: MoveMemo
    moves: Moves
    steps: Steps | None
    """``None`` when the stored cards matter: play finds the one step it applies."""
    packed: bytes
    """The deck as bytes."""
