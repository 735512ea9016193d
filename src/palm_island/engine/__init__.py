"""The Palm Island rules engine: pure, immutable, deterministic.

No I/O, no clock, no global random: a catalog (built from the card data's text)
and a seed or an explicit deal go in, states come out. See docs/engine-api.md.
"""

from typing import TYPE_CHECKING

from .bounded import Bounded
from .cards import (
    DECK_SIZE,
    ROUNDS,
    Action,
    CardSpec,
    Catalog,
    Face,
    Orientation,
    Resources,
    VillageRank,
    parse_catalog,
)
from .deal import deal_from_seed
from .errors import (
    CatalogError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    PalmIslandError,
)
from .events import Event, GameEnded, MovePlayed, RoundEnded, StoredCardReturned
from .layout import (
    pack,
    packed_face,
    packed_id,
    packed_orientation,
    packed_stored,
    packed_values,
    tracker_by_round,
    tracker_orientation,
    tracker_turned,
)
from .moves import Move
from .notation import parse_position, position_notation
from .observe import CardView, TableView, observe
from .payplans import payments
from .rules import (
    REASON_KINDS,
    IllegalReason,
    Transition,
    apply_move,
    card_blocked,
    illegal_reason,
    is_legal,
    legal_moves,
    new_game,
)
from .scoring import CardScore, ScoreBreakdown, score
from .search import CompactRules, Position
from .state import STORE_LIMIT, DeckCard, GameState
from .tables import covers, packed_resources

if TYPE_CHECKING:
    from .feats import (
        FeatSet,
        FeatSpec,
        GameSummary,
        GoalProgress,
        condition_met,
        earned_feats,
        goal_progress,
        parse_feats,
        summarize,
    )

_FEAT_NAMES = frozenset(
    (
        "FeatSet",
        "FeatSpec",
        "GameSummary",
        "GoalProgress",
        "condition_met",
        "earned_feats",
        "goal_progress",
        "illegal_reason",
        "parse_feats",
        "summarize",
    )
)
"""Imported on first use: feats validate with pydantic, which playing a game never needs."""


def __getattr__(name: str) -> object:
    if name in _FEAT_NAMES:
        from . import feats

        return getattr(feats, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DECK_SIZE",
    "REASON_KINDS",
    "ROUNDS",
    "STORE_LIMIT",
    "Action",
    "Bounded",
    "CardScore",
    "CardSpec",
    "CardView",
    "Catalog",
    "CatalogError",
    "CompactRules",
    "DeckCard",
    "Event",
    "Face",
    "FeatSet",
    "FeatSpec",
    "GameEnded",
    "GameState",
    "GameSummary",
    "GoalProgress",
    "IllegalMoveError",
    "IllegalReason",
    "InvalidMoveError",
    "InvalidPositionError",
    "Move",
    "MovePlayed",
    "Orientation",
    "PalmIslandError",
    "Position",
    "Resources",
    "RoundEnded",
    "ScoreBreakdown",
    "StoredCardReturned",
    "TableView",
    "Transition",
    "VillageRank",
    "apply_move",
    "card_blocked",
    "condition_met",
    "covers",
    "deal_from_seed",
    "earned_feats",
    "goal_progress",
    "illegal_reason",
    "is_legal",
    "legal_moves",
    "new_game",
    "observe",
    "pack",
    "packed_face",
    "packed_id",
    "packed_orientation",
    "packed_resources",
    "packed_stored",
    "packed_values",
    "parse_catalog",
    "parse_feats",
    "parse_position",
    "payments",
    "position_notation",
    "score",
    "summarize",
    "tracker_by_round",
    "tracker_orientation",
    "tracker_turned",
]
