"""Each relaxation's bound alone, searched from zero: what the bound's tests check
against exhaustive play and what the bound fingerprint prints. The game asks only for
:func:`palm_island.solver.upper_bound`, the best of them with warm starts."""

from __future__ import annotations

from palm_island.engine import GameState
from palm_island.solver.payments import SEARCH_STEPS as PAYMENT_STEPS
from palm_island.solver.payments import payment_bound_from, store_model
from palm_island.solver.windows import SEARCH_STEPS as WINDOW_STEPS
from palm_island.solver.windows import from_rounds, window_bound_from


def payment_bound(state: GameState, steps: int = PAYMENT_STEPS) -> int:
    """A final score no line from ``state`` can beat (solver/payments.py)."""
    return payment_bound_from(state, None, steps)[0]


def window_bound(state: GameState, steps: int = WINDOW_STEPS) -> int:
    """A final score no line from ``state`` can beat (solver/windows.py); the search
    starts where the payments' ends."""
    _, rounds = payment_bound_from(state, None, PAYMENT_STEPS)
    start = from_rounds(rounds, len(store_model(state.catalog).kinds))
    return window_bound_from(state, start, steps)[0]
