"""Make the README's picture of ``palm-island serve``: the page in Debian's headless
Chromium, seed 7 typed on the title, 20 greedy moves played by keys.

Not a test; run it when the served page's look changes:
``.venv/bin/python -m tests.web.screenshot_serve docs/serve.png``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from palm_island.policies import greedy_policy
from palm_island.session import GameSession
from palm_island.storage.catalog_files import standard_catalog
from palm_island.tui.keys import keys_for

from .served import need_browser, serving, wait_for_screen

SEED = 7
TURNS = 20
BROWSER_KEYS = {"down": "ArrowDown", "enter": "Enter"}
"""Textual's key names that Playwright spells otherwise."""


def take(target: Path) -> None:
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
        page = chromium.new_page(viewport={"width": 1100, "height": 720})
        page.goto(served.page("expose-terminal"))
        wait_for_screen(page, "New game")
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
        page.wait_for_timeout(500)
        page.screenshot(path=str(target))
        chromium.close()
    print(f"wrote {target}")


if __name__ == "__main__":
    take(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/serve.png"))
