"""Provides the hint search the game screen runs off the UI thread, and its text.

A hint follows the best known line (:class:`~..par.ParBook`): it waits for the
deal's par line, and on any known line it names the line's next move with the
line's score, so a player who follows the hints stays on the par line and the
expected score stays at par. Off every known line (the player deviated) it
searches from the position; the screen then keeps that line (:meth:`ParBook.keep`)
and later hints along it reuse it.

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
from ..i18n import _
from .glyphs import Glyphs
from .render import move_words
from .styled import styled

if TYPE_CHECKING:  # the solver is imported when a hint is first asked for
    from ..solver import Budget, Hint
    from ..solver.lines import Line
    from .par import ParBook

HINT_GROUP = "hint"
"""The worker group of hint searches; at most one runs (``exclusive``)."""


class HintResult(NamedTuple):
    """A finished hint search and the position it answers."""

    state: GameState
    hint: Hint
    found: Line | None = None
    """The line searched for this hint (off every known line), to be kept; ``None``
    when the hint came from a known line."""
    line: tuple[Move, ...] = ()
    """The line from ``state``, the hint's move first (:func:`.why.why` reads it)."""


def search_hint(
    start: GameState, state: GameState, budget: Budget, pars: ParBook
) -> HintResult | None:
    """Run in a thread worker: the move for ``state`` (of the game dealt at ``start``)
    from the best known line, else from a search; ``None`` if cancelled."""
    from textual.worker import get_current_worker

    from ..solver import Cancelled, Hint, solve
    from ..solver.lines import Line

    worker = get_current_worker()

    def should_stop() -> bool:
        return worker.is_cancelled

    pars.wait(start, should_stop)  # the par line is the first known line
    if worker.is_cancelled:
        return None
    known = pars.book(start).at(state)
    if known is not None and known.moves:
        return HintResult(state, Hint(known.moves[0], known.score), line=known.moves)
    try:
        with pars.paused():  # a par search of another deal waits: the player is waiting
            found = solve(state, budget, should_stop=should_stop)
    except Cancelled:
        return None
    line = Line(found.score, found.moves)
    return HintResult(state, Hint(found.moves[0], found.score), line, found.moves)


def hint_text(hint: Hint, g: Glyphs, reason: str = "") -> Text:
    """``Hint: rotate card 2, pay CH1 (+2★ now) — expected final score 38★``."""
    move = Text(move_words(hint.move), style="bold reverse")
    score = f"{hint.expected_score}{g.star}"
    if reason:
        said = _("Hint: {move} ({reason}) {dash} expected final score {score}")
    else:
        said = _("Hint: {move} {dash} expected final score {score}")
    return styled(said, "bold", move=move, reason=g.in_text(reason), dash=g.dash, score=score)


def hinted_kind(hint: Hint, position: int) -> str | None:
    """Which action line of card ``position`` the hint points at, if any."""
    move = hint.move
    if move.card != position:
        return None
    return move.kind
