"""Provides :class:`GameRecord`, the JSON form of one game (schema version 3).

A record keeps the inputs, not the states: the explicit deal (and the seed that
made it, for provenance) and the moves in notation. The final result is kept as
a check, never as truth: replaying the moves is what counts.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal, Self

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, NonNegativeInt, model_validator

from ..text import unsafe_characters

RECORD_FORMAT: Final = "palm-island/record"
SCHEMA_VERSION: Final = 3
"""The file layout. Bump it (with a migration in migrations.py) when fields change.

1: the first layout. 2: adds ``setup`` (difficulty, feats in play, campaign) and
the final state's hash in ``result``. 3: adds ``finished_at``, when the game ended."""
RULES_VERSION: Final = 1
"""The behaviour of the engine. Bump it only when a recorded game could end differently."""
MAX_MOVES: Final = 2000
MAX_SEED: Final = 2**63 - 1
"""Seeds, counts and scores are bounded so a file cannot hold an integer no column
(SQLite's 64 bits) or computation can take."""
MAX_UNDOS: Final = 1_000_000
MAX_SCORE: Final = 1000
Stamp = Annotated[
    str,
    Field(pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?\+00:00$", max_length=32),
]
"""A time as the game stores it: ISO 8601, UTC (``2026-12-05T08:43:48.123+00:00``)."""
Difficulty = Literal["easy", "medium", "hard"]
FEAT_LIMITS: Final[dict[str, int | None]] = {"easy": None, "medium": 1, "hard": 0}
"""R31: how many feats a game may use at each difficulty (``None``: any number)."""


def _safe_text(text: str) -> str:
    """Text shown to a player: no control, bidi or separator characters."""
    bad = unsafe_characters(text)
    if bad:
        raise ValueError(f"holds characters that are not allowed ({', '.join(bad[:3])})")
    return text


SafeText = Annotated[str, AfterValidator(_safe_text)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Checkpoint(_Strict):
    """The position's hash when a round ended: localises where a replay diverges."""

    after_move: NonNegativeInt = Field(le=MAX_MOVES)
    """The move (1-based) whose automatic steps ended the round."""
    state_sha256: str = Field(pattern=r"^[0-9a-f]{64}$")


class RecordResult(_Strict):
    """How the game ended, as recorded (checked on replay)."""

    score: NonNegativeInt = Field(le=MAX_SCORE)
    rank: SafeText = Field(max_length=64)
    """Recomputed on import and load, and must match (never shown as written)."""
    turns: NonNegativeInt = Field(le=MAX_MOVES)
    state_sha256: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")
    """SHA-256 of the final position's notation: replays must reach exactly it."""
    checkpoints: tuple[Checkpoint, ...] = Field(default=(), max_length=8)
    """One per round (R22, R25): the hash after the move that ended it."""


class GameSetup(_Strict):
    """How the game was set up: difficulty and feats in play (R30, R31)."""

    difficulty: Difficulty = "hard"
    feats: tuple[str, ...] = Field(default=(), max_length=20)
    """Codes of the feat cards placed before the round tracker, in deck order."""
    campaign: SafeText | None = Field(default=None, min_length=1, max_length=64)
    """The campaign the game was played in, if any (for the reader; not checked)."""

    @model_validator(mode="after")
    def _r31_feat_limit(self) -> Self:
        limit = FEAT_LIMITS[self.difficulty]
        if limit is not None and len(self.feats) > limit:
            plural = "" if limit == 1 else "s"
            raise ValueError(f"{self.difficulty} allows at most {limit} feat{plural} (R31)")
        if len(set(self.feats)) != len(self.feats):
            raise ValueError("a feat is listed twice")
        return self


class GameRecord(_Strict):
    """One game, finished or not."""

    format: Literal["palm-island/record"] = RECORD_FORMAT
    schema_version: Literal[3] = SCHEMA_VERSION
    rules_version: Literal[1] = RULES_VERSION
    app_version: str = Field(max_length=32, pattern=r"^[!-~]*$")
    """Printable ASCII (information only)."""
    deck_colour: Literal["red", "blue"] = "blue"
    seed: NonNegativeInt | None = Field(default=None, le=MAX_SEED)
    """The seed the deal came from, if any (provenance only: the deal is the truth)."""
    deal: tuple[str, ...] = Field(min_length=16, max_length=16)
    """The 16 building cards, top first, by code (``CH2``, ``MK`` …)."""
    setup: GameSetup = GameSetup()
    moves: tuple[str, ...] = Field(default=(), max_length=MAX_MOVES)
    """Every turn in move notation (docs/notation.md), automatic steps excluded."""
    undo_count: NonNegativeInt = Field(default=0, le=MAX_UNDOS)
    """How many moves the player took back while playing."""
    result: RecordResult | None = None
    """Present once the game is over."""
    finished_at: Stamp | None = None
    """When the game ended (a finished game only): ``import`` keeps it as the game's
    finish time. Absent in files older than version 3 and in the stored header (the
    ``game.finished_at`` column is the truth there)."""

    @model_validator(mode="after")
    def _finished_only(self) -> Self:
        if self.finished_at is not None and self.result is None:
            raise ValueError("finished_at is for a finished game (one with a result)")
        return self
