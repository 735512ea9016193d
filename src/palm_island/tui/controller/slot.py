"""Provides :class:`GameSlot`: the one game this window shows, and the games kept
for later (the quick game left for Continue, the tutorial's game, the quick daily
deals finished in this run).

Play, the tutorial, a replay and watching another window's game all enter through
:meth:`GameSlot.begin` and leave through :meth:`GameSlot.end`; what is shown is one
of the :data:`Current` kinds, so a saved game (whose hold matters) is told apart by
its type and its ``game_id``, never by looking for an attribute."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...engine import GameState, Move
    from ...records import GameRecord
    from ...session import GameSession


@dataclass(frozen=True)
class Playing:
    """A game played here: a quick game in memory or a saved game (held while shown)."""

    session: GameSession


@dataclass(frozen=True)
class Learning:
    """The tutorial's guided game (never saved)."""

    session: GameSession


@dataclass(frozen=True)
class Watching:
    """Saved game ``game_id``, which another window plays, shown read-only."""

    session: GameSession
    game_id: int


@dataclass(frozen=True, slots=True)
class Replay:
    """A game to view: its record, every state (``states[i]`` before ``moves[i]``)
    and, for a stored game, its id (for the export file name)."""

    record: GameRecord
    states: tuple[GameState, ...]
    moves: tuple[Move, ...]
    game_id: int | None = None
    name: str = "game"


@dataclass(frozen=True)
class Reviewing:
    """A finished game in the replay viewer."""

    replay: Replay


Current = Playing | Learning | Watching | Reviewing
"""What the window shows."""


class GameSlot:
    """The game shown, and the games kept for later in this run."""

    def __init__(self) -> None:
        self._current: Current | None = None
        self._kept: GameSession | None = None
        self._tutorial: GameSession | None = None
        self._daily_done: dict[int, GameSession] = {}

    @property
    def current(self) -> Current | None:
        return self._current

    @property
    def session(self) -> GameSession | None:
        """The game shown, if it is a game (not a replay)."""
        current = self._current
        return None if current is None or isinstance(current, Reviewing) else current.session

    @property
    def playing(self) -> GameSession | None:
        """The game played here, if one is shown."""
        return self._current.session if isinstance(self._current, Playing) else None

    @property
    def kept(self) -> GameSession | None:
        """A quick game left for the title: Continue picks it up."""
        return self._kept

    @property
    def tutorial(self) -> GameSession | None:
        """The tutorial's game left in this run, resumed exactly as it was."""
        return self._tutorial

    def daily_done(self, seed: int) -> GameSession | None:
        """The quick daily deal of ``seed`` finished in this run (its one attempt)."""
        return self._daily_done.get(seed)

    def begin(self, current: Current) -> None:
        """``current`` is shown now (the caller let the previous one go first)."""
        self._current = current
        if isinstance(current, Playing):
            self._kept = None  # a new game replaces a kept one (the title asked first)

    def end(self) -> Current | None:
        """Nothing is shown any more; what was."""
        ended, self._current = self._current, None
        return ended

    def keep(self, session: GameSession | None) -> None:
        self._kept = session

    def keep_tutorial(self, session: GameSession | None) -> None:
        self._tutorial = session

    def follow(self, session: GameSession) -> None:
        """The watched game moved on: ``session`` is its position now."""
        current = self._current
        if isinstance(current, Watching):
            self._current = Watching(session, current.game_id)

    def finished(self, session: GameSession, *, daily_seed: int | None) -> None:
        """``session`` ended: nothing to continue; a quick daily attempt is done."""
        self._kept = None
        if daily_seed is not None:
            self._daily_done.setdefault(daily_seed, session)
