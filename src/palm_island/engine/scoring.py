"""Provides the score of a position: stars, upgrade icons, stored resources, rank.

R26: the score is the stars on the active half of every card. A stored card keeps
its face (R9), so its stars count too (docs/rules.md explains the choice). R28's
tie-breaks are reported alongside: upgrade icons on active halves, then stored
resources. R27: the village rank comes from the score chart in the card data.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Orientation, Resources
from .layout import packed_face
from .state import GameState


@dataclass(frozen=True, slots=True)
class CardScore:
    """One card's part in the score."""

    code: str
    name: str
    orientation: Orientation
    stars: int
    upgrades: int
    stored: bool
    holds: Resources
    """What the card holds if it is stored, else nothing."""


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """The score of a position, with everything the end screen shows."""

    total: int
    """Stars on active halves (R26)."""
    cards: tuple[CardScore, ...]
    """Every card in deck order."""
    upgrade_icons: int
    """First tie-break (R28)."""
    stored_resources: Resources
    """Second tie-break (R28): what the stored cards hold."""
    rank: str
    """The village built, from the score chart (R27)."""


def score(state: GameState) -> ScoreBreakdown:
    """Score a position (normally a finished game, but any position works)."""
    cards = tuple(
        CardScore(
            c.code,
            c.spec.name,
            c.orientation,
            c.face.stars,
            c.face.upgrades,
            c.stored,
            c.face.yields if c.stored else Resources(),
        )
        for c in state.cards
    )
    total = sum(c.stars for c in cards)
    stored = sum((c.holds for c in cards), Resources())
    upgrades = sum(c.upgrades for c in cards)
    return ScoreBreakdown(total, cards, upgrades, stored, state.catalog.rank(total))


def stars(state: GameState) -> int:
    """Just the total (R26), without building the breakdown."""
    faces = [packed_face(state.catalog, p) for p in state.deck]
    return sum(face.stars for face in faces)
