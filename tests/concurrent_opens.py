"""Many processes open one fresh data directory at the same moment (a harness).

``python tests/concurrent_opens.py ROUNDS PROCESSES`` prints the opens that
failed, by message; the reliability suite runs it at CI size. Each round makes
a new directory, starts PROCESSES forked workers that wait on a barrier, then
all open the store, list the campaigns, create one of their own and close.
"""

from __future__ import annotations

import collections
import multiprocessing as mp
import sys
import tempfile
from pathlib import Path


def _worker(folder: str, index: int, barrier: object, results: object) -> None:
    from palm_island.storage.service import Store

    barrier.wait()  # type: ignore[attr-defined]
    try:
        with Store.open(folder) as store:
            store.campaigns()
            store.create_campaign(f"P{index}")
        results.put("ok")  # type: ignore[attr-defined]
    except Exception as exc:  # every failure is counted by its message
        results.put(f"{type(exc).__name__}: {exc}")  # type: ignore[attr-defined]


def run(rounds: int, processes: int) -> collections.Counter[str]:
    import palm_island.storage.service  # noqa: F401  (imported once, before forking)

    context = mp.get_context("fork")
    outcomes: collections.Counter[str] = collections.Counter()
    with tempfile.TemporaryDirectory(prefix="palm-opens-") as base:
        for round_ in range(rounds):
            folder = Path(base) / f"r{round_}"
            barrier = context.Barrier(processes)
            results = context.Queue()
            workers = [
                context.Process(target=_worker, args=(str(folder), i, barrier, results))
                for i in range(processes)
            ]
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join(60)
            for _ in workers:
                outcomes[results.get(timeout=10)] += 1
    return outcomes


if __name__ == "__main__":
    counts = run(int(sys.argv[1]), int(sys.argv[2]))
    total = sum(counts.values())
    print(f"{total} opens, {counts['ok']} ok, {total - counts['ok']} failed")
    for message, count in counts.most_common():
        if message != "ok":
            print(f"  {count} x {message}")
