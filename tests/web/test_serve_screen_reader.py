"""The served page's screen in the accessibility tree (issue 47): what a screen
reader finds on the title, in a dialog and in a game, read from Playwright's ARIA
snapshot of the page (Debian's headless Chromium; skipped with one line where it
is missing, failed instead in CI)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .browsing import LAPTOP, chromium, open_page
from .served import serving, wait_for, wait_for_key_bar

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.slow


def accessible_text(page: Page, *wanted: str) -> str:
    """The page's ARIA snapshot once it holds each of ``wanted`` (the tree follows
    the screen a moment after the buffer does)."""
    wait_for(
        page,
        "(wanted) => { const text = document.querySelector('.xterm-accessibility-tree')"
        "?.textContent?.replace(/\\s+/g, ' ') ?? ''; "
        "return wanted.every(part => text.includes(part)); }",
        arg=list(wanted),
        what=f"the accessibility tree to hold {list(wanted)}",
    )
    snapshot = page.locator("body").aria_snapshot()
    for part in wanted:
        assert part in snapshot, (part, snapshot)
    return snapshot


def test_the_title_a_dialog_and_a_game_are_in_the_accessibility_tree(tmp_path: Path) -> None:
    with chromium() as browser, serving(tmp_path / "data") as served:
        page, errors = open_page(browser, served, viewport=LAPTOP)
        wait_for_key_bar(page, "New game", "Quit")
        title = accessible_text(page, "P A L M I S L A N D", "New game", "Daily deal")
        assert "- list:" in title and "listitem" in title  # the screen's rows, as a list
        page.keyboard.press("n")
        accessible_text(page, "Start (enter)", "Back")  # the new game's dialog
        page.keyboard.press("Enter")
        accessible_text(page, "Start playing (enter)")  # the deck preview
        page.keyboard.press("Enter")
        accessible_text(page, "Turn 1", "Card 1", "discard to back")  # the table
        assert not errors, errors
        page.context.close()
