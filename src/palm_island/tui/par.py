"""Provides :class:`ParBook`: each deal's par, searched once on a background thread.

The app asks for the par when a game starts, so the search (several seconds at the
default budget) runs while the player plays and is usually ready at the end. The
end screen polls :meth:`ParBook.get` instead of being called back from the thread:
nothing crosses threads but the worker's result, and a screen that is gone simply
stops polling.

Both searches are pure Python, so they share one core through the GIL: while a
hint is searched (:meth:`ParBook.paused`), the par search waits between its
progress steps, which keeps the hint's answer near its own time (measured in
docs/solver.md) instead of doubling it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from textual.worker import Worker, WorkerState, get_current_worker

from ..solver import Cancelled, solve

if TYPE_CHECKING:
    from textual.app import App

    from ..engine import GameState
    from ..solver import Budget

PAR_GROUP = "par"
WAIT_SECONDS = 0.05
"""How often a paused par search looks whether it was cancelled."""


class ParBook:
    """The par of every deal started in this run, by deck order."""

    def __init__(self, app: App[None], budget: Budget) -> None:
        self._app = app
        self.budget = budget
        """The same for every deal, so pars are comparable (and match ``daily``)."""
        self._workers: dict[tuple[int, ...], Worker[int | None]] = {}
        self._go = threading.Event()
        self._go.set()
        self._holds = 0
        self._lock = threading.Lock()

    def request(self, start: GameState) -> None:
        """Search ``start``'s par unless known or under way; stop searches for other deals."""
        key = tuple(start.deck)
        for other, worker in self._workers.items():
            if other != key and worker.state in (WorkerState.PENDING, WorkerState.RUNNING):
                worker.cancel()  # that game is left: its par is no longer wanted
        known = self._workers.get(key)
        if known is not None and known.state != WorkerState.CANCELLED:
            return
        self._workers[key] = self._app.run_worker(
            lambda: self._search(start), thread=True, group=PAR_GROUP, exit_on_error=False
        )

    def get(self, start: GameState) -> int | None:
        """The par of ``start``'s deal, or ``None`` while it is still being searched."""
        worker = self._workers.get(tuple(start.deck))
        if worker is None or worker.state != WorkerState.SUCCESS:
            return None
        return worker.result

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

    def _search(self, start: GameState) -> int | None:
        """In the worker thread: the solver's score from ``start``; ``None`` if cancelled."""
        worker = get_current_worker()

        def should_stop() -> bool:
            while not self._go.wait(WAIT_SECONDS):
                if worker.is_cancelled:
                    return True
            return worker.is_cancelled

        try:
            return solve(start, self.budget, should_stop=should_stop).score
        except Cancelled:
            return None
