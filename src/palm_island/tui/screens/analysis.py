"""Provides :class:`AnalysisScreen`: where a finished game lost stars, by the solver.

Opened with ``a`` from the end screen; ``escape`` returns. The work is done by
:class:`~..widgets.analysis.AnalysisPanel` on a background thread, so keys keep
working (leaving early cancels the search).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from ...engine import GameState, Move
from ...i18n import N_, _
from ...solver import ANALYSIS_BUDGET
from ..intents import ControlledScreen
from ..widgets.analysis import AnalysisPanel
from ..widgets.footer import KeyBar, key_bars

if TYPE_CHECKING:
    from ..intents import GameControl


class AnalysisScreen(ControlledScreen[None]):
    """Keys: ``escape`` / ``b`` back to the end screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,b", "app.pop_screen", N_("Back")),
    ]

    CSS_PATH = Path(__file__).with_name("analysis.tcss")

    def __init__(
        self,
        controller: GameControl,
        start: GameState,
        moves: Sequence[Move],
        game_id: int | None = None,
    ) -> None:
        super().__init__(controller)
        self.start = start
        self.moves = tuple(moves)
        self.game_id = game_id
        """A stored game's number: its analysis is kept with it."""

    def compose(self) -> ComposeResult:
        control = self.controller
        budget = control.config.analysis_budget or ANALYSIS_BUDGET
        yield Static(_("Analysis: the moves that cost stars"), id="analysis-title")
        pars = control.pars if control.config.compute_par else None
        yield AnalysisPanel(
            self.start,
            self.moves,
            budget,
            control.glyphs,
            pars=pars,
            store=control.store,
            game_id=self.game_id,
            id="analysis",
        )
        yield from key_bars(KeyBar(compact=True))
