"""What a screenshot of the page shows, in CSS pixels: where its bright pixels are.

The terminal's buffer can hold the title while the page shows nothing (issue 37:
textual-serve's renderers at pixel ratio 2 and 3), so the browser tests compare
screenshots. The PNG is decoded by the browser itself (a blank page of the same
Chromium: ``createImageBitmap`` and a canvas), so the tests need no image library.
"""

from __future__ import annotations

import base64
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

Seen = TypeVar("Seen")

BRIGHT = 128
"""A pixel is drawn text when a colour channel reaches this (the page's background
and the game's panels are darker; its text and borders are lighter)."""

BRIGHT_BOX_JS = """async ([png, scale, clip, bright]) => {
  const blob = await (await fetch("data:image/png;base64," + png)).blob();
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext("2d");
  context.drawImage(bitmap, 0, 0);
  const [left, top, right, bottom] = clip
    ? [clip[0] * scale, clip[1] * scale, clip[2] * scale, clip[3] * scale].map(Math.round)
    : [0, 0, bitmap.width, bitmap.height];
  const x0 = Math.max(0, left), y0 = Math.max(0, top);
  const x1 = Math.min(bitmap.width, right), y1 = Math.min(bitmap.height, bottom);
  if (x1 <= x0 || y1 <= y0) return null;
  const { data } = context.getImageData(x0, y0, x1 - x0, y1 - y0);
  let minX = Infinity, minY = Infinity, maxX = -1, maxY = -1, count = 0;
  for (let y = 0; y < y1 - y0; y++) {
    for (let x = 0; x < x1 - x0; x++) {
      const at = (y * (x1 - x0) + x) * 4;
      if (Math.max(data[at], data[at + 1], data[at + 2]) >= bright) {
        count++;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (!count) return null;
  return [(x0 + minX) / scale, (y0 + minY) / scale, (x0 + maxX + 1) / scale,
          (y0 + maxY + 1) / scale, count];
}"""


@dataclass(frozen=True)
class Box:
    """A rectangle in CSS px (``right`` and ``bottom`` exclusive)."""

    left: float
    top: float
    right: float
    bottom: float

    def near(self, other: Box, tolerance: float) -> bool:
        return all(
            abs(mine - theirs) <= tolerance
            for mine, theirs in zip(self.edges(), other.edges(), strict=True)
        )

    def edges(self) -> tuple[float, float, float, float]:
        return (self.left, self.top, self.right, self.bottom)

    def inside(self, other: Box, margin: float) -> bool:
        return (
            self.left >= other.left - margin
            and self.top >= other.top - margin
            and self.right <= other.right + margin
            and self.bottom <= other.bottom + margin
        )


@dataclass(frozen=True)
class Drawn:
    """The bright pixels of a screenshot: their bounding box and how many."""

    box: Box
    pixels: int


def bright_pixels(
    browser: Browser, png: bytes, scale: float, clip: Box | None = None
) -> Drawn | None:
    """The bright pixels of ``png`` (taken at pixel ratio ``scale``), within ``clip``
    (CSS px), or None when there are none."""
    page = browser.new_page()
    try:
        found = page.evaluate(
            BRIGHT_BOX_JS,
            [base64.b64encode(png).decode("ascii"), scale, clip and clip.edges(), BRIGHT],
        )
    finally:
        page.close()
    if found is None:
        return None
    left, top, right, bottom, count = found
    return Drawn(Box(left, top, right, bottom), int(count))


def cell_box(page: Page, column: int, row: int, width: int = 1, height: int = 1) -> Box:
    """Where cells (``column``, ``row``) on, ``width`` × ``height`` of them, are in
    the page, in CSS px (from the terminal's screen element and its size in cells)."""
    screen = page.locator("#terminal .xterm-screen").bounding_box()
    assert screen is not None
    cols, rows = page.evaluate("[window.palmIslandTerminal.cols, window.palmIslandTerminal.rows]")
    cell_width, cell_height = screen["width"] / cols, screen["height"] / rows
    left, top = screen["x"] + column * cell_width, screen["y"] + row * cell_height
    return Box(left, top, left + width * cell_width, top + height * cell_height)


WRITES_PARSED_JS = """() => {
  if (window.palmIslandWritesParsed === undefined) {
    window.palmIslandWritesParsed = 0;
    window.palmIslandTerminal.onWriteParsed(() => { window.palmIslandWritesParsed += 1; });
  }
  return window.palmIslandWritesParsed;
}"""
"""How many writes the terminal has parsed since this was first asked (xterm.js's
public ``onWriteParsed``; the page exposes the terminal with ``?expose-terminal``)."""

