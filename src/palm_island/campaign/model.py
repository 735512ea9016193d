"""Provides the campaign values: a campaign, its feat unlocks, its game history.

Frozen values built by the storage layer from the database and by
:mod:`palm_island.campaign.service` after a game; nothing here reads or writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..records import Difficulty


@dataclass(frozen=True, slots=True)
class FeatUnlock:
    """A feat earned in a campaign, with the game that earned it (its proof, R29)."""

    feat: str
    game_id: int
    unlocked_at: str


@dataclass(frozen=True, slots=True)
class Campaign:
    """One profile: its name and the feats it has unlocked."""

    id: int
    name: str
    created_at: str
    updated_at: str
    unlocks: tuple[FeatUnlock, ...] = ()
    modified: bool = False
    """Set by ``verify`` when a feat's proof game does not earn it (shown as a label)."""

    @property
    def unlocked(self) -> tuple[str, ...]:
        """Codes of the unlocked feats."""
        return tuple(u.feat for u in self.unlocks)


@dataclass(frozen=True, slots=True)
class CampaignSummary:
    """A line of the campaign chooser."""

    id: int
    name: str
    games: int
    feats: int
    best: int | None
    updated_at: str
    modified: bool
    has_unfinished: bool


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """A finished (or imported) game, for the history list."""

    game_id: int
    campaign: str | None
    finished_at: str
    deck_colour: str
    score: int
    rank: str
    difficulty: Difficulty
    feats: tuple[str, ...]
    """Feat cards in play in that game."""
    turns: int
    status: str = "finished"
    seed: int | None = None
    """The deal's seed (a daily deal's is its date, see solver.daily_date)."""
    practice: bool = False
    """A daily deal played again for practice: not that day's result."""


@dataclass(frozen=True, slots=True)
class CampaignStats:
    """Statistics of a campaign's finished games."""

    games: int
    best: int | None
    average: float | None
    ranks: tuple[tuple[str, int], ...]
    """How many games reached each village rank (R27), best rank first."""
    feats_unlocked: tuple[str, ...]
    feats_total: int
    scores: tuple[int, ...] = field(default=())
    """Scores in the order the games finished (for a sparkline)."""


@dataclass(frozen=True, slots=True)
class SavedGame:
    """An unfinished game, for the Saved games screen and the title's Continue."""

    game_id: int
    campaign: str | None
    seed: int | None
    """The seed the deal came from (None: an explicit deal)."""
    deck_colour: str
    difficulty: Difficulty
    feats: tuple[str, ...]
    turn: int
    """Turns played so far."""
    round: int
    score: int
    """Stars on the cards' active faces now (R26): the score so far."""
    played_at: str
    """When a move was last saved (or the game started), ISO 8601 UTC."""
    problem: str | None = None
    """Why the game cannot be resumed (a damaged row), or None."""
