"""Provides the pydantic schema of the card data file (``data/cards.json``).

The schema is strict: unknown keys are refused and every card must list all four
faces, so a typo in the data fails at load instead of changing the game quietly.
The engine turns a validated file into a :class:`~palm_island.engine.cards.Catalog`.
"""

from __future__ import annotations

from typing import Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, PositiveInt

ResourceName = Literal["wood", "fish", "stone"]
OrientationName = Literal["front_up", "front_down", "back_up", "back_down"]
ActionKind = Literal["store", "rotate", "flip"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class ActionData(_Strict):
    """One action printed on a face: its kind, its cost and the face it leads to."""

    kind: ActionKind
    cost: list[dict[ResourceName, PositiveInt]]
    """Alternatives ("/" on the card); an empty list means the action is free."""
    to: OrientationName | None = None
    """The face that becomes active after a rotate or flip (absent for store)."""


class FaceData(_Strict):
    """One of the four orientations of a building card."""

    yields: dict[ResourceName, PositiveInt]
    stars: NonNegativeInt
    upgrades: NonNegativeInt
    actions: list[ActionData]


class TrackerFaceData(_Strict):
    """One orientation of the round tracker: the rounds it shows, its free action."""

    label: str
    rounds: list[PositiveInt] = Field(min_length=2, max_length=2)
    actions: list[ActionData] = Field(min_length=1, max_length=1)


class FacesData(_Strict):
    front_up: FaceData
    front_down: FaceData
    back_up: FaceData
    back_down: FaceData


class TrackerFacesData(_Strict):
    front_up: TrackerFaceData
    front_down: TrackerFaceData
    back_up: TrackerFaceData
    back_down: TrackerFaceData


class FacesHolder(Protocol):
    """Anything with four building-like faces: a building or a feat card (R30)."""

    @property
    def faces(self) -> FacesData: ...


class BuildingData(_Strict):
    type: str = Field(pattern=r"^[a-z_]+$")
    name: str = Field(min_length=1)
    code: str = Field(pattern=r"^[A-Z]{2}$")
    copies: PositiveInt
    faces: FacesData


class TrackerData(_Strict):
    name: str
    code: str = Field(pattern=r"^[A-Z]{2}$")
    faces: TrackerFacesData


class RankData(_Strict):
    min: NonNegativeInt
    title: str = Field(min_length=1)


class CardsFile(_Strict):
    """The whole card data file."""

    format: Literal["palm-island/cards"]
    version: Literal[1]
    edition: str
    deck_colours: list[str] = Field(min_length=1)
    buildings: list[BuildingData] = Field(min_length=1)
    round_tracker: TrackerData
    village_ranks: list[RankData] = Field(min_length=1)
