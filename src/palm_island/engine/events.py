"""Provides the events :func:`apply_move` reports: the turn, then automatic steps.

Automatic steps are not turns (R21, R22); the record never stores them because
replaying the moves brings them back. The UI shows them in the move log.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import Orientation
from .moves import Move


class MovePlayed(NamedTuple):
    """The player's turn: which card, from which face to which, and how it was paid."""

    turn: int
    move: Move
    card: str
    before: Orientation
    after: Orientation


class StoredCardReturned(NamedTuple):
    """R21: a stored card reached the top; it was un-stored and put at the back."""

    card: str


class RoundEnded(NamedTuple):
    """R22: the round tracker reached the top; this round is over."""

    round: int


class GameEnded(NamedTuple):
    """R25: round 8 ended; the game is scored."""

    score: int


Event = MovePlayed | StoredCardReturned | RoundEnded | GameEnded
