"""Provides :class:`GameRecord`, the JSON form of one game (schema version 1).

A record keeps the inputs, not the states: the explicit deal (and the seed that
made it, for provenance) and the moves in notation. The final result is kept as
a check, never as truth: replaying the moves is what counts.
"""

from __future__ import annotations

from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt

RECORD_FORMAT: Final = "palm-island/record"
SCHEMA_VERSION: Final = 1
"""The file layout. Bump it (with a migration) when fields change."""
RULES_VERSION: Final = 1
"""The behaviour of the engine. Bump it only when a recorded game could end differently."""
MAX_MOVES: Final = 2000


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class RecordResult(_Strict):
    """How the game ended, as recorded (checked on replay)."""

    score: NonNegativeInt
    rank: str = Field(max_length=64)
    turns: NonNegativeInt


class GameRecord(_Strict):
    """One game, finished or not."""

    format: Literal["palm-island/record"] = RECORD_FORMAT
    schema_version: Literal[1] = SCHEMA_VERSION
    rules_version: Literal[1] = RULES_VERSION
    app_version: str = Field(max_length=32)
    deck_colour: Literal["red", "blue"] = "blue"
    seed: NonNegativeInt | None = None
    """The seed the deal came from, if any (provenance only: the deal is the truth)."""
    deal: tuple[str, ...] = Field(min_length=16, max_length=16)
    """The 16 building cards, top first, by code (``CH2``, ``MK`` …)."""
    moves: tuple[str, ...] = Field(default=(), max_length=MAX_MOVES)
    """Every turn in move notation (docs/notation.md), automatic steps excluded."""
    undo_count: NonNegativeInt = 0
    """How many moves the player took back while playing."""
    result: RecordResult | None = None
    """Present once the game is over."""
