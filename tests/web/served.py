"""Helpers for the browser tests and measurements of ``palm-island serve``: a server
on a free port (``--port 0``: the server takes one and prints it) with a scratch
data dir, Debian's headless Chromium, the screen as
text from the page's terminal, clicks on a cell of it.

The browser is Debian's ``chromium-headless-shell`` driven by Playwright with
``executable_path`` (``playwright install`` downloads browsers, which this project
never does). Without it the browser tests skip, except in CI (``CI=true``), where
a skipped browser test would hide that the page was never tried.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NewType

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Page

BROWSER_ENV = "PALM_ISLAND_BROWSER"
"""A Chromium to use instead of the one found on the PATH."""
BROWSER_NAME = "chromium-headless-shell"
INSTALL = "apt-get install chromium-headless-shell"

SCREEN_JS = """() => {
  const terminal = window.palmIslandTerminal;
  if (!terminal) return null;
  const buffer = terminal.buffer.active;
  const rows = [];
  for (let y = 0; y < terminal.rows; y++) {
    const line = buffer.getLine(y);
    rows.push(line ? line.translateToString(true, 0, terminal.cols) : "");
  }
  return rows.join("\\n");
}"""
"""The terminal's screen as text, one line per row of its width (the page exposes its
terminal when opened with ``?expose-terminal``; a row keeps cells past a narrower
width after a resize, never shown)."""


def browser_path() -> str | None:
    """Debian's headless Chromium, or the one ``$PALM_ISLAND_BROWSER`` names."""
    return os.environ.get(BROWSER_ENV) or shutil.which(BROWSER_NAME)


def what_is_missing() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    for module, package in (("playwright", "playwright"), ("textual_serve", "textual-serve")):
        if importlib.util.find_spec(module) is None:
            return f"{package} is not installed (pip install -e '.[test]')"
    if browser_path() is None:
        return f"{BROWSER_NAME} not found ({INSTALL}, or set ${BROWSER_ENV})"
    return None


def need_browser() -> str:
    """The browser's path; else skip the test, or fail it in CI."""
    missing = what_is_missing()
    if missing is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the browser test: {missing}")
        pytest.skip(missing)
    path = browser_path()
    assert path is not None
    return path


PRINTED = re.compile(r"Palm Island is served at (http://127\.0\.0\.1:(\d+))/#token=(\S+)")
"""The line ``serve`` prints first: its address, its port and its key (in the
fragment)."""
PRINTED_EXTERNAL = re.compile(r"Palm Island is served at (https?://\S+?)#token=(\S+)")
"""That line with ``--external-url``: the public address and the key."""
LISTENING = re.compile(r"\(for the proxy: listening on (http://127\.0\.0\.1:(\d+))\)")
"""Its second line then: where the proxy connects."""
TOKEN_ENV = "PALM_ISLAND_SERVE_TOKEN"


def child_pids(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux's ``/proc``): the server's games."""
    found: list[int] = []
    for children in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError):
            found += [int(child) for child in children.read_text().split()]
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` is alive (a zombie counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def wait_until_ended(pids: list[int], timeout: float) -> list[int]:
    """Waits up to ``timeout`` s; returns those of ``pids`` still running."""
    deadline = time.monotonic() + timeout
    while (alive := [pid for pid in pids if running(pid)]) and time.monotonic() < deadline:
        time.sleep(0.05)
    return alive


@dataclass
class Served:
    """A running ``palm-island serve``."""

    process: subprocess.Popen[str]
    url: str
    """The server's address, without the token: what the browser's page then shows."""
    token: str
    data_dir: Path
    started: float
    """``time.monotonic()`` when the server process was started."""
    address: str = ""
    """The printed address without the key (with ``--external-url``, the public one)."""

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def page(self, query: str = "") -> str:
        """The printed address (the key in its fragment), with a query before it."""
        return f"{self.url}/" + (f"?{query}" if query else "") + f"#token={self.token}"

    @property
    def protocols(self) -> str:
        """The websocket subprotocols the game's page offers: the key in one."""
        from palm_island.web.access import PROTOCOL, key_protocol

        return f"{PROTOCOL}, {key_protocol(self.token)}"

    @property
    def headers(self) -> dict[str, str]:
        """What the game's own page sends on its websocket: its Origin and its key."""
        return {"Origin": self.url, "Sec-WebSocket-Protocol": self.protocols}

    def stop(self, sig: signal.Signals = signal.SIGINT, timeout: float = 30) -> int:
        """Sends ``sig`` (ctrl+c by default) and returns the exit status."""
        self.process.send_signal(sig)
        return self.process.wait(timeout)


def limit_open_files(count: int) -> None:
    """Sets this process's soft and hard limit on open files (in a child, before exec)."""
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (count, count))


