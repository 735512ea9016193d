"""Provides ``python -m benchmarks --tui``: start-up and key-to-frame times (figures only).

Start-up is measured from just before a new Python process is started to the
first frame it draws (Textual's ``Ready`` event, sent after the first frame),
for the game screen and for an empty Textual app, so the two can be compared.
Key-to-frame is measured in-process: a key event is posted to the idle app
(:data:`KEY_GAP` after the last frame) and the clock stops when the app next
writes a frame to its driver (:class:`FrameDriver`, a headless driver that
receives frames as a terminal's would). The terminal emulator's own drawing is
not counted.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual import events
from textual.drivers.headless_driver import HeadlessDriver

CHECKOUT = Path(__file__).resolve().parent.parent
"""The checkout the benchmarks run from (the children import ``benchmarks`` from it)."""

EMPTY = ("--empty",)
"""Textual alone: an empty app's first frame."""
FIRST_FRAME = ()
"""The game's first frame (Textual's ``Ready``), on the title screen."""
CLI = ("--cli",)
"""What ``palm-island`` does before it opens the app: build the command parser."""
MENU_READY = ("--until", "menu")
"""Stop the clock once the campaign file is open (the menu is built just after)."""
IN_GAME = ("--in-game",)


def startup_seconds(options: tuple[str, ...]) -> tuple[float, str]:
    """Seconds from starting one :mod:`benchmarks.tui_child` with ``options`` to the
    moment it stops its clock, and the screen shown then."""
    command = [sys.executable, "-m", "benchmarks.tui_child", *options]
    start = time.time()
    done = subprocess.run(
        command, capture_output=True, text=True, check=True, timeout=60, cwd=CHECKOUT
    )
    stamp, screen = done.stdout.split()[:2]
    return float(stamp) - start, screen


KEY_GAP = 0.05
"""Seconds between a frame and the next key: quicker than people type, long
enough for the work the game defers until after a frame (the move log) to finish,
as it does between a person's keys."""


async def settle() -> None:
    """Let the app finish what the last key started, as between a person's keys."""
    await asyncio.sleep(KEY_GAP)


class FrameDriver(HeadlessDriver):
    """A headless driver that reports each frame the app writes to it.

    A public extension point (``App(driver_class=...)``): Textual hands every
    frame to its driver's ``write``. The driver says it is not headless so that
    the app renders frames to it as it would to a terminal; nothing is printed.
    """

    frame: Frames | None = None
    """Set on every write; the bench clears it before each key (one per app)."""

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        if data and self.frame is not None:
            self.frame.set()
            if self.frame.on_write is not None:
                self.frame.on_write()


class Frames(asyncio.Event):
    """Set each time the app writes a frame; ``on_write`` (if any) is called at the
    moment of writing, to look at what that very frame shows."""

    on_write: Callable[[], None] | None = None


def frame_driver() -> tuple[type[FrameDriver], Frames]:
    """A driver class bound to a fresh event, set each time a frame is written."""
    frame = Frames()
    driver = type("BoundFrameDriver", (FrameDriver,), {"frame": frame})
    return driver, frame


async def running(app: Any, frame: Frames, size: tuple[int, int]) -> asyncio.Task[Any]:
    """Start ``app`` in the background at ``size``; return once it has drawn and settled."""
    task = asyncio.create_task(app.run_async(size=size, mouse=False))
    await asyncio.wait_for(frame.wait(), timeout=30)
    await settle()
    return task


async def stop(app: Any, task: asyncio.Task[Any]) -> None:
    app.exit()
    await asyncio.wait_for(task, timeout=30)


async def time_key(app: Any, frame: Frames, key: str, opens: str | None = None) -> float | None:
    """Seconds from posting ``key`` to the idle app to its next frame; ``None`` when
    the key draws nothing (e.g. selecting the card already selected).

    With ``opens`` (a widget's CSS selector) the clock runs to the first frame
    drawn once that widget is shown and laid out, not to an earlier frame.
    """
    if opens is None:
        return (await key_frames(app, frame, key, [lambda: True], 0.25))[0]
    return (await key_frames(app, frame, key, [lambda: shown(app, opens)], 5.0))[0]


def shown(app: Any, selector: str) -> bool:
    """Whether a widget matching ``selector`` is displayed with a size."""
    return any(w.display and w.size for w in app.screen.query(selector))


