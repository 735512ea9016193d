"""Provides :class:`ParBook`: each deal's par, searched once on a background thread.

The app asks for the par when a game starts, so the search (several seconds at the
default budget) runs while the player plays and is usually ready at the end. The
end screen polls :meth:`ParBook.get` instead of being called back from the thread:
nothing crosses threads but the worker's result, and a screen that is gone simply
stops polling.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.worker import Worker, WorkerState

from .hints import search_par

if TYPE_CHECKING:
    from textual.app import App

    from ..engine import GameState
    from ..solver import Budget

PAR_GROUP = "par"


class ParBook:
    """The par of every deal started in this run, by deck order."""

    def __init__(self, app: App[None], budget: Budget) -> None:
        self._app = app
        self.budget = budget
        """The same for every deal, so pars are comparable (and match ``daily``)."""
        self._workers: dict[tuple[int, ...], Worker[int | None]] = {}

    def request(self, start: GameState) -> None:
        """Start searching ``start``'s par unless it is known or being searched."""
        key = tuple(start.deck)
        known = self._workers.get(key)
        if known is not None and known.state != WorkerState.CANCELLED:
            return
        budget = self.budget
        self._workers[key] = self._app.run_worker(
            lambda: search_par(start, budget),
            thread=True,
            group=PAR_GROUP,
            exit_on_error=False,
        )

    def get(self, start: GameState) -> int | None:
        """The par of ``start``'s deal, or ``None`` while it is still being searched."""
        worker = self._workers.get(tuple(start.deck))
        if worker is None or worker.state != WorkerState.SUCCESS:
            return None
        return worker.result
