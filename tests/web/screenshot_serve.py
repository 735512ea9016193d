"""Make the README's pictures of ``palm-island serve``: the page in Debian's headless
Chromium, seed 7 typed on the title, 20 greedy moves played by keys, in a window at
pixel ratio 1 (``docs/serve.png``) and at ratio 2 (``docs/serve-ratio2.png``); and
a phone held upright, 390×844 at ratio 3, touch (``docs/serve-phone.png``): the
compact table one move in, as the phone test plays it by taps.

Not a test; run it when the served page's look changes:
``.venv/bin/python -m tests.web.screenshot_serve [DOCS_FOLDER]``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.keys import keys_for
from palm_island.policies import greedy_policy
from palm_island.session import GameSession
from palm_island.storage.catalog_files import standard_catalog

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

from .pixels import quiet_screenshot
from .served import SCREEN_JS, need_browser, serving, wait_for, wait_for_screen
from .test_serve_screens import played_by_taps

SEED = 7
TURNS = 20
BROWSER_KEYS = {"down": "ArrowDown", "enter": "Enter"}
"""Textual's key names that Playwright spells otherwise."""


def take(target: Path, viewport: ViewportSize, ratio: float) -> None:
    browser = need_browser()
    from playwright.sync_api import sync_playwright

    session = GameSession.from_seed(standard_catalog(), SEED)
    policy = greedy_policy()
    with (
        tempfile.TemporaryDirectory() as scratch,
        serving(Path(scratch) / "data") as served,
        sync_playwright() as playwright,
    ):
        chromium = playwright.chromium.launch(executable_path=browser)
        page = chromium.new_page(viewport=viewport, device_scale_factor=ratio)
        page.goto(served.page("expose-terminal"))
        wait_for(page, f"() => ({SCREEN_JS})()?.trim()", what="the first screen")
        for key, shows in (
            (str(SEED), f"Seed (deal)    {SEED} "),
            ("n", "Start (enter)"),
            ("Enter", "enter"),
            ("Enter", "Turn 1 "),
        ):
            page.keyboard.press(key)
            wait_for_screen(page, shows)
        for _ in range(TURNS):
            move = policy(session.state)
            for key in keys_for(session.state, move):
                page.keyboard.press(BROWSER_KEYS.get(key, key))
            session.play(move)
            wait_for_screen(page, f"Turn {session.turn}:")
        quiet_screenshot(page, target)
        chromium.close()
    print(f"wrote {target}")


def take_phone(target: Path) -> None:
    """The phone test's visit by taps (a new deal each time), pictured one move in."""
    browser = need_browser()
    from playwright.sync_api import sync_playwright

    with (
        tempfile.TemporaryDirectory() as scratch,
        serving(Path(scratch) / "data") as served,
        sync_playwright() as playwright,
    ):
        chromium = playwright.chromium.launch(executable_path=browser)
        played_by_taps(chromium, served, picture=target)
        chromium.close()
    print(f"wrote {target}")


if __name__ == "__main__":
    docs = Path(sys.argv[1] if len(sys.argv) > 1 else "docs")
    take(docs / "serve.png", {"width": 1100, "height": 720}, 1)
    take(docs / "serve-ratio2.png", {"width": 960, "height": 600}, 2)
    take_phone(docs / "serve-phone.png")
