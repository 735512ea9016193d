"""Provides :class:`TableView`: what the player may see of a position (R6, R18).

The UI renders a table view, never the full state, so the "top three cards only"
rule holds by construction: the whole order is in the view only before turn 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Face, Resources
from .state import DeckCard, GameState


@dataclass(frozen=True, slots=True)
class CardView:
    """One visible card, with what its actions and the other side would show."""

    position: int
    """1, 2 or 3 (card 3 is look-only)."""
    card: DeckCard
    rotates_to: Face | None
    """The face a rotate printed on the active half would make active, if any."""
    flips_to: Face | None
    other_side: tuple[Face, Face]
    """R18: both halves of the back (or front), what a peek shows."""


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything the player may see now."""

    round: int
    turn: int
    is_over: bool
    top: tuple[CardView, ...]
    """Cards 1-3 (R6)."""
    stored: tuple[DeckCard, ...]
    """Stored cards stick out of the deck, so all of them are visible (R9)."""
    stored_total: Resources
    cards_left_in_round: int
    full_order: tuple[DeckCard, ...] | None
    """The whole deck, only before the first turn (R6)."""


def observe(state: GameState) -> TableView:
    """The player's view of ``state``."""
    cards = state.cards
    top = tuple(_view(i + 1, card) for i, card in enumerate(cards[:3]))
    stored = tuple(c for c in cards if c.stored)
    total = sum((c.face.yields for c in stored), Resources())
    return TableView(
        state.round,
        state.turn,
        state.is_over,
        top,
        stored,
        total,
        state.cards_left_in_round,
        cards if state.turn == 0 else None,
    )


def _view(position: int, card: DeckCard) -> CardView:
    faces = card.spec.faces
    o = card.orientation
    rotate = card.face.action("rotate")
    flip = card.face.action("flip")
    side = (o & 2) ^ 2  # the first orientation of the other side
    other = (faces[side], faces[side | 1])
    return CardView(
        position,
        card,
        faces[rotate.to] if rotate and rotate.to is not None else None,
        faces[flip.to] if flip and flip.to is not None else None,
        other,
    )
