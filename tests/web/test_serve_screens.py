"""The served page on the screens people have (issue 37), in Debian's headless
Chromium: a high-density laptop (pixel ratio 2), a phone held upright (390×844 at
ratio 3, touch), a window resized; judged by screenshots, not only by the buffer.

Skipped with one line where the browser is missing; failed instead in CI.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .browsing import LAPTOP, ON_A_PHONE, PHONE, TITLE, open_page
from .pixels import Box, bright_pixels, cell_box, quiet_screenshot, while_quiet
from .served import (
    Served,
    screen_text,
    serving,
    tap_text,
    wait_for,
    wait_for_key_bar,
    wait_for_screen,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow

READABLE_FONT_PX = 12
FIRST_FRAME = "() => document.body.classList.contains('-first-byte')"


def text_bounds(page: Page) -> tuple[int, int, int, int]:
    """The first and last column and row holding any text on the terminal's screen."""
    rows = screen_text(page).split("\n")
    used = [(y, row) for y, row in enumerate(rows) if row.strip()]
    assert used, "the terminal's screen is empty"
    first = min(len(row) - len(row.lstrip()) for _, row in used)
    last = max(len(row.rstrip()) for _, row in used)
    return first, used[0][0], last - 1, used[-1][0]


def open_on_title(browser: Browser, served: Served, ratio: float) -> Page:
    page, errors = open_page(browser, served, viewport=LAPTOP, device_scale_factor=ratio)
    wait_for_screen(page, TITLE)
    assert page.evaluate("devicePixelRatio") == ratio
    assert not errors, errors
    return page


def title_where_the_buffer_has_it(browser: Browser, page: Page, ratio: float) -> Box:
    """The title's bright pixels, checked to be in the title's cells (as the buffer
    and the cell size place them) and across them, not a stray mark."""

    def look() -> tuple[Box, Box, bytes]:
        rows = screen_text(page).split("\n")
        found = [(y, row.find(TITLE)) for y, row in enumerate(rows) if TITLE in row]
        assert len(found) == 1, rows
        row, column = found[0]
        letters = cell_box(page, column, row, len(TITLE))
        around = cell_box(page, column - 1, row, len(TITLE) + 2)
        return letters, around, page.screenshot()

    letters, around, png = while_quiet(page, look)
    found = bright_pixels(browser, png, ratio, around)
    assert found is not None, f"nothing is drawn where the title is at pixel ratio {ratio}"
    drawn = found.box
    assert drawn.inside(letters, margin=1.0), (ratio, drawn, letters)
    assert drawn.right - drawn.left >= 0.9 * (letters.right - letters.left), (ratio, drawn)
    return drawn


def test_the_title_at_pixel_ratio_2_is_drawn_where_ratio_1_draws_it(
    browser: Browser, served: Served
) -> None:
    """Ratio 2 as the issue names it, and 3 (a 4K screen): the same CSS pixels as at
    ratio 1. At 1.5 (a laptop at 150 %) a cell's height rounds to other device
    pixels, so the rows and the title's row may differ: drawn in its own cells."""
    reference = open_on_title(browser, served, 1)
    at_1 = title_where_the_buffer_has_it(browser, reference, 1)
    for ratio in (2, 3, 1.5):
        page = open_on_title(browser, served, ratio)
        drawn = title_where_the_buffer_has_it(browser, page, ratio)
        if ratio in (2, 3):
            assert drawn.near(at_1, tolerance=1.0), (ratio, at_1, drawn)
        page.context.close()
    reference.context.close()


