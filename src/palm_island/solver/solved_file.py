"""The format of ``bound_multipliers.json`` (see :mod:`.solved_multipliers`), checked
with pydantic when it is read, and written through the same models by
``tools/bound_multipliers.py``."""

from __future__ import annotations

import json
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


MAX_COUNT = 2**53
"""The largest count read: every one is turned into a float, exactly up to here (a
price of 10**400 would raise OverflowError there)."""
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
"""Blocks, kinds and multipliers are never negative (a negative multiplier would make
the bound wrong: weak duality holds for non-negative ones only)."""


class SolvedSet(_Strict):
    """One set of cards: multipliers in units of 1/``grid`` (only those not zero)."""

    feats: tuple[str, ...]
    cards: str = Field(pattern="^[0-9a-f]{64}$")
    kinds: tuple[tuple[Count, Count, Count], ...]
    value: int
    price: tuple[tuple[Count, Count, Count], ...]  # (block of the game, kind index, units)
    limit: tuple[tuple[Count, Count], ...]  # (block, units): the four-limit's
    places: tuple[tuple[Count, Count], ...]  # (block, units): the places'


class SolvedFile(_Strict):
    """The whole file: its format's version, the grid and blocks it was solved on."""

    version: int = Field(ge=1, le=1)
    grid: int = Field(ge=1, le=MAX_COUNT)
    blocks: int = Field(ge=1, le=MAX_COUNT)
    sets: tuple[SolvedSet, ...]


def load_solved(text: str) -> SolvedFile:
    """The file's text, checked (pydantic's ``ValidationError`` names what is wrong)."""
    return SolvedFile.model_validate(json.loads(text))