async def key_frames(
    app: Any, frame: Frames, key: str, waits: list[Callable[[], bool]], timeout: float
) -> list[float | None]:
    """Seconds from posting ``key`` to the idle app to the first frame written while
    each of ``waits`` holds (checked as each frame is written, so it is what that
    frame shows); ``None`` for those that do not hold within ``timeout`` seconds."""
    await settle()
    found: list[float | None] = [None] * len(waits)
    start = time.perf_counter()

    def check() -> None:
        elapsed = time.perf_counter() - start
        for index, wait in enumerate(waits):
            if found[index] is None and wait():
                found[index] = elapsed

    frame.clear()
    frame.on_write = check
    character = key if len(key) == 1 else None
    start = time.perf_counter()
    app.post_message(events.Key(key, character))
    deadline = start + timeout
    try:
        while None in found:
            try:
                remaining = max(0.0, deadline - time.perf_counter())
                await asyncio.wait_for(frame.wait(), timeout=remaining)
            except TimeoutError:
                break
            frame.clear()
    finally:
        frame.on_write = None
    return found


async def key_to_frame(
    seed: int, size: tuple[int, int], moves: int | None = None
) -> tuple[dict[str, list[float]], int]:
    """Play a greedy game by keys (whole, or its first ``moves`` moves); the
    seconds from each key to the next frame.

    A key that changes nothing on screen draws no frame; those are counted, not timed.
    """
    from benchmarks.keys import keys_for
    from palm_island.policies import greedy_policy
    from palm_island.tui.app import AppConfig, make_app
    from palm_island.tui.options import moves_for

    driver, frame = frame_driver()
    config = AppConfig(seed=seed, start_in_game=True, compute_par=False)
    app = make_app(config, driver_class=driver)
    policy = greedy_policy()
    times: dict[str, list[float]] = {
        "on the table": [],
        "opening a choice": [],
        "the move's log line": [],
    }
    unchanged = 0
    task = await running(app, frame, size)
    try:
        assert app.controller.session is not None
        played = 0
        while not app.controller.session.state.is_over and (moves is None or played < moves):
            played += 1
            state = app.controller.session.state
            move = policy(state)
            keys = keys_for(state, move)
            asks = len(moves_for(state, move.card, move.kind)) > 1  # a payment choice
            for index, key in enumerate(keys):
                opens = "ChoiceBox" if asks and index == 1 else None
                if index == len(keys) - 1:  # the key that plays the move
                    elapsed, logged = await key_frames(
                        app, frame, key, [lambda: True, lambda: log_caught_up(app)], 5.0
                    )
                    if logged is not None:
                        times["the move's log line"].append(logged)
                else:
                    elapsed = await time_key(app, frame, key, opens)
                if elapsed is None:
                    unchanged += 1
                    continue
                times["opening a choice" if opens else "on the table"].append(elapsed)
    finally:
        await stop(app, task)
    return times, unchanged


def log_caught_up(app: Any) -> bool:
    """Whether the game screen's move log shows every turn played so far."""
    from palm_island.tui.widgets.log import MoveLog

    logs = app.screen.query(MoveLog)  # none once the end screen is shown
    return not logs or bool(logs.first().steps_shown == len(app.controller.session.steps))


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

    driver, frame = frame_driver()
    app = Counter(driver_class=driver)
    times = []
    task = await running(app, frame, size)
    try:
        for _ in range(keys):
            elapsed = await time_key(app, frame, "x")
            if elapsed is not None:
                times.append(elapsed)
    finally:
        await stop(app, task)
    return times


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def bytecode_is_compiled() -> bool:
    """True when the game's modules have up-to-date bytecode (``make bytecode``)."""
    import importlib.util

    from palm_island.tui import app

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
        saved = ("--data-dir", data_dir)
        children = {
            "empty Textual app": EMPTY,
            "title screen": FIRST_FRAME,
            "title screen via the CLI": CLI,
            "  + campaign file (as played)": (*CLI, *saved),
            "    campaign file opened": (*CLI, *saved, *MENU_READY),
            "game screen": IN_GAME,
        }
        samples: dict[str, list[tuple[float, str]]] = {name: [] for name in children}
        for _ in range(runs):  # interleaved, so background load affects each alike
            for name, options in children.items():
                samples[name].append(startup_seconds(options))
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
    print("  (budget: the title within 1.5x of the empty app. Paired: the median, over the runs,")
    print("   of each run's ratio to the empty app started just before it, which cancels")
    print("   most of the machine's slow and fast spells; fastest: the least interference)")
    print(f"key press to next frame (headless), one greedy game played by keys (seed {seed})")
    print("  (budget: p95 <= 33 ms)")
    for size in ((100, 32), (80, 24), (48, 44)):  # 48x44: the compact layout (a phone)
        groups, unchanged = asyncio.run(key_to_frame(seed, size))
        logged = groups.pop("the move's log line")
        groups = {"all keys": [t for ts in groups.values() for t in ts], **groups}
        groups["(the move's log line drawn)"] = logged
        for name, times in groups.items():
            median = statistics.median(times) * 1000
            p95 = percentile(times, 0.95) * 1000
            print(
                f"  {size[0]}x{size[1]} {name:<26} {len(times):4} keys  "
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
