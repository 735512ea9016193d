"""Measure the hint's latency in the app: from the ``h`` key to the hint on screen.

Not a test (timings depend on the machine); run it by hand:
``.venv/bin/python tests/tui/hint_latency.py`` (par search off) or with ``par``
(the deal's par searched in the background, as in the first seconds of a game).
18 positions: seeds 7, 2 and 11 after 0, 20, 40, 60, 80 and 100 greedy moves.
"""

from __future__ import annotations

import asyncio
import math
import statistics
import sys
import time

from textual import events

from palm_island.policies import greedy_policy
from palm_island.tui.app import AppConfig, make_app
from palm_island.tui.screens.game import GameScreen


async def measure(with_par: bool) -> list[float]:
    seconds = []
    for seed in (7, 2, 11):
        for turns in (0, 20, 40, 60, 80, 100):
            app = make_app(AppConfig(seed=seed, start_in_game=True, compute_par=with_par))
            async with app.run_test(size=(100, 32)) as pilot:
                screen = app.screen
                assert isinstance(screen, GameScreen)
                policy = greedy_policy()
                for _ in range(turns):
                    screen.play(policy(screen.session.state))
                await pilot.pause()
                started = time.perf_counter()
                app.post_message(events.Key("h", "h"))
                while screen.hint is None:
                    await asyncio.sleep(0.002)
                seconds.append(time.perf_counter() - started)
                print(f"seed {seed} turn {turns}: {seconds[-1]:.2f} s", flush=True)
    return seconds


if __name__ == "__main__":
    found = asyncio.run(measure(with_par=sys.argv[1:] == ["par"]))
    p95 = sorted(found)[math.ceil(0.95 * len(found)) - 1]  # nearest rank
    print(
        f"median {statistics.median(found):.2f} s, p95 {p95:.2f} s, max {max(found):.2f} s"
        f" ({len(found)} positions)"
    )
