"""Provides the pydantic schema of ``data/tutorial.json`` (strict: unknown keys refused)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

TEXT_LIMIT = 240
"""The longest lesson text: what fits the lesson panel at 80×24 (seven lines)."""

ShownEvent = Literal["round_ended", "stored_card_returned"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class MarkData(_Strict):
    """What a reading step points at: a card, and perhaps one of its action lines."""

    card: int = Field(ge=1, le=3)
    action: Literal["store", "rotate", "flip", "discard"] | None = None


class StepData(_Strict):
    """One step: a text, and either moves to play (in notation) or nothing (read it)."""

    title: str = Field(min_length=1, max_length=40)
    text: str = Field(min_length=1, max_length=TEXT_LIMIT)
    moves: list[str] = Field(default_factory=list, max_length=10)
    mark: MarkData | None = None
    shows: list[ShownEvent] = Field(default_factory=list)
    """Automatic steps the text speaks of; checked to happen during the step's last move."""


class TutorialFile(_Strict):
    format: Literal["palm-island-tutorial"]
    version: Literal[1]
    title: str = Field(min_length=1, max_length=40)
    deal: list[str] = Field(min_length=16, max_length=16)
    """The 16 buildings, top first, by code (the round tracker goes last)."""
    steps: list[StepData] = Field(min_length=1, max_length=40)