def test_a_phone_at_ratio_3_draws_the_screen_where_the_buffer_has_it_in_a_readable_size(
    browser: Browser, served: Served
) -> None:
    page, errors = open_page(browser, served, **ON_A_PHONE)
    wait_for(page, FIRST_FRAME, what="the first bytes of the game")
    wait_for_key_bar(page, "New game", "Quit")  # the title in its compact layout
    assert TITLE in screen_text(page)
    width, font, cols = page.evaluate(
        "[innerWidth, palmIslandTerminal.options.fontSize, palmIslandTerminal.cols]"
    )
    assert width == PHONE["width"]  # the viewport meta: not a 980 px layout
    assert font >= READABLE_FONT_PX
    cell = cell_box(page, 0, 0)
    assert cell.bottom - cell.top >= READABLE_FONT_PX
    assert 44 <= cols <= 60, cols  # what the compact layout is made for

    def look() -> tuple[Box, bytes]:
        first_column, first_row, last_column, last_row = text_bounds(page)
        text = cell_box(
            page,
            first_column,
            first_row,
            last_column - first_column + 1,
            last_row - first_row + 1,
        )
        return text, page.screenshot()

    text, png = while_quiet(page, look)
    drawn = bright_pixels(browser, png, 3)
    assert drawn is not None, "the phone's screenshot is blank"
    assert drawn.box.inside(text, margin=1.0), (drawn.box, text, screen_text(page))
    # Most of the text's box is drawn across (not a corner of it, as at 1x backing).
    assert drawn.box.right - drawn.box.left >= 0.8 * (text.right - text.left)
    assert drawn.box.bottom - drawn.box.top >= 0.8 * (text.bottom - text.top)

    # Turned sideways: the terminal refits (a larger font again, more columns) and
    # the game hears the new size.
    page.set_viewport_size({"width": PHONE["height"], "height": PHONE["width"]})
    wait_for(page, f"() => palmIslandTerminal.cols > {cols}", what="more columns, sideways")
    wide_font, wide_cols = page.evaluate(
        "[palmIslandTerminal.options.fontSize, palmIslandTerminal.cols]"
    )
    assert wide_font > font and wide_cols > 80
    wait_for(
        page,
        f"() => ({TEXT_ON_SCREEN}) && ({SCREEN_WIDTH_USED}) > {cols}",
        what="the game drawn across the wider terminal",
    )
    assert not errors, errors
    page.context.close()


def test_a_phone_starts_a_game_plays_a_card_and_leaves_by_taps_alone(
    browser: Browser, tmp_path: Path
) -> None:
    """No key is pressed: the title's entry, the dialog's and the preview's buttons,
    a card's action line, undo and redo and esc (Title) on the key bar. Each step
    taps where the buffer shows its target (Chromium turns the touch into the mouse
    events xterm.js reports) once the screen is laid out for the phone (its key bar
    drawn), and waits for what the tap does. A server of its own: the game it
    leaves is saved."""
    with serving(tmp_path / "data") as served:
        played_by_taps(browser, served)


def played_by_taps(browser: Browser, served: Served, picture: Path | None = None) -> None:
    """The phone's visit; with ``picture``, a screenshot of the compact table there
    (``tests/web/screenshot_serve.py`` makes the docs' phone picture so)."""
    page, errors = open_page(browser, served, **ON_A_PHONE)
    screen = wait_for_key_bar(page, "New game", "Quit", showing=(TITLE,))
    tap_text(page, screen, "New game")  # the title's entry (the key bar's is the last row)
    screen = wait_for_key_bar(page, "Start", "Back", showing=("Start (enter)",))
    tap_text(page, screen, "Start (enter)")  # the new game's dialog
    screen = wait_for_key_bar(page, "Start playing", "Back", showing=("Start playing (enter)",))
    tap_text(page, screen, "Start playing (enter)", last=True)  # the deck preview's button
    # the compact table: the cards stacked, the first one selected
    turn_1 = ("Turn 1 ", "Card 1 (selected)", "Card 2", "Card 3", "discard to back")
    screen = wait_for_key_bar(page, "Title", "Quit", showing=turn_1)
    tap_text(page, screen, "discard to back")  # card 1's action line
    screen = wait_for_key_bar(page, "Undo", "Title", showing=("Turn 2 ",))
    tap_text(page, screen, "Undo", last=True)  # the key bar's undo and redo (ctrl+r, U)
    screen = wait_for_key_bar(page, "Redo", "Title", showing=("Turn 1 ",))
    assert "Undo" not in screen.split("\n")[-1], screen
    tap_text(page, screen, "Redo", last=True)
    screen = wait_for_key_bar(page, "Undo", "Title", showing=("Turn 2 ",))
    assert "Redo" not in screen.split("\n")[-1], screen
    if picture is not None:
        quiet_screenshot(page, picture)
    tap_text(page, screen, "Title", last=True)  # "esc Title" on the key bar: a phone has no esc
    # the title, with the game kept for Continue
    wait_for_key_bar(page, "Continue", "Quit", showing=(TITLE, "Saved games (1 unfinished)"))
    assert not errors, errors
    page.context.close()


