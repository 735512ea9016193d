"""Provides :class:`Progress`: where a player is in the tutorial (kept in settings)."""

from __future__ import annotations

from typing import NamedTuple


class Progress(NamedTuple):
    """``step``: the step shown (0 first); ``moves``: the scripted moves played so far.

    ``done`` once the last step was reached. A fresh player has no progress at all
    (``None`` where it is kept), which is what makes the title offer the tutorial.
    """

    step: int = 0
    moves: int = 0
    done: bool = False
