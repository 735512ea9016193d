"""Provides ``palm-island bench --tui``: start-up and key-to-frame times (figures only).

Start-up is measured from just before a new Python process is started to the
first frame it draws (Textual's ``Ready`` event, sent after the first frame),
for the game screen and for an empty Textual app, so the two can be compared.
Key-to-frame is measured in-process: a key event is posted to the idle app
(:data:`KEY_GAP` after the last frame) and the clock stops when the screen next
hands a frame to the driver. Both run with
Textual's headless driver, so the terminal emulator's own drawing is not counted.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import time
from typing import Any

from textual import events

APP_CHILD = """
import time
{prelude}
from palm_island.tui import pause_collection
pause_collection()  # as `palm-island play` does before importing Textual
from palm_island.tui.app import AppConfig, PalmIslandApp

class Timed(PalmIslandApp):
    def {hook}(self) -> None:
        {call_super}
        print(time.time(), type(self.screen).__name__, flush=True)
        self.exit()

Timed(None, AppConfig(seed=7, start_in_game={in_game}, compute_par=False{store})).run(headless=True)
"""

FIRST_FRAME = {"hook": "on_ready", "call_super": "pass"}
"""Stop the clock at the first frame (Textual's ``Ready``)."""
MENU_READY = {"hook": "_open_campaign_file", "call_super": "super()._open_campaign_file()"}
"""Stop the clock once the campaign file is open (the menu is built just after)."""

CLI_PRELUDE = "import palm_island.cli as cli; cli.build_parser()"
"""What ``palm-island`` does before it opens the app: build the command parser."""

EMPTY_CHILD = """
import time
from textual.app import App

class Empty(App):
    def on_ready(self) -> None:
        print(time.time(), type(self.screen).__name__, flush=True)
        self.exit()

Empty().run(headless=True)
"""


def startup_seconds(code: str) -> tuple[float, str]:
    """Seconds from starting ``python -c code`` to its first frame, and the screen shown."""
    start = time.time()
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    stamp, screen = done.stdout.split()[:2]
    return float(stamp) - start, screen


KEY_GAP = 0.05
"""Seconds between a frame and the next key: quicker than people type, long
enough for the work the game defers until after a frame (the move log) to finish,
as it does between a person's keys."""


async def settle(pilot: Any) -> None:
    """Let the app finish what the last key started, then wait :data:`KEY_GAP`."""
    await pilot.pause()
    await asyncio.sleep(KEY_GAP)
    await pilot.pause()


def watch_frames(app: Any) -> asyncio.Event:
    """An event set each time ``app`` hands a frame to its driver (clear it, then wait).

    ``App._display`` is where Textual does that (private, Textual 8); wrapping it
    is the least intrusive way to see frames headless.
    """
    frame = asyncio.Event()
    original = app._display

    def display(screen: Any, renderable: Any) -> None:
        original(screen, renderable)
        if renderable is not None:
            frame.set()

    app._display = display
    return frame


async def key_to_frame(
    seed: int, size: tuple[int, int], moves: int | None = None
) -> tuple[dict[str, list[float]], int]:
    """Play a greedy game by keys (whole, or its first ``moves`` moves); the
    seconds from each key to the next frame.

    A key that changes nothing on screen (selecting the card already selected)
    draws no frame; those are counted, not timed.
    """
    import gc

    from ..policies import greedy_policy
    from . import pause_collection
    from .app import AppConfig, make_app
    from .keys import keys_for

    pause_collection()  # as `palm-island play` does: start-up is frozen at the first frame
    app = make_app(AppConfig(seed=seed, start_in_game=True, compute_par=False))
    frame = watch_frames(app)
    policy = greedy_policy()
    times: dict[str, list[float]] = {"on the table": [], "opening a choice": []}
    unchanged = 0
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert app.session is not None
        played = 0
        while not app.session.state.is_over and (moves is None or played < moves):
            played += 1
            for key in keys_for(app.session.state, policy(app.session.state)):
                await settle(pilot)
                frame.clear()
                character = key if len(key) == 1 else None
                start = time.perf_counter()
                app.post_message(events.Key(key, character))
                try:
                    await asyncio.wait_for(frame.wait(), timeout=0.25)
                except TimeoutError:
                    unchanged += 1
                    continue
                elapsed = time.perf_counter() - start
                opened = type(app.screen).__name__ == "ChoiceScreen"
                times["opening a choice" if opened else "on the table"].append(elapsed)
    gc.unfreeze()  # what this run froze can be collected again
    return times, unchanged


async def baseline_key_to_frame(size: tuple[int, int], keys: int = 200) -> list[float]:
    """The same measure for a Textual app that only updates one Static per key."""
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Counter(App[None]):
        count = 0

        def compose(self) -> ComposeResult:
            yield Static("0", id="count")

        def on_key(self) -> None:
            self.count += 1
            self.query_one("#count", Static).update(str(self.count))

    app = Counter()
    frame = watch_frames(app)
    times = []
    async with app.run_test(size=size) as pilot:
        for _ in range(keys):
            await settle(pilot)
            frame.clear()
            start = time.perf_counter()
            app.post_message(events.Key("x", "x"))
            await asyncio.wait_for(frame.wait(), timeout=5)
            times.append(time.perf_counter() - start)
    return times


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def bytecode_is_compiled() -> bool:
    """True when the game's modules have up-to-date bytecode (``make bytecode``)."""
    import importlib.util
    from pathlib import Path

    from . import app

    source = Path(app.__file__)
    cached = Path(importlib.util.cache_from_source(str(source)))
    return cached.exists() and cached.stat().st_mtime >= source.stat().st_mtime


def run_tui_bench(runs: int = 5, seed: int = 7) -> int:
    """Print the start-up and key-to-frame figures; never pass/fail."""
    runs = max(1, runs)
    print(f"TUI start-up, process start to first frame (headless), median of {runs} runs")
    if not bytecode_is_compiled():
        print("  (our modules have no compiled bytecode: start-up includes compiling them;")
        print("   `make bench` or `make bytecode` compiles them first)")
    import tempfile

    with tempfile.TemporaryDirectory(prefix="palm-island-bench-") as data_dir:
        store = f", use_store=True, data_dir=__import__('pathlib').Path({data_dir!r})"
        quick = {"store": "", **FIRST_FRAME}
        saved = {"store": store, **FIRST_FRAME}
        children = {
            "empty Textual app": EMPTY_CHILD,
            "title screen": APP_CHILD.format(in_game=False, prelude="", **quick),
            "title screen via the CLI": APP_CHILD.format(
                in_game=False, prelude=CLI_PRELUDE, **quick
            ),
            "  + campaign file (as played)": APP_CHILD.format(
                in_game=False, prelude=CLI_PRELUDE, **saved
            ),
            "    campaign file opened": APP_CHILD.format(
                in_game=False, prelude=CLI_PRELUDE, **{**saved, **MENU_READY}
            ),
            "game screen": APP_CHILD.format(in_game=True, prelude="", **quick),
        }
        samples: dict[str, list[tuple[float, str]]] = {name: [] for name in children}
        for _ in range(runs):  # interleaved, so background load affects each alike
            for name, code in children.items():
                samples[name].append(startup_seconds(code))
    empties = [t for t, _ in samples["empty Textual app"]]
    empty, empty_best = statistics.median(empties), min(empties)
    print(f"  {'':<30} median            fastest run       paired")
    for name, runs_of in samples.items():
        times = [t for t, _ in runs_of]
        median, best = statistics.median(times), min(times)
        paired = statistics.median(t / e for t, e in zip(times, empties, strict=True))
        print(
            f"  {name:<30} {median * 1000:6.0f} ms {median / empty:.2f}x  "
            f"{best * 1000:6.0f} ms {best / empty_best:.2f}x  {paired:.2f}x  ({runs_of[0][1]})"
        )
    print("  (target: within 1.30x of the empty app. Paired: the median, over the runs,")
    print("   of each run's ratio to the empty app started just before it, which cancels")
    print("   most of the machine's slow and fast spells; fastest: the least interference)")
    print(f"key press to next frame (headless), one greedy game played by keys (seed {seed})")
    print("  (targets: median < 10 ms, p95 < 33 ms)")
    for size in ((100, 32), (80, 24)):
        groups, unchanged = asyncio.run(key_to_frame(seed, size))
        groups = {"all keys": [t for ts in groups.values() for t in ts], **groups}
        for name, times in groups.items():
            median = statistics.median(times) * 1000
            p95 = percentile(times, 0.95) * 1000
            print(
                f"  {size[0]}x{size[1]} {name:<17} {len(times):4} keys  "
                f"median {median:6.2f} ms  p95 {p95:6.2f} ms"
            )
        print(f"  {size[0]}x{size[1]} ({unchanged} keys changed nothing on screen: not timed)")
        base = asyncio.run(baseline_key_to_frame(size))
        base_median = statistics.median(base) * 1000
        base_p95 = percentile(base, 0.95) * 1000
        print(
            f"  {size[0]}x{size[1]} for reference, a one-Static Textual app: "
            f"median {base_median:.2f} ms  p95 {base_p95:.2f} ms"
        )
    return 0
