"""Provides the pydantic schema of the feat data file (``data/feats.json``).

A feat (R29-R31) has an unlock condition, written in a small declarative
vocabulary so a player can encode other feats by editing the data, and a feat
card with four building-like faces that joins the deck once unlocked (R30).
Strict like the card schema: unknown keys are refused, so a typo fails at load.
"""

from __future__ import annotations

from string import Formatter
from typing import Annotated, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, model_validator

from .schema import FacesData, OrientationName, ResourceName


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class _Range(_Strict):
    """A count compared with bounds: ``at_least`` and/or ``at_most`` (inclusive)."""

    at_least: NonNegativeInt | None = None
    at_most: NonNegativeInt | None = None

    @model_validator(mode="after")
    def _one_bound(self) -> Self:
        if self.at_least is None and self.at_most is None and not getattr(self, "every", False):
            raise ValueError("give at_least and/or at_most")
        low, high = self.at_least, self.at_most
        if low is not None and high is not None and low > high:
            raise ValueError("at_least is above at_most: the condition can never hold")
        return self

    def holds(self, value: int) -> bool:
        """True when ``value`` lies within the bounds."""
        low = self.at_least if self.at_least is not None else value
        high = self.at_most if self.at_most is not None else value
        return low <= value <= high


class ScoreTest(_Range):
    """The final score (R26) within bounds."""

    test: Literal["score"]


class UpgradeIconsTest(_Range):
    """Upgrade icons on the active faces at the end (R28's first tie-break)."""

    test: Literal["upgrade_icons"]


class TurnsTest(_Range):
    """Turns played in the whole game."""

    test: Literal["turns"]


class StoredResourcesTest(_Range):
    """Resources held by stored cards at the end: one kind, or all together."""

    test: Literal["stored_resources"]
    resource: ResourceName | None = None


class StoredCardsTest(_Range):
    """Cards stored at the end."""

    test: Literal["stored_cards"]


class DiscardsTest(_Range):
    """Discards made (R7): in the game, in every round, or in at least one round."""

    test: Literal["discards"]
    scope: Literal["game", "every_round", "any_round"] = "game"


class FeatsInPlayTest(_Range):
    """How many feat cards were in the deck for this game (R30)."""

    test: Literal["feats_in_play"]


class CardsTest(_Range):
    """How many cards match, at the end: the workhorse of the vocabulary.

    A card matches when it passes every filter given: its ``code`` or ``type``
    (buildings and feat cards; the tracker never matches), the active ``faces``,
    at least ``stars`` stars, at least ``upgrades`` upgrade icons, ``stored``.
    ``every: true`` asks that all cards passing ``code``/``type`` also pass the
    rest, e.g. "every building upgraded at least once".
    """

    test: Literal["cards"]
    code: str | None = Field(default=None, pattern=r"^[A-Z]{2}[0-9]?$")
    type: str | None = Field(default=None, pattern=r"^[a-z_]+$")
    faces: list[OrientationName] | None = Field(default=None, min_length=1)
    stars: NonNegativeInt | None = None
    upgrades: NonNegativeInt | None = None
    stored: bool | None = None
    every: bool = False


class AllTest(_Strict):
    """Every listed condition holds."""

    test: Literal["all"]
    of: list[Condition] = Field(min_length=1)


class AnyTest(_Strict):
    """At least one listed condition holds."""

    test: Literal["any"]
    of: list[Condition] = Field(min_length=1)


class NotTest(_Strict):
    """The condition does not hold."""

    test: Literal["not"]
    of: Condition


Condition = Annotated[
    ScoreTest
    | UpgradeIconsTest
    | TurnsTest
    | StoredResourcesTest
    | StoredCardsTest
    | DiscardsTest
    | FeatsInPlayTest
    | CardsTest
    | AllTest
    | AnyTest
    | NotTest,
    Field(discriminator="test"),
]

AllTest.model_rebuild()
AnyTest.model_rebuild()
NotTest.model_rebuild()


class FeatData(_Strict):
    """One feat: its card (code, name, faces) and how it is earned."""

    code: str = Field(pattern=r"^[A-Z]{2}[0-9]$")
    name: str = Field(min_length=1, max_length=40)
    goal: str = Field(min_length=1, max_length=200)
    """The unlock condition in words, as printed on the locked side."""
    unlock: Condition
    progress: str | None = Field(default=None, min_length=1, max_length=80)
    """How far a game in play has come, as a sentence with ``{done}`` and ``{total}``
    (e.g. "{done} of {total} cards upgraded"): only for an ``every`` cards goal,
    whose count a game can show as it goes."""
    faces: FacesData

    @model_validator(mode="after")
    def _progress_fits(self) -> Self:
        if self.progress is None:
            return self
        if not isinstance(self.unlock, CardsTest) or not self.unlock.every:
            raise ValueError("progress is only for a cards goal with every: true")
        names = {field for _, field, _, _ in Formatter().parse(self.progress) if field is not None}
        if names != {"done", "total"}:
            raise ValueError("progress must name {done} and {total}, and nothing else")
        return self


class FeatsFile(_Strict):
    """The whole feat data file."""

    format: Literal["palm-island/feats"]
    version: Literal[1]
    feats: list[FeatData] = Field(min_length=1, max_length=20)
