"""What the game says about feats and difficulty (R29-R31), in one place.

The setup dialog, the help, the log's first line and the new-deal notice say the
same things in the same words. Each is a whole sentence with named placeholders,
so a translation can reorder it; feat and card names come from the data files.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..i18n import N_, _, card_spec_name, difficulty_name, feat_progress

if TYPE_CHECKING:
    from ..engine import CardSpec, GoalProgress
    from ..records import Difficulty

DIFFICULTIES_ALLOW = N_(
    "Easy: any number of feats. Medium: one at most. Hard: none. Difficulty changes nothing else."
)
"""What each difficulty allows (R31): it only limits which feats may be ticked."""

TOO_MANY_FEATS: dict[str, str] = {
    "medium": N_("Medium allows one feat at most: untick the others, or choose easy."),
    "hard": N_("Hard allows no feats: untick them, or choose easy or medium."),
}
"""Said when Start is pressed with more feats ticked than the difficulty allows."""

FEATS_IN_DECK = N_("Difficulty {difficulty}; feat cards in the deck: {feats}.")
NO_FEATS_IN_DECK = N_("Difficulty {difficulty}; no feat cards in the deck.")

NEW_DEAL_KEEPS = N_(
    "The new deal keeps difficulty {difficulty} and its feats ({feats}): choose "
    "others with New game on the title."
)
NEW_DEAL_KEEPS_NO_FEATS = N_(
    "The new deal keeps difficulty {difficulty}, with no feats: choose others with "
    "New game on the title."
)

GOAL_LINE = N_("{code} goal: {progress}")
"""A feat's goal as far as the game has come, e.g. "FT6 goal: 5 of 16 cards upgraded"."""
GOAL_LINE_SHORT = N_("{code}: {progress}")
"""The same without the word "goal", where the border is too narrow for it."""


def card_names(cards: Sequence[CardSpec]) -> str:
    """``FT1 Granary, FT6 Master Workshop``: codes and names, from the data, the
    names in the active language."""
    return ", ".join(f"{card.code} {card_spec_name(card.code, card.name)}" for card in cards)


def feats_in_deck(difficulty: Difficulty, cards: Sequence[CardSpec]) -> str:
    """The log's sentence on the game's setup: its difficulty and feat cards."""
    if not cards:
        return _(NO_FEATS_IN_DECK).format(difficulty=difficulty_name(difficulty))
    return _(FEATS_IN_DECK).format(difficulty=difficulty_name(difficulty), feats=card_names(cards))


def new_deal_keeps(difficulty: Difficulty, cards: Sequence[CardSpec]) -> str:
    """What a new deal from the end screen keeps of the game before it."""
    if not cards:
        return _(NEW_DEAL_KEEPS_NO_FEATS).format(difficulty=difficulty_name(difficulty))
    return _(NEW_DEAL_KEEPS).format(difficulty=difficulty_name(difficulty), feats=card_names(cards))


def goal_lines(progress: Sequence[GoalProgress], wording: str = GOAL_LINE) -> str:
    """Each open "every card" goal with its count, on one line ("" for none), in
    ``wording`` (:data:`GOAL_LINE`, or :data:`GOAL_LINE_SHORT`)."""
    return "; ".join(
        _(wording).format(code=p.feat.code, progress=spoken_progress(p)) for p in progress
    )


def goal_counts(progress: Sequence[GoalProgress]) -> str:
    """:func:`goal_lines` where no words fit: each goal's feat code and count
    (``FT6 0/16``), the same in every language."""
    return "; ".join(f"{p.feat.code} {p.done}/{p.total}" for p in progress)


def spoken_progress(progress: GoalProgress) -> str:
    """A feat's progress sentence filled in, in the active language."""
    feat = progress.feat
    sentence = feat_progress(feat.code, feat.progress) if feat.progress else progress.text
    return sentence.format(done=progress.done, total=progress.total)
