"""Provides :class:`AnalysisPanel`: a finished game judged move by move, off the UI thread.

Standalone on purpose: give it the dealt position and the moves (a replay's first
state and moves, as :func:`palm_island.records.replay` rebuilds them with the
record's feats) and mount it anywhere: the end screen's and the replay viewer's
analysis use it. It runs :func:`solver.analyse` in a thread
worker owned by the panel, so removing the panel cancels the search; progress is
read from a plain attribute by a timer, so the thread never calls into the UI.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.timer import Timer
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState, get_current_worker

from ...engine import GameState, Move, apply_move, score
from ...solver import Budget, Cancelled, MoveAnalysis, analyse
from ..analysis import drops_table, summary_text
from ..glyphs import Glyphs

POLL_SECONDS = 0.1


class AnalysisPanel(Vertical):
    """A progress bar while the solver works, then the moves that cost stars."""

    DEFAULT_CSS = """
    AnalysisPanel { height: 1fr; }
    AnalysisPanel #analysis-status { height: auto; padding: 0 1; }
    AnalysisPanel ProgressBar { padding: 0 1; height: 1; }
    AnalysisPanel #analysis-scroll { height: 1fr; padding: 0 1; }
    """

    def __init__(
        self,
        start: GameState,
        moves: Sequence[Move],
        budget: Budget,
        glyphs: Glyphs,
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.start = start
        self.moves = tuple(moves)
        self.budget = budget
        self.glyphs = glyphs
        self.report: tuple[MoveAnalysis, ...] | None = None
        """The analysis once finished (``None`` while the solver works)."""
        self._done = 0.0
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        positions = len(self.moves) + 1
        note = f"Analysing {positions} positions with the solver (width {self.budget.width})..."
        yield Static(note, id="analysis-status")
        yield ProgressBar(total=1.0, show_eta=False, id="analysis-progress")
        with VerticalScroll(id="analysis-scroll"):
            yield Static("", id="analysis-table")

    def on_mount(self) -> None:
        self._timer = self.set_interval(POLL_SECONDS, self._show_progress)
        self.run_worker(self._analyse, thread=True, exit_on_error=False)

    def _analyse(self) -> tuple[MoveAnalysis, ...] | None:
        """In the worker thread: one search per position, cancelled with the panel."""
        worker = get_current_worker()

        def progress(done: float) -> None:
            self._done = done  # read by the timer on the UI thread

        try:
            return analyse(
                self.start,
                self.moves,
                self.budget,
                should_stop=lambda: worker.is_cancelled,
                on_progress=progress,
            )
        except Cancelled:
            return None

    def _show_progress(self) -> None:
        self.query_one(ProgressBar).update(progress=self._done)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR:
            self.query_one("#analysis-status", Static).update(
                f"Analysis failed: {event.worker.error}"
            )
        if event.state != WorkerState.SUCCESS or event.worker.result is None:
            return
        report: tuple[MoveAnalysis, ...] = event.worker.result
        self.report = report
        if self._timer is not None:
            self._timer.stop()
        self.query_one(ProgressBar).display = False
        final = score(self._final()).total
        self.query_one("#analysis-status", Static).update(summary_text(report, final, self.glyphs))
        self.query_one("#analysis-table", Static).update(drops_table(report, self.glyphs))

    def _final(self) -> GameState:
        state = self.start
        for move in self.moves:
            state = apply_move(state, move).state
        return state