@contextlib.contextmanager
def serving(
    data_dir: Path, *extra: str, timeout: float = 30, open_files: int | None = None
) -> Iterator[Served]:
    """``palm-island --data-dir DATA_DIR serve --port 0`` until the block ends (then
    stopped with SIGINT, killed if it will not stop), its key chosen here and given
    in ``$PALM_ISLAND_SERVE_TOKEN`` (the way that keeps it out of ``ps``). The
    server binds a free port itself and prints its address only once it listens,
    so the address read from its first line answers: no port picked here that
    another process could take before the server binds it. ``open_files``: the
    server's soft and hard limit on open files (``ulimit -n``)."""
    token = secrets.token_urlsafe(24)
    command = [sys.executable, "-m", "palm_island", "--data-dir", str(data_dir), "serve"]
    started = time.monotonic()
    process = subprocess.Popen(
        [*command, "--port", "0", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, TOKEN_ENV: token},
        preexec_fn=None if open_files is None else lambda: limit_open_files(open_files),
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()  # the server prints its address once it listens
        if "--external-url" in extra:
            public = PRINTED_EXTERNAL.fullmatch(first.strip())
            second = process.stdout.readline()
            printed = LISTENING.fullmatch(second.strip())
            assert public is not None and printed is not None, first + second
            address, shown_token = public.groups()
            url, port = printed.groups()
        else:
            local = PRINTED.fullmatch(first.strip())
            assert local is not None, first + process.stdout.read()
            url, port, shown_token = local.groups()
            address = f"{url}/"
        assert shown_token == token and int(port) > 0, first
        yield Served(process, url, token, data_dir, started, address)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                for pid in child_pids(process.pid):
                    os.kill(pid, signal.SIGKILL)
                process.kill()
                process.wait()


def screen_text(page: Page) -> str:
    text = page.evaluate(SCREEN_JS)
    return text if isinstance(text, str) else ""


def wait_for_screen(page: Page, wanted: str, timeout: float = 30) -> str:
    """Waits until the screen shows ``wanted``; returns the screen."""
    wait_for(
        page,
        f"(wanted) => ({SCREEN_JS})()?.includes(wanted)",
        arg=wanted,
        timeout=timeout,
        what=f"the screen to show {wanted!r}",
    )
    return screen_text(page)


Settled = NewType("Settled", str)
"""A screen read once its key bar lists the keys expected there: the only screen a
click or a tap may aim at (:func:`click_text`, :func:`tap_text`)."""


def wait_for_key_bar(
    page: Page, *labels: str, showing: tuple[str, ...] = (), timeout: float = 30
) -> Settled:
    """Waits until the screen's last two rows (the key bar: the wide layout's footer
    is the last row; at a phone's 55 columns the compact bar wraps to two at most)
    show each of ``labels`` and the screen shows each of ``showing``; returns the
    screen. Both in one wait: the bar and the rest of a screen may change in two
    frames.

    Why a click waits for this: a key bar whose keys change is rebuilt a refresh or
    two after the screen shows the new state (a new screen's first frame may still
    be laid out at the table's width, too), and the buffer can hold half of a frame.
    A click aimed at the old bar lands on a key being replaced, which Textual never
    hears of (a browser run lost the third move's click so, under load). Once the
    bar lists the keys of the state shown, nothing is rebuilt under the pointer.
    """
    wait_for(
        page,
        f"([labels, showing]) => {{ const text = ({SCREEN_JS})(); if (!text) return false; "
        "const bar = text.split('\\n').slice(-2).join(' '); "
        "return labels.every(label => bar.includes(label)) "
        "&& showing.every(part => text.includes(part)); }",
        arg=[list(labels), list(showing)],
        timeout=timeout,
        what=f"the key bar to list {list(labels)} with {list(showing)} on screen",
    )
    return Settled(screen_text(page))


def wait_for(
    page: Page, condition: str, *, what: str, arg: object = None, timeout: float = 30
) -> None:
    """``page.wait_for_function`` of ``condition``: every browser test's wait goes
    through here (``tests/web/test_browser_helpers.py`` checks). Past ``timeout``
    seconds, an assertion that says what was awaited and shows the screen as it was
    then: a bare Playwright timeout says neither."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(condition, arg=arg, timeout=timeout * 1000)
    except PlaywrightTimeout:
        raise AssertionError(
            f"waited {timeout:g} s for {what}; the screen then:\n{screen_text(page)}"
        ) from None


def text_at(page: Page, screen: Settled, text: str, *, last: bool = False) -> tuple[float, float]:
    """The page's CSS pixel at the middle of the first (or last) cell where ``text``
    is on the settled ``screen``."""
    rows = screen.split("\n")
    found = [(y, row.find(text)) for y, row in enumerate(rows) if text in row]
    assert found, f"{text!r} is not on screen:\n" + "\n".join(rows)
    y, x = found[-1] if last else found[0]
    box = page.locator("#terminal .xterm-screen").bounding_box()
    assert box is not None
    cols, lines = page.evaluate("[window.palmIslandTerminal.cols, window.palmIslandTerminal.rows]")
    width, height = box["width"] / cols, box["height"] / lines
    return box["x"] + (x + 0.5) * width, box["y"] + (y + 0.5) * height


def click_text(page: Page, screen: Settled, text: str, *, last: bool = False) -> None:
    """Clicks the middle of the first (or last) cell where ``text`` is on ``screen``."""
    page.mouse.click(*text_at(page, screen, text, last=last))


def tap_text(page: Page, screen: Settled, text: str, *, last: bool = False) -> None:
    """Taps (a touch screen's tap, no mouse) the first (or last) cell of ``text`` on
    ``screen``."""
    page.touchscreen.tap(*text_at(page, screen, text, last=last))
