"""Provides the pydantic schema of ``data/tutorial.json`` (strict: unknown keys refused)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

TEXT_LIMIT = 240
"""The longest lesson text: what fits the lesson panel at 80×24 (seven lines)."""

TITLE_LIMIT = 22
"""The longest step title: what fits the panel's border beside "Step 10 of 18" at 80×24."""

ShownEvent = Literal["round_ended", "stored_card_returned"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class MarkData(_Strict):
    """What a reading step points at: a card, and perhaps one of its action lines."""

    card: int = Field(ge=1, le=3)
    action: Literal["store", "rotate", "flip", "discard"] | None = None


class StepData(_Strict):
    """One step: a text, and either moves to play (in notation) or nothing (read it)."""

    title: str = Field(min_length=1, max_length=TITLE_LIMIT)
    text: str = Field(min_length=1, max_length=TEXT_LIMIT)
    moves: list[str] = Field(default_factory=list, max_length=10)
    mark: MarkData | None = None
    """A reading step's card; none: the step is about the whole table."""
    score: int | None = Field(default=None, ge=0)
    """The score the text speaks of at the step's start; checked, so the text cannot drift."""
    shows: list[ShownEvent] = Field(default_factory=list)
    """Automatic steps the text speaks of; checked to happen during the step's last move."""


class TutorialFile(_Strict):
    format: Literal["palm-island-tutorial"]
    version: Literal[1]
    title: str = Field(min_length=1, max_length=40)
    deal: list[str] = Field(min_length=16, max_length=16)
    """The 16 buildings, top first, by code (the round tracker goes last)."""
    steps: list[StepData] = Field(min_length=1, max_length=40)
