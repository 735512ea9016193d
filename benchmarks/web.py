"""Provides ``python -m benchmarks --web``: the served page in Debian's headless Chromium
(figures only).

Page load to first frame, per run in a fresh browser context at pixel ratio 2 (a
high-density laptop), on the page's own clock (0 = the navigation's start): the
websocket open, the game's first bytes, the title in the terminal (checked every
animation frame, so drawn by then). Then the renderer's cost per frame: full
screens of coloured text (a new colour every 8 cells, as Textual writes) written
to the page's terminal, timing the whole (write to drawn), the parse (``write`` to
its callback) and the draw (from an animation-frame callback queued before xterm's
draw to one queued after it, in the same frame). The DOM renderer is the page's;
WebGL, for comparison, is xterm's addon fetched with ``npm pack`` into a temp
folder (never shipped; skipped without npm). Headless Chromium's WebGL is
SwiftShader, a CPU emulation: a real GPU would draw faster.
"""

from __future__ import annotations

import importlib
import json
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize

TITLE = "P A L M   I S L A N D"
WEBGL_ADDON = "@xterm/addon-webgl@0.19.0"
"""The WebGL renderer released with the page's xterm.js 6.0.0."""
FRAMES = 60
VIEWPORT: ViewportSize = {"width": 1280, "height": 800}

TITLE_SHOWN_JS = """(title) => {
  const terminal = window.palmIslandTerminal;
  if (!terminal) return false;
  for (let y = 0; y < terminal.rows; y++) {
    if (terminal.buffer.active.getLine(y)?.translateToString(true).includes(title)) {
      return performance.now();
    }
  }
  return false;
}"""

MARKS_JS = """() => Object.fromEntries(
  ["palm-island:socket-open", "palm-island:first-byte"].map(
    name => [name, performance.getEntriesByName(name)[0]?.startTime ?? null]))"""

FRAMES_JS = """async (frames) => {
  const terminal = window.palmIslandTerminal;
  const screen = (k) => {
    let text = "\\x1b[H";
    for (let y = 0; y < terminal.rows; y++) {
      for (let x = 0; x < terminal.cols; x += 8) {
        const c = (x * 7 + y * 13 + k * 29) % 256;
        const letter = String.fromCharCode(65 + ((x + y + k) % 26));
        text += `\\x1b[38;2;${c};${255 - c};128m\\x1b[48;2;0;${c >> 1};${c >> 2}m`;
        text += letter.repeat(Math.min(8, terminal.cols - x));
      }
      if (y < terminal.rows - 1) text += "\\r\\n";
    }
    return text + "\\x1b[0m";
  };
  const parse = [], draw = [], total = [];
  await new Promise((resolve) => requestAnimationFrame(resolve));
  for (let k = 0; k < frames; k++) {
    let before = 0;
    requestAnimationFrame(() => { before = performance.now(); });
    const data = screen(k);
    const start = performance.now();
    const after = await new Promise((resolve) => terminal.write(data, () => {
      parse.push(performance.now() - start);
      requestAnimationFrame(() => resolve(performance.now()));
    }));
    draw.push(after - before);
    total.push(after - start);
  }
  return { parse, draw, total, cols: terminal.cols, rows: terminal.rows };
}"""


def served_helpers() -> Any:
    """``tests/web/served.py``, the browser tests' server and browser helpers (by name:
    mypy checks ``tests/`` as a root of its own, so a static import would name that
    file twice)."""
    return importlib.import_module("tests.web.served")


def median(values: list[float]) -> float:
    return statistics.median(values)


def load_once(browser: Browser, url: str) -> dict[str, float]:
    """One page load at pixel ratio 2: its milestones in ms from navigation start."""
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=2)
    page = context.new_page()
    page.goto(url)  # the printed address (the page takes the key out of it)
    shown = page.wait_for_function(TITLE_SHOWN_JS, arg=TITLE, polling="raf", timeout=60_000)
    title = float(shown.json_value())
    marks = page.evaluate(MARKS_JS)
    nav = page.evaluate("performance.getEntriesByType('navigation')[0].toJSON()")
    context.close()
    return {
        "page loaded (DOMContentLoaded)": float(nav["domContentLoadedEventEnd"]),
        "websocket open": float(marks["palm-island:socket-open"]),
        "first bytes from the game": float(marks["palm-island:first-byte"]),
        "title in the terminal": title,
    }


def webgl_addon(folder: Path) -> Path | None:
    """xterm's WebGL addon from the npm registry, for the comparison only."""
    if shutil.which("npm") is None:
        return None
    done = subprocess.run(
        ["npm", "pack", WEBGL_ADDON, "--json", "--pack-destination", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        return None
    tarball = folder / str(json.loads(done.stdout)[0]["filename"])
    shutil.unpack_archive(tarball, folder)
    script = folder / "package" / "lib" / "addon-webgl.js"
    return script if script.is_file() else None


def frame_costs(page: Page) -> dict[str, Any]:
    costs: dict[str, Any] = page.evaluate(FRAMES_JS, FRAMES)
    return costs


def report_frames(name: str, costs: dict[str, Any]) -> None:
    parse, draw, total = costs["parse"], costs["draw"], costs["total"]
    print(
        f"  {name}: {len(draw)} screens of {costs['cols']}x{costs['rows']}: write to drawn "
        f"median {median(total):.1f} ms, p90 {p90(total):.1f} ms (parse median "
        f"{median(parse):.1f} ms; draw median {median(draw):.1f} ms, p90 {p90(draw):.1f} ms)"
    )


def p90(values: list[float]) -> float:
    return sorted(values)[int(0.9 * (len(values) - 1))]


def run_web_bench(runs: int) -> int:
    served_module = served_helpers()
    missing = served_module.what_is_missing()
    if missing is not None:
        print(f"bench --web: {missing}")
        return 1
    from playwright.sync_api import sync_playwright

    with (
        tempfile.TemporaryDirectory() as scratch,
        served_module.serving(Path(scratch) / "data") as served,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=served_module.browser_path())
        print(f"web bench: {browser.version}, {VIEWPORT['width']}x{VIEWPORT['height']} at ratio 2")
        loads = [load_once(browser, served.page("expose-terminal")) for _ in range(runs)]
        print(f"page load milestones, ms from navigation start (median of {runs} loads):")
        for name in loads[0]:
            values = [load[name] for load in loads]
            print(
                f"  {name}: {median(values):.0f} ms (min {min(values):.0f}, max {max(values):.0f})"
            )

        print("renderer cost per full screen (after the title; the game is idle):")
        for renderer in ("dom", "webgl"):
            context = browser.new_context(viewport=VIEWPORT, device_scale_factor=2)
            page = context.new_page()
            page.goto(served.page("expose-terminal"))
            page.wait_for_function(TITLE_SHOWN_JS, arg=TITLE, polling="raf", timeout=60_000)
            if renderer == "webgl":
                addon = webgl_addon(Path(scratch))
                if addon is None:
                    print("  webgl: skipped (npm or the registry is not reachable)")
                    context.close()
                    continue
                page.add_script_tag(path=str(addon))
                page.evaluate("palmIslandTerminal.loadAddon(new WebglAddon.WebglAddon())")
                name = "webgl (SwiftShader, CPU-emulated)"
            else:
                name = "dom (the page's renderer)"
            report_frames(name, frame_costs(page))
            context.close()
        browser.close()
    return 0
