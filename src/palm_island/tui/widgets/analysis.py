"""Provides :class:`AnalysisPanel`: a finished game judged move by move, off the UI thread.

Standalone on purpose: give it the dealt position and the moves (a replay's first
state and moves, as :func:`palm_island.records.replay` rebuilds them with the
record's feats) and mount it anywhere: the end screen's and the replay viewer's
analysis use it. It runs :func:`solver.analyse` in a thread
worker owned by the panel, so removing the panel cancels the search; progress is
read from a plain attribute by a timer, so the thread never calls into the UI.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import suppress
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.timer import Timer
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState, get_current_worker

from ...engine import GameState, Move, apply_move, score
from ...i18n import _, ngettext
from ...solver import Budget, Cancelled, MoveAnalysis, analyse
from ...solver.lines import solver_tag
from ..analysis import drops_table, report_data, report_of_data, summary_text
from ..attached import while_attached
from ..glyphs import Glyphs
from ..plain import plain

if TYPE_CHECKING:
    from ...storage.service import Store
    from ..par import ParBook

POLL_SECONDS = 0.1
TAG = "{solver}-par{par}"
NO_PAR = "none"
"""An analysis kept with a game is named by the searches it was made with: the
solver's width and the par's (``none`` without a par book); never translated."""


NARROW_TABLE = 80
"""Below this terminal width the table's columns stand one space apart, not two:
a phone's 55 columns keep every word of a translation's moves whole."""


class AnalysisPanel(Vertical):
    """A progress bar while the solver works, then the moves that cost stars."""

    def __init__(
        self,
        start: GameState,
        moves: Sequence[Move],
        budget: Budget,
        glyphs: Glyphs,
        *,
        pars: ParBook | None = None,
        store: Store | None = None,
        game_id: int | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.start = start
        self.moves = tuple(moves)
        self.budget = budget
        self.glyphs = glyphs
        self.pars = pars
        """The deal's par line and known lines: the analysis agrees with them."""
        self.store = store
        self.game_id = game_id
        """A stored finished game: its analysis is kept with it and read back."""
        self.par: int | None = None
        self.report: tuple[MoveAnalysis, ...] | None = None
        """The analysis once finished (``None`` while the solver works)."""
        self._narrow = False
        """Whether the table was last laid out for a narrow screen (a phone)."""
        self._done = 0.0
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        positions = len(self.moves) + 1
        note = ngettext(
            "Analysing {count} position with the solver (width {width})...",
            "Analysing {count} positions with the solver (width {width})...",
            positions,
        ).format(count=positions, width=self.budget.width)
        yield Static(note, id="analysis-status")
        yield ProgressBar(total=1.0, show_eta=False, id="analysis-progress")
        with VerticalScroll(id="analysis-scroll"):
            yield Static("", id="analysis-table")

    @property
    def tag(self) -> str:
        """The searches an analysis was made with (its width and the par's)."""
        par = NO_PAR if self.pars is None else str(self.pars.budget.width)
        return TAG.format(solver=solver_tag(self.budget.width), par=par)

    @while_attached
    def on_mount(self) -> None:
        if self.pars is not None:
            self.pars.request(self.start)
        kept = self._kept()
        if kept is not None:
            self._show(kept)
            return
        self._timer = self.set_interval(POLL_SECONDS, self._show_progress)
        self.run_worker(self._analyse, thread=True, exit_on_error=False)

    def _kept(self) -> tuple[MoveAnalysis, ...] | None:
        """The analysis kept with the game, if any (checked against its moves)."""
        if self.store is None or self.game_id is None or self.pars is None:
            return None
        from ...storage.errors import LoadError, SaveError

        try:
            text = self.store.game_analysis(self.game_id, self.tag)
            data = None if text is None else json.loads(text)
        except (LoadError, SaveError, ValueError, RecursionError):
            return None
        report = report_of_data(data, self.moves)
        if report is None or not isinstance(data, dict):
            return None
        par = data.get("par")
        self.par = par if isinstance(par, int) else None
        return report

    def _analyse(self) -> tuple[MoveAnalysis, ...] | None:
        """In the worker thread: the analysis (a search per position off the known
        lines), cancelled with the panel."""
        worker = get_current_worker()

        def progress(done: float) -> None:
            self._done = done  # read by the timer on the UI thread

        def should_stop() -> bool:
            return worker.is_cancelled

        known = None
        if self.pars is not None:
            line = self.pars.wait(self.start, should_stop)  # the par line comes first
            self.par = None if line is None else line.score
            known = self.pars.book(self.start)
        try:
            return analyse(
                self.start,
                self.moves,
                self.budget,
                should_stop=should_stop,
                on_progress=progress,
                known=known,
            )
        except Cancelled:
            return None

    def _show_progress(self) -> None:
        self.query_one(ProgressBar).update(progress=self._done)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR:
            failed = _("Analysis failed: {reason}").format(reason=event.worker.error)
            self.query_one("#analysis-status", Static).update(plain(failed))
        if event.state != WorkerState.SUCCESS or event.worker.result is None:
            return
        report: tuple[MoveAnalysis, ...] = event.worker.result
        self._show(report)
        if self.store is not None and self.game_id is not None and self.pars is not None:
            from ...storage.errors import LoadError, SaveError

            text = json.dumps(report_data(report, self.par))
            with suppress(LoadError, SaveError):  # a cache: computed again next time
                self.store.save_game_analysis(self.game_id, self.tag, text)

    def _show(self, report: tuple[MoveAnalysis, ...]) -> None:
        self.report = report
        if self._timer is not None:
            self._timer.stop()
        self.query_one(ProgressBar).display = False
        final = score(self._final()).total
        summary = summary_text(report, final, self.glyphs, self.par)
        self.query_one("#analysis-status", Static).update(summary)
        self._show_table(report)

    def _show_table(self, report: tuple[MoveAnalysis, ...]) -> None:
        self._narrow = self.app.size.width < NARROW_TABLE
        self.query_one("#analysis-table", Static).update(
            drops_table(report, self.glyphs, narrow=self._narrow)
        )

    @while_attached
    def on_resize(self) -> None:
        """A phone turned sideways (or a terminal widened): the table's spacing
        follows the new width."""
        if self.report is not None and self._narrow != (self.app.size.width < NARROW_TABLE):
            self._show_table(self.report)

    def _final(self) -> GameState:
        state = self.start
        for move in self.moves:
            state = apply_move(state, move).state
        return state
