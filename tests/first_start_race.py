"""Windows starting at once on one fresh data folder, each doing what the app does at
start and then starting the daily deal (a harness: issue 36 item 4).

``python tests/first_start_race.py ROUNDS PROCESSES`` prints what each window got and
what each folder held. Each round makes a new folder, starts PROCESSES forked workers
that wait on a barrier, then each opens the store and picks its campaign the way the
app does (``Controller.open_store``: a first start creates "My island"), starts the
day's daily deal as the title's Daily entry does (a new official attempt, stored with
its first move) and plays that move, then holds the game as a window does.
"""

from __future__ import annotations

import collections
import multiprocessing as mp
import sqlite3
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from palm_island.storage.service import Store

DAILY_SEED = 20261203
"""The day's deal (``solver.daily_seed``: the date as YYYYMMDD)."""


def _worker(folder: str, barrier: object, results: object) -> None:
    from palm_island.engine import legal_moves
    from palm_island.storage.errors import StaleGameError
    from palm_island.tui.config import AppConfig
    from palm_island.tui.controller import Controller, ParSource

    barrier.wait()  # type: ignore[attr-defined]
    try:
        config = AppConfig(data_dir=Path(folder), use_store=True)
        window: Controller[ParSource] = Controller(
            config, None, lambda text, severity, timeout: None
        )
        problem = window.open_store()
        if problem is not None:
            raise problem
        store = window.store
        assert store is not None and window.campaign_name is not None
        try:
            stored = store.new_game(
                window.campaign_name, seed=DAILY_SEED, deferred=True, official=True
            )
            try:
                stored.play(legal_moves(stored.state)[0])
                outcome = f"played {window.campaign_name}"
            except StaleGameError as exc:  # another window stored the attempt first
                outcome = f"opened the other window's game {exc.game_id == _official(folder)}"
        finally:
            store.close()
        results.put(outcome)  # type: ignore[attr-defined]
    except Exception as exc:  # every failure is counted by its message
        results.put(f"{type(exc).__name__}: {exc}")  # type: ignore[attr-defined]


def _official(folder: str) -> int | None:
    """The first official (not practice) attempt at the deal stored in ``folder``."""
    conn = sqlite3.connect(Path(folder) / "campaign.db")
    try:
        row = conn.execute(
            "SELECT g.id FROM game g LEFT JOIN game_play p ON p.game_id = g.id "
            "WHERE json_extract(g.header, '$.seed') = ? AND coalesce(p.practice, 0) = 0 "
            "ORDER BY g.id LIMIT 1",
            (DAILY_SEED,),
        ).fetchone()
    finally:
        conn.close()
    return None if row is None else int(row[0])


@dataclass
class Outcome:
    """What the windows got and what each folder held afterwards."""

    windows: collections.Counter[str] = field(default_factory=collections.Counter)
    folders: collections.Counter[str] = field(default_factory=collections.Counter)


def _contents(folder: Path) -> str:
    conn = sqlite3.connect(folder / "campaign.db")
    try:
        campaigns = [str(n) for (n,) in conn.execute("SELECT name FROM campaign ORDER BY id")]
        attempts = conn.execute(
            "SELECT count(*) FROM game g LEFT JOIN game_play p ON p.game_id = g.id "
            "WHERE json_extract(g.header, '$.seed') = ? AND coalesce(p.practice, 0) = 0",
            (DAILY_SEED,),
        ).fetchone()[0]
    finally:
        conn.close()
    dailies = len(list((folder / "backups").glob("campaign.daily-*.db")))
    return f"campaigns {campaigns}, official attempts {attempts}, daily backups {dailies}"


def run(rounds: int, processes: int) -> Outcome:

    context = mp.get_context("fork")
    outcome = Outcome()
    with tempfile.TemporaryDirectory(prefix="palm-race-") as base:
        for round_ in range(rounds):
            folder = Path(base) / f"r{round_}"
            barrier = context.Barrier(processes)
            results = context.Queue()
            workers = [
                context.Process(target=_worker, args=(str(folder), barrier, results))
                for _ in range(processes)
            ]
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join(60)
            for _ in workers:
                outcome.windows[results.get(timeout=10)] += 1
            outcome.folders[_contents(folder)] += 1
    return outcome


def race(folder: Path, action: Callable[[Store], str], processes: int) -> collections.Counter[str]:
    """``action(store)`` in PROCESSES forked processes released at once on ``folder``
    (each with its own ``Store``); what each returned, or the error it raised. Every
    process stays alive until all have acted (a window that holds a game is open)."""
    context = mp.get_context("fork")
    start, done = context.Barrier(processes), context.Barrier(processes)
    results = context.Queue()

    def one() -> None:
        from palm_island.storage.service import Store

        start.wait()
        try:
            with Store.open(folder) as store:
                results.put(action(store))
                done.wait(30)
        except Exception as exc:
            results.put(f"{type(exc).__name__}: {exc}")
            done.wait(30)

    workers = [context.Process(target=one) for _ in range(processes)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    return collections.Counter(results.get(timeout=10) for _ in workers)


if __name__ == "__main__":
    found = run(int(sys.argv[1]), int(sys.argv[2]))
    for line, count in found.windows.most_common():
        print(f"{count:4} windows: {line}")
    for line, count in found.folders.most_common():
        print(f"{count:4} folders: {line}")
