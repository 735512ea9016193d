"""Provides :class:`ParBook`: each deal's par line, found once and kept, and the
best known line through each position of the deal (for hints and the analysis).

The par of a deal is the score of the line one search at the par budget found
from the deal. It is looked up first in the campaign file (``solver_line``), then,
for a daily deal, in the user's cache (what ``palm-island daily`` writes and
reads), and only searched when neither has it: on a background thread, while the
player plays. The line found is kept in both places, so the end screen, the
analysis, the share line and ``daily`` all show the one number.

The end screen polls :meth:`ParBook.get` instead of being called back from the
thread: nothing crosses threads but finished values (a dict entry, an event), and
only the UI thread writes the campaign file.

Both searches are pure Python, so they share one core through the GIL: while a
hint is searched off the known lines (:meth:`ParBook.paused`), the par search
waits between its progress steps, which keeps the hint's answer near its own time
(measured in docs/solver.md) instead of doubling it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING

from textual.worker import Worker, WorkerState, get_current_worker

from ..engine import GameState, Move, apply_move
from ..solver import Cancelled, prepare, solve, upper_bound
from ..solver.daily import daily_date
from ..solver.lines import (
    Line,
    LineBook,
    book_of_rows,
    checked_line,
    deal_key,
    joined,
    line_texts,
    lines_prefix,
    solver_tag,
)

if TYPE_CHECKING:
    from textual.app import App

    from ..solver import Budget
    from ..storage.service import Store

PAR_GROUP = "par"
BOUND_GROUP = "bound"
"""The worker group that works out a deal's upper bound ahead of the end screen."""
WAIT_SECONDS = 0.05
"""How often a paused par search, or a hint waiting for the par, looks whether it
was cancelled."""


class _Deal:
    """What is known about one deal: its par line (once found) and its line book."""

    def __init__(self, start: GameState, seed: int | None) -> None:
        self.start = start
        self.seed = seed
        self.key = deal_key(start)
        self.book = LineBook()
        self.par: Line | None = None
        self.ready = threading.Event()
        """Set once the par is known (found, read back, or given up: see ``par``)."""
        self.saved = False
        self.looked_in_store = False
        """Whether the campaign file was open when the kept lines were read back."""
        self.worker: Worker[Line | None] | None = None
        self.bound: int | None = None
        """The deal's upper bound (``solver.upper_bound``) once worked out off the UI
        thread; the end screen shows this one number and never works it out itself."""