PAINTED_JS = f"""() => {{
  const parsed = ({WRITES_PARSED_JS})();
  return new Promise((done) =>
    requestAnimationFrame(() => requestAnimationFrame(() => done(parsed))));
}}"""
"""The parsed count at the call, returned two frames later: xterm.js draws what it
parsed in its next animation frame, so by then the page shows it."""


def while_quiet(page: Page, look: Callable[[], Seen], timeout: float = 30) -> Seen:
    """``look()`` (a screenshot, the buffer's text, cell boxes) at a moment when the
    page shows what the buffer holds and nothing is written to it.

    The buffer can change between reading it and a screenshot: the game's next
    frame (a key bar rebuilt, a resize) comes at any time, and xterm.js draws what
    it parsed an animation frame later. Under a loaded CI run a screenshot showed
    the title's box without the key bar the buffer had read a moment before. So
    ``look`` runs two frames after a count of parsed writes, and again while a
    write was parsed from that count to its end.
    """
    deadline = time.monotonic() + timeout
    while True:
        before = page.evaluate(PAINTED_JS)
        seen = look()
        if page.evaluate(WRITES_PARSED_JS) == before:
            return seen
        assert time.monotonic() < deadline, f"the terminal was still written after {timeout} s"


def quiet_screenshot(page: Page, path: Path | None = None) -> bytes:
    """A screenshot (PNG) of the page when it shows what the buffer holds
    (:func:`while_quiet`), also written to ``path`` if given."""
    png = while_quiet(page, page.screenshot)
    if path is not None:
        path.write_bytes(png)
    return png


COLUMN_GAPS_JS = """async ([png, scale, clip]) => {
  const blob = await (await fetch("data:image/png;base64," + png)).blob();
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext("2d");
  context.drawImage(bitmap, 0, 0);
  const [x0, y0, x1, y1] = clip.map((edge) => Math.round(edge * scale));
  const { data } = context.getImageData(x0, y0, x1 - x0, y1 - y0);
  const width = x1 - x0, height = y1 - y0;
  const light = (x, y) => {
    const at = (y * width + x) * 4;
    return Math.max(data[at], data[at + 1], data[at + 2]);
  };
  let best = 0, bestSum = -1;
  for (let x = 0; x < width; x++) {
    let sum = 0;
    for (let y = 0; y < height; y++) sum += light(x, y);
    if (sum > bestSum) { bestSum = sum; best = x; }
  }
  const column = [...Array(height).keys()].map((y) => light(best, y));
  const stroke = Math.max(...column);
  return column.filter((value) => value < stroke / 2).length;
}"""

BANDS_JS = """async ([png, scale, clip]) => {
  const blob = await (await fetch("data:image/png;base64," + png)).blob();
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext("2d");
  context.drawImage(bitmap, 0, 0);
  const [x0, y0, x1, y1] = clip.map((edge) => Math.round(edge * scale));
  const { data } = context.getImageData(x0, y0, x1 - x0, y1 - y0);
  const width = x1 - x0, height = y1 - y0;
  const colours = [];
  for (let y = 0; y < height; y++) {
    const at = (y * width + Math.floor(width / 2)) * 4;
    colours.push([data[at], data[at + 1], data[at + 2]].join(","));
  }
  const runs = [];
  for (const colour of colours) {
    if (runs.length && runs[runs.length - 1][0] === colour) runs[runs.length - 1][1] += 1;
    else runs.push([colour, 1]);
  }
  return runs;
}"""


def column_gaps(browser: Browser, png: bytes, scale: float, clip: Box) -> int:
    """How many device pixels of a vertical line are missing: in ``clip`` (CSS px,
    the cells of one column of a box's border) the brightest pixel column is the
    line's stroke; its pixels under half the stroke's brightness are gaps."""
    page = browser.new_page()
    try:
        gaps = page.evaluate(
            COLUMN_GAPS_JS, [base64.b64encode(png).decode("ascii"), scale, clip.edges()]
        )
    finally:
        page.close()
    return int(gaps)


def colour_runs(browser: Browser, png: bytes, scale: float, clip: Box) -> list[tuple[str, int]]:
    """The colours down the middle pixel column of ``clip`` (CSS px), as runs of
    (``"r,g,b"``, device pixels): rows of one background are one run; a seam
    between them is a run of its own."""
    page = browser.new_page()
    try:
        runs = page.evaluate(BANDS_JS, [base64.b64encode(png).decode("ascii"), scale, clip.edges()])
    finally:
        page.close()
    return [(str(colour), int(count)) for colour, count in runs]
