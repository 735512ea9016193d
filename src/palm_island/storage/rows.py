"""Provides strict validation of campaign rows read from the database.

STRICT tables keep types right when rows are written, but a damaged page can
still hand back a blob where a name was, or a string where an id was. Rows are
validated before they become values, so that is a LoadError naming the row,
never a TypeError deep in a screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, TypeVar

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, PositiveInt, ValidationError

from ..campaign.model import Campaign, CampaignSummary, FeatUnlock
from ..i18n import _
from .errors import LoadError

_STAMP: Final = Field(min_length=1, max_length=40)


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class CampaignRow(_Row):
    id: PositiveInt
    name: str = Field(min_length=1, max_length=64)
    created_at: str = _STAMP
    updated_at: str = _STAMP
    modified: int = Field(ge=0, le=1)


class UnlockRow(_Row):
    feat: str = Field(pattern=r"^[A-Z]{2}[0-9]$")
    game_id: PositiveInt
    unlocked_at: str = _STAMP


class SummaryRow(_Row):
    id: PositiveInt
    name: str = Field(min_length=1, max_length=64)
    updated_at: str = _STAMP
    modified: int = Field(ge=0, le=1)
    games: NonNegativeInt
    feats: NonNegativeInt
    best: NonNegativeInt | None
    has_unfinished: int = Field(ge=0, le=1)


RowModel = TypeVar("RowModel", bound=_Row)


def validate_row(model: type[RowModel], row: Sequence[Any], where: str) -> RowModel:
    """``row`` (a tuple in the model's field order) as ``model``, or a LoadError."""
    fields = list(model.model_fields)
    if len(row) != len(fields):
        raise LoadError(
            "invalid_field",
            where,
            _("row: expected {expected} columns, got {got}").format(
                expected=len(fields), got=len(row)
            ),
        )
    try:
        return model.model_validate(dict(zip(fields, row, strict=True)))
    except ValidationError as exc:
        first = exc.errors()[0]
        path = ".".join(str(p) for p in first["loc"]) or "row"
        raise LoadError("invalid_field", where, f"{path}: {first['msg']}", str(exc)) from None


def campaign_from_rows(row: Sequence[Any], unlocks: Sequence[Sequence[Any]]) -> Campaign:
    """A :class:`Campaign` from its ``campaign`` row and its ``feat_unlock`` rows."""
    where = f"campaign {row[0] if row else '?'}"
    head = validate_row(CampaignRow, row, where)
    checked = tuple(validate_row(UnlockRow, u, f"{where} feat") for u in unlocks)
    return Campaign(
        head.id,
        head.name,
        head.created_at,
        head.updated_at,
        tuple(FeatUnlock(u.feat, u.game_id, u.unlocked_at) for u in checked),
        bool(head.modified),
    )


def summary_from_row(row: Sequence[Any]) -> CampaignSummary:
    """A line of the campaign chooser from the listing query's row."""
    r = validate_row(SummaryRow, row, f"campaign {row[0] if row else '?'}")
    return CampaignSummary(
        r.id,
        r.name,
        r.games,
        r.feats,
        r.best,
        r.updated_at,
        bool(r.modified),
        bool(r.has_unfinished),
    )