class ParBook:
    """The par of every deal started in this run, and the lines known through it; the
    controller sees it as its :class:`~.controller.ParSource`."""

    def __init__(
        self,
        app: App[None],
        budget: Budget,
        store: Callable[[], Store | None] = lambda: None,
        *,
        use_cache: bool = True,
    ) -> None:
        self._app = app
        self.budget = budget
        """The same for every deal, so pars are comparable (and match ``daily``)."""
        self._store = store
        self._use_cache = use_cache
        self._deals: dict[tuple[int, ...], _Deal] = {}
        self._go = threading.Event()
        self._go.set()
        self._holds = 0
        self._lock = threading.Lock()

    # --- the UI thread -------------------------------------------------------------

    def request(self, start: GameState, seed: int | None = None) -> None:
        """Know ``start``'s par: read it back if kept, else search it in the
        background; stop searches for other deals."""
        key = tuple(start.deck)
        self.flush()
        for other, deal in self._deals.items():
            worker = deal.worker
            if other != key and worker is not None and not deal.ready.is_set():
                worker.cancel()  # that game is left: its par is no longer wanted
        known = self._deals.get(key)
        if known is None:
            deal = self._deals[key] = _Deal(start, seed)
            self._read_back(deal)
            # The end screen shows the deal's upper bound: worked out here, off the UI
            # thread (0.1-0.3 s), kept on the deal for the end screen (ParBook.bound);
            # and the searches' round prices (solver.prepare), so that the first hint
            # does not wait for them when the par is kept.
            self._app.run_worker(
                lambda: _ahead_of_time(deal),
                thread=True,
                group=BOUND_GROUP,
                exit_on_error=False,
            )
        else:
            deal = known
            if not deal.looked_in_store and deal.par is None:
                self._read_back(deal)  # the campaign file has opened since
        if deal.par is not None:
            return
        if deal.worker is not None and deal.worker.state != WorkerState.CANCELLED:
            return
        deal.ready.clear()
        deal.worker = self._app.run_worker(
            lambda: self._search(deal), thread=True, group=PAR_GROUP, exit_on_error=False
        )

    def get(self, start: GameState) -> int | None:
        """The par of ``start``'s deal, or ``None`` while it is still being searched."""
        line = self.line(start)
        return None if line is None else line.score

    def bound(self, start: GameState) -> int | None:
        """The upper bound of ``start``'s deal, or ``None`` while it is worked out (or
        for a deal not asked for in this run)."""
        deal = self._deals.get(tuple(start.deck))
        return None if deal is None else deal.bound

    def line(self, start: GameState) -> Line | None:
        """The par line of ``start``'s deal once known (kept in the store on first sight)."""
        deal = self._deals.get(tuple(start.deck))
        if deal is None or deal.par is None:
            return None
        self.flush()
        return deal.par

    def flush(self) -> None:
        """Keep in the campaign file every par line found since the last look (the
        search's thread may not write it): called whenever the UI asks for a par,
        a hint's line is kept or another deal starts."""
        for deal in self._deals.values():
            if deal.par is not None and not deal.saved:
                deal.saved = True
                self._save_row(deal.key, solver_tag(self.budget.width), (), deal.par.moves)

    def book(self, start: GameState) -> LineBook:
        """The lines known through ``start``'s deal (empty until something is known)."""
        deal = self._deals.get(tuple(start.deck))
        return LineBook() if deal is None else deal.book

    def keep(self, start: GameState, prefix: Sequence[Move], line: Line, width: int) -> None:
        """Know a line found from the position ``prefix`` reaches (a hint off every
        known line) and keep it in the store, so it is not searched again."""
        deal = self._deals.get(tuple(start.deck))
        if deal is None:
            return
        state = start
        for move in prefix:
            state = apply_move(state, move).state
        deal.book.add(state, line)
        self._save_row(deal.key, solver_tag(width), prefix, line.moves)
        self.flush()

    def _save_row(self, deal: str, tag: str, prefix: Sequence[Move], moves: Sequence[Move]) -> None:
        """Keep a line in the campaign file, if there is one; failing costs a search later."""
        store = self._store()
        if store is None:
            return
        from ..storage.errors import LoadError, SaveError

        with suppress(LoadError, SaveError):
            store.save_solver_line(deal, tag, joined(prefix), joined(moves))

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Hold par searches between progress steps while the body runs (any thread)."""
        with self._lock:
            self._holds += 1
            self._go.clear()
        try:
            yield
        finally:
            with self._lock:
                self._holds -= 1
                if self._holds == 0:
                    self._go.set()

    # --- any thread ----------------------------------------------------------------

    def wait(self, start: GameState, should_stop: Callable[[], bool]) -> Line | None:
        """Block (in a worker) until ``start``'s par is known; ``None`` if it will not be."""
        deal = self._deals.get(tuple(start.deck))
        if deal is None:
            return None
        while not deal.ready.wait(WAIT_SECONDS):
            if should_stop() or deal.worker is None or deal.worker.is_finished:
                return None  # cancelled, failed, or no search: the hint searches itself
        return deal.par

    # --- inside ----------------------------------------------------------------------

    def _read_back(self, deal: _Deal) -> None:
        """The deal's kept lines: its par line (store, then the daily cache) and the
        lines of earlier hints; each is replayed and its score recomputed."""
        tag = solver_tag(self.budget.width)
        store = self._store()
        deal.looked_in_store = store is not None
        rows: list[tuple[str, str, str]] = []
        if store is not None:
            from ..storage.errors import LoadError, SaveError

            try:
                rows = store.solver_lines(deal.key, lines_prefix())
            except (LoadError, SaveError):
                rows = []
        _, deal.par = book_of_rows(deal.start, rows, tag, deal.book)
        deal.saved = deal.par is not None
        if deal.par is None and self._daily(deal):
            from ..storage.par_cache import read_par_line

            cached = read_par_line(deal.key, tag)
            line = None if cached is None else checked_line(deal.start, cached)
            if line is not None:
                deal.par = line
                deal.book.add(deal.start, line)
        if deal.par is not None:
            deal.ready.set()

    def _daily(self, deal: _Deal) -> bool:
        """A daily deal's par is also kept in the cache that ``daily`` reads."""
        from ..engine import new_game

        seed = deal.seed
        if not self._use_cache or seed is None or daily_date(seed) is None:
            return False
        return new_game(deal.start.catalog, seed=seed).deck == deal.start.deck

    def _search(self, deal: _Deal) -> Line | None:
        """In the worker thread: the par line; ``None`` if cancelled."""
        worker = get_current_worker()

        def should_stop() -> bool:
            if not self._go.is_set():  # held (:meth:`paused`): no work until it ends
                while not self._go.wait(WAIT_SECONDS):
                    if worker.is_cancelled:
                        return True
            return worker.is_cancelled

        try:
            found = solve(deal.start, self.budget, should_stop=should_stop)
        except Cancelled:
            return None
        line = Line(found.score, found.moves)
        deal.book.add(deal.start, line)
        deal.par = line
        if self._daily(deal):  # a file write is safe from this thread
            from ..storage.par_cache import write_par_line

            write_par_line(deal.key, solver_tag(self.budget.width), line_texts(line.moves))
        deal.ready.set()
        return line


def _ahead_of_time(deal: _Deal) -> None:
    """What the game will ask of the solver for this deal, worked out early: the
    searches' round prices, then the deal's upper bound (kept on the deal)."""
    prepare(deal.start)
    deal.bound = upper_bound(deal.start)
