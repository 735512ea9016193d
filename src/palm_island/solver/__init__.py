"""The Palm Island solver: a deterministic beam search over the pure engine.

Public API (docs/solver.md): :func:`solve`, :func:`best_move`, :func:`analyse`,
:func:`par`, :func:`upper_bound`, :func:`prepare`, :class:`Budget`, :func:`daily_seed`,
:func:`share_line`, :func:`par_words`. Everything is pure and safe to call from a background thread;
pass ``should_stop`` to cancel.
"""

from .api import (
    ANALYSIS_BUDGET,
    DEFAULT_BUDGET,
    HINT_BUDGET,
    WIDTH_PER_SECOND,
    Budget,
    Hint,
    MoveAnalysis,
    Solution,
    analyse,
    best_move,
    par,
    prepare,
    solve,
)
from .beam import Cancelled
from .bound import upper_bound
from .daily import daily_date, daily_seed, par_words, share_line
from .evaluation import Weights

__all__ = [
    "ANALYSIS_BUDGET",
    "DEFAULT_BUDGET",
    "HINT_BUDGET",
    "WIDTH_PER_SECOND",
    "Budget",
    "Cancelled",
    "Hint",
    "MoveAnalysis",
    "Solution",
    "Weights",
    "analyse",
    "best_move",
    "daily_date",
    "daily_seed",
    "par",
    "par_words",
    "prepare",
    "share_line",
    "solve",
    "upper_bound",
]
