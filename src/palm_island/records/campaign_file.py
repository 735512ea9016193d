"""Provides :class:`CampaignFile`, the JSON form of a whole campaign (docs/records.md).

A campaign file holds what cannot be worked out again: the campaign's name and when
it was made, and each finished game's record with when it was started and finished.
Everything derived (scores, ranks, the feats unlocked) is left out or ignored and
worked out again on import from the games by the campaign rules. Pure: parses and
produces text, opens no file.
"""

from __future__ import annotations

import json
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .model import SafeText, Stamp

CAMPAIGN_FORMAT: Final = "palm-island/campaign"
CAMPAIGN_SCHEMA_VERSION: Final = 1
MAX_CAMPAIGN_BYTES: Final = 32 * 1024 * 1024
"""A campaign file is read whole: 32 MiB holds thousands of games (a game's record is
about 2 KiB); a larger file is refused unread."""
MAX_GAMES: Final = 10_000
MAX_HINTS: Final = 1_000_000


class CampaignFileError(ValueError):
    """A campaign file that cannot be read: ``kind`` as a record's errors (``not_json``,
    ``wrong_kind``, ``newer_version``, ``invalid_field``), one line of message."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class CampaignGame(_Strict):
    """One finished game of the campaign."""

    started_at: Stamp
    finished_at: Stamp
    """Kept on import: the campaign's history keeps its order and dates."""
    hints: int = Field(default=0, ge=0, le=MAX_HINTS)
    practice: bool = False
    """A daily deal played again for practice (never that day's result)."""
    record: dict[str, Any]
    """The game's record (docs/records.md), read by the record loader itself."""


class CampaignFile(_Strict):
    """A whole campaign: its finished games, oldest first."""

    format: Literal["palm-island/campaign"] = CAMPAIGN_FORMAT
    schema_version: Literal[1] = CAMPAIGN_SCHEMA_VERSION
    app_version: str = Field(max_length=32, pattern=r"^[!-~]*$")
    name: SafeText = Field(min_length=1, max_length=64)
    created_at: Stamp
    games: tuple[CampaignGame, ...] = Field(default=(), max_length=MAX_GAMES)


def is_campaign_text(data: bytes) -> bool:
    """Whether ``data`` says it is a campaign file (its ``format``): else it is read
    as a game record. Looks only, never raises."""
    try:
        raw = json.loads(data)
    except (ValueError, RecursionError):
        return False
    return isinstance(raw, dict) and raw.get("format") == CAMPAIGN_FORMAT


def load_campaign_file(data: bytes) -> CampaignFile:
    """Parse and validate a campaign file (its records are checked by the caller).

    Raises:
        CampaignFileError: naming what is wrong.
    """
    try:
        raw = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise CampaignFileError("not_json", f"not readable JSON: {type(exc).__name__}") from None
    if not isinstance(raw, dict) or raw.get("format") != CAMPAIGN_FORMAT:
        raise CampaignFileError("wrong_kind", "not a Palm Island campaign file")
    version = raw.get("schema_version")
    if (
        isinstance(version, int)
        and not isinstance(version, bool)
        and version > CAMPAIGN_SCHEMA_VERSION
    ):
        raise CampaignFileError(
            "newer_version",
            f"written by a newer palm-island (campaign file version {version}); update palm-island",
        )
    try:
        return CampaignFile.model_validate_json(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "file"
        raise CampaignFileError("invalid_field", f"{where}: {first['msg']}") from None


def dump_campaign_file(campaign: CampaignFile) -> str:
    """The file's text: JSON, keys in the model's order, two-space indent."""
    return campaign.model_dump_json(indent=2) + "\n"
