"""Measures ``palm-island serve`` in Debian's headless Chromium: time from the
server's start to the first frame in the browser, key-to-screen latency, memory per
connection, and how soon a closed tab's game ends.

Run: ``.venv/bin/python -m tests.web.measure_serve [--keys 30] [--tabs 3]``
(not a test: figures for docs/tui.md and the issue's note; Linux, for ``/proc``).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from .served import (
    SCREEN_JS,
    child_pids,
    need_browser,
    screen_text,
    serving,
    wait_for_screen,
    wait_until_ended,
)

TITLE = "P A L M   I S L A N D"


def rss_mib(pid: int) -> float:
    """Resident memory of ``pid`` in MiB (``VmRSS``: shared pages count in each)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--keys", type=int, default=30, help="key presses timed")
    parser.add_argument("--tabs", type=int, default=3, help="tabs open for the memory figure")
    args = parser.parse_args()
    browser = need_browser()
    from playwright.sync_api import sync_playwright

    with (
        tempfile.TemporaryDirectory() as scratch,
        sync_playwright() as playwright,
    ):
        chromium = playwright.chromium.launch(executable_path=browser)
        page = chromium.new_page(viewport={"width": 1280, "height": 800})
        with serving(Path(scratch) / "data") as served:
            listening = time.monotonic() - served.started
            page.goto(served.page("expose-terminal"))
            wait_for_screen(page, TITLE)
            first_frame = time.monotonic() - served.started
            print(f"server start -> listening: {listening:.2f} s")
            print(f"server start -> first frame in the browser: {first_frame:.2f} s")
            idle = rss_mib(served.process.pid)

            # Key to screen: select card 1 and card 2 in turn; each changes the screen.
            for key, shows in (("n", "Start (enter)"), ("Enter", "enter"), ("Enter", "Turn 1 ")):
                page.keyboard.press(key)
                wait_for_screen(page, shows)
            latencies: list[float] = []
            for index in range(args.keys):
                card = 2 if index % 2 == 0 else 1
                before = time.monotonic()
                page.keyboard.press(str(card))
                page.wait_for_function(
                    f"(wanted) => ({SCREEN_JS})()?.includes(wanted)",
                    arg=f"▶ Card {card} (selected)",
                    polling="raf",
                )
                latencies.append((time.monotonic() - before) * 1000)
            print(
                f"key -> screen over {len(latencies)} keys: median "
                f"{statistics.median(latencies):.0f} ms, p95 {percentile(latencies, 0.95):.0f} ms, "
                f"max {max(latencies):.0f} ms"
            )

            pages = [page]
            for _ in range(args.tabs - 1):
                more = chromium.new_page(viewport={"width": 1280, "height": 800})
                more.goto(served.page("expose-terminal"))
                wait_for_screen(more, TITLE)
                pages.append(more)
            time.sleep(2)  # let each game load its cards and open the campaign file
            games = child_pids(served.process.pid)
            server = rss_mib(served.process.pid)
            each = [rss_mib(pid) for pid in games]
            print(
                f"memory (RSS): server {idle:.0f} MiB idle, {server:.0f} MiB with "
                f"{len(games)} tabs; each tab's game {min(each):.0f}-{max(each):.0f} MiB; "
                f"total {server + sum(each):.0f} MiB"
            )

            closing = pages[-1]
            game = games[-1]
            started = time.monotonic()
            closing.close()
            left = wait_until_ended([game], timeout=30)
            took = time.monotonic() - started
            print(f"tab closed -> its game ended: {'still running' if left else f'{took:.2f} s'}")
            assert screen_text(page)
            started = time.monotonic()
            served.stop()
            took = time.monotonic() - started
            print(f"ctrl+c with {len(games) - 1} tabs open -> server and games gone: {took:.2f} s")
            left = wait_until_ended(games, timeout=5)
            assert not left, left
        chromium.close()


if __name__ == "__main__":
    main()
