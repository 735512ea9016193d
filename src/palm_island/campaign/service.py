"""Provides the campaign rules: which feats a game may use (R31) and what a finished
game unlocks (R29). Pure functions over frozen values.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import FeatSet, FeatSpec, Move, earned_feats, summarize
from ..i18n import _, difficulty_name, ngettext
from ..records import FEAT_LIMITS, Difficulty, GameRecord, replay
from .model import Campaign, FeatUnlock


class CampaignError(ValueError):
    """A campaign action the rules do not allow (e.g. a locked feat, R31); its message
    is in the player's language."""


class NoSuchCampaign(CampaignError):
    """No campaign has this name: ``name`` is kept so the CLI can say it in any language."""

    def __init__(self, name: str) -> None:
        super().__init__(_("there is no campaign named {name}").format(name=repr(name)))
        self.name = name


class LockedFeats(CampaignError):
    """A game brought into a campaign uses feat cards that campaign has not unlocked."""

    def __init__(self, name: str, codes: Sequence[str]) -> None:
        super().__init__(not_unlocked(codes, name))
        self.name = name
        self.codes = tuple(codes)


def not_unlocked(codes: Sequence[str], name: str) -> str:
    """``FT1, FT3 not unlocked in 'Island'``: feat codes stay codes."""
    # Translators: one feat code or several (FT1, FT3): the form follows their number.
    return ngettext(
        "{codes} not unlocked in {name}", "{codes} not unlocked in {name}", len(codes)
    ).format(codes=", ".join(codes), name=repr(name))


def check_setup(campaign: Campaign, difficulty: Difficulty, feats: Sequence[str]) -> None:
    """Refuse feats that are locked, repeated, or too many for the difficulty (R31).

    Raises:
        CampaignError: naming the feat or the limit.
    """
    locked = [code for code in feats if code not in campaign.unlocked]
    if locked:
        raise CampaignError(not_unlocked(locked, campaign.name))
    if len(set(feats)) != len(feats):
        raise CampaignError(_("a feat can be used only once per game"))
    limit = FEAT_LIMITS[difficulty]
    if limit is not None and len(feats) > limit:
        if limit == 0:
            allows = _("{difficulty} allows no feats")
        else:
            allows = ngettext(
                "{difficulty} allows at most {count} feat",
                "{difficulty} allows at most {count} feats",
                limit,
            )
        raise CampaignError(allows.format(difficulty=difficulty_name(difficulty), count=limit))


def earned(record: GameRecord, feats: FeatSet) -> tuple[str, ...]:
    """The feats a finished record's replay earns (R29); none for an unfinished one.

    Raises:
        RecordError: the record does not replay.
    """
    states = replay(record, feats.catalog)
    start = next(states)
    for _state in states:
        pass  # replays (and checks) every move before they are summarised
    moves = [Move.parse(text) for text in record.moves]
    return earned_feats(feats, summarize(start, moves))


def after_game(
    campaign: Campaign, record: GameRecord, feats: FeatSet, *, game_id: int, at: str
) -> tuple[Campaign, tuple[FeatSpec, ...]]:
    """R29: after a solo game, every locked feat whose conditions were met unlocks.

    Returns the campaign with the new unlocks (proof: ``game_id``) and the newly
    unlocked feats, in data-file order, for the end screen.
    """
    new = tuple(
        feats.by_code(code) for code in earned(record, feats) if code not in campaign.unlocked
    )
    unlocks = campaign.unlocks + tuple(FeatUnlock(f.code, game_id, at) for f in new)
    updated = Campaign(
        campaign.id,
        campaign.name,
        campaign.created_at,
        at or campaign.updated_at,
        unlocks,
        campaign.modified,
    )
    return updated, new
