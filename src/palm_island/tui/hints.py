"""Provides the hint search the game screen runs off the UI thread, and its text.

Kept apart from the screens so they stay about layout and keys, and so the rules
for staleness live in one place: a hint belongs to the exact position it was asked
for (states are immutable, so identity is the test), and a result for any other
position is dropped, never shown. Every search here checks its worker's
``is_cancelled`` between progress steps, so cancelling stops the thread within
milliseconds instead of letting a dead search hold the GIL.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from rich.text import Text

from ..engine import GameState, Move
from .glyphs import Glyphs
from .render import move_words

if TYPE_CHECKING:  # the solver is imported when a hint is first asked for
    from ..solver import Budget, Hint

HINT_GROUP = "hint"
"""The worker group of hint searches; at most one runs (``exclusive``)."""


class HintResult(NamedTuple):
    """A finished hint search and the position it answers."""

    state: GameState
    hint: Hint
    line: tuple[Move, ...] = ()
    """The solver's line from ``state``, the hint's move first (:func:`.why.why` reads it)."""


def search_hint(state: GameState, budget: Budget) -> HintResult | None:
    """Run in a thread worker: the solver's move for ``state``; ``None`` if cancelled."""
    from textual.worker import get_current_worker

    from ..solver import Cancelled, Hint, solve

    worker = get_current_worker()
    try:  # best_move's search, keeping its whole line for the "why"
        found = solve(state, budget, should_stop=lambda: worker.is_cancelled)
    except Cancelled:
        return None
    return HintResult(state, Hint(found.moves[0], found.score), found.moves)


def hint_text(hint: Hint, g: Glyphs, reason: str = "") -> Text:
    """``Hint: rotate card 2, pay CH1 (+2★ now) — expected final score 38★``."""
    text = Text("Hint: ", style="bold")
    text.append(move_words(hint.move), style="bold reverse")
    if reason:
        text.append(f" ({g.in_text(reason)})")
    text.append(f" {g.dash} expected final score {hint.expected_score}{g.star}")
    return text


def hinted_kind(hint: Hint, position: int) -> str | None:
    """Which action line of card ``position`` the hint points at, if any."""
    move = hint.move
    if move.card != position:
        return None
    return move.kind