SCREEN_WIDTH_USED = (
    "Math.max(...[...Array(palmIslandTerminal.rows).keys()].map(y => "
    "palmIslandTerminal.buffer.active.getLine(y).translateToString(true, 0, "
    "palmIslandTerminal.cols).length))"
)
TEXT_ON_SCREEN = "window.palmIslandTerminal?.buffer.active.getLine(0) !== undefined && " + (
    "[...Array(palmIslandTerminal.rows).keys()].some(y => "
    "palmIslandTerminal.buffer.active.getLine(y).translateToString(true).trim())"
)


def test_the_page_loads_without_errors_and_fits_the_game_to_a_resized_window(
    browser: Browser, served: Served
) -> None:
    page, errors = open_page(browser, served, viewport=LAPTOP)
    wait_for_screen(page, TITLE)
    before = page.evaluate("[palmIslandTerminal.cols, palmIslandTerminal.rows]")
    page.set_viewport_size({"width": 900, "height": 640})
    wait_for(page, f"() => palmIslandTerminal.cols < {before[0]}", what="fewer columns")
    cols, rows = page.evaluate("[palmIslandTerminal.cols, palmIslandTerminal.rows]")
    assert rows < before[1]
    # The game heard the new size: it draws its footer to the new last column.
    wait_for(
        page,
        f"() => {cols} - ({SCREEN_LAST_ROW}).indexOf('palette') - 'palette'.length <= 1",
        what="the footer drawn to the new last column",
    )
    assert TITLE in screen_text(page)
    assert not errors, errors
    page.context.close()


SCREEN_LAST_ROW = (
    "palmIslandTerminal.buffer.active.getLine(palmIslandTerminal.rows - 1)"
    ".translateToString(true, 0, palmIslandTerminal.cols)"
)


def test_a_look_during_which_the_terminal_is_written_is_taken_again(
    browser: Browser, served: Served
) -> None:
    """:func:`.pixels.while_quiet` looks again when a write was parsed while it
    looked, and what it returns agrees with itself: the buffer's text where a mark
    was written is what the screenshot shows there (the mark, or the game's own
    next frame over it: the game may write at any time)."""
    page, errors = open_page(browser, served, viewport=LAPTOP)
    wait_for_screen(page, TITLE)
    looks: list[str] = []

    def look() -> tuple[str, bytes]:
        if not looks:  # a bright mark on the first row, written while looking
            page.evaluate(
                "() => new Promise(done => palmIslandTerminal.write("
                "'\\x1b[1;1H\\x1b[97mXXXXXXXX\\x1b[0m', done))"
            )
        looks.append(screen_text(page).split("\n")[0][:8])
        return looks[-1], page.screenshot()

    mark, png = while_quiet(page, look)
    assert len(looks) >= 2, looks
    drawn = bright_pixels(browser, png, 1, cell_box(page, 0, 0, 8))
    if mark == "XXXXXXXX":
        assert drawn is not None and drawn.pixels > 0
    elif not mark.strip():
        assert drawn is None, (mark, drawn)
    assert not errors, errors
    page.context.close()
