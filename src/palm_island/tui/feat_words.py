"""What the game says about feats and difficulty (R29-R31), in one place.

The setup dialog, the help, the log's first line and the new-deal notice say the
same things in the same words. Each is a whole sentence with named placeholders,
so a translation can reorder it; feat and card names come from the data files.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine import CardSpec, GoalProgress
    from ..records import Difficulty

DIFFICULTIES_ALLOW = (
    "Easy: any number of feats. Medium: one at most. Hard: none. Difficulty changes nothing else."
)
"""What each difficulty allows (R31): it only limits which feats may be ticked."""

TOO_MANY_FEATS: dict[str, str] = {
    "medium": "Medium allows one feat at most: untick the others, or choose easy.",
    "hard": "Hard allows no feats: untick them, or choose easy or medium.",
}
"""Said when Start is pressed with more feats ticked than the difficulty allows."""

FEATS_IN_DECK = "Difficulty {difficulty}; feat cards in the deck: {feats}."
NO_FEATS_IN_DECK = "Difficulty {difficulty}; no feat cards in the deck."

NEW_DEAL_KEEPS = (
    "The new deal keeps difficulty {difficulty} and its feats ({feats}): choose "
    "others with New game on the title."
)
NEW_DEAL_KEEPS_NO_FEATS = (
    "The new deal keeps difficulty {difficulty}, with no feats: choose others with "
    "New game on the title."
)

GOAL_LINE = "{code} goal: {progress}"
"""A feat's goal as far as the game has come, e.g. "FT6 goal: 5 of 16 cards upgraded"."""


def card_names(cards: Sequence[CardSpec]) -> str:
    """``FT1 Granary, FT6 Master Workshop``: codes and names, from the data."""
    return ", ".join(f"{card.code} {card.name}" for card in cards)


def feats_in_deck(difficulty: Difficulty, cards: Sequence[CardSpec]) -> str:
    """The log's sentence on the game's setup: its difficulty and feat cards."""
    if not cards:
        return NO_FEATS_IN_DECK.format(difficulty=difficulty)
    return FEATS_IN_DECK.format(difficulty=difficulty, feats=card_names(cards))


def new_deal_keeps(difficulty: Difficulty, cards: Sequence[CardSpec]) -> str:
    """What a new deal from the end screen keeps of the game before it."""
    if not cards:
        return NEW_DEAL_KEEPS_NO_FEATS.format(difficulty=difficulty)
    return NEW_DEAL_KEEPS.format(difficulty=difficulty, feats=card_names(cards))


def goal_lines(progress: Sequence[GoalProgress]) -> str:
    """Each open "every card" goal with its count, on one line ("" for none)."""
    return "; ".join(GOAL_LINE.format(code=p.feat.code, progress=p.text) for p in progress)
