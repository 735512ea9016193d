"""What the browser tests of the served page share: the phone they hold, a tab
that collects every error it meets, and Chromium for a module (``chromium``)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .served import Served, need_browser

if TYPE_CHECKING:
    from playwright.sync_api import (
        Browser,
        ConsoleMessage,
        Error,
        Page,
        Request,
        Response,
        ViewportSize,
    )

TITLE = "P A L M   I S L A N D"
LAPTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
ON_A_PHONE: dict[str, Any] = {
    "viewport": PHONE,
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
"""A phone held upright: 390×844 CSS px at pixel ratio 3, touch, a mobile layout."""
SIDEWAYS: dict[str, Any] = {**ON_A_PHONE, "viewport": {"width": 844, "height": 390}}
"""The same phone turned sideways: 844×390."""


@contextlib.contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's headless Chromium (the test skips without it, fails in CI)."""
    path = need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path)
        yield launched
        launched.close()


def open_page(
    browser: Browser, served: Served, query: str = "expose-terminal", **context: Any
) -> tuple[Page, list[str]]:
    """A new tab in a context of its own (size, pixel ratio, touch) on the game,
    with every error the page meets collected: console errors, uncaught
    exceptions, failed requests and error responses."""
    page = browser.new_context(**context).new_page()
    errors: list[str] = []

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    def uncaught(error: Error) -> None:
        errors.append(f"uncaught: {error}")

    def failed(request: Request) -> None:
        errors.append(f"failed: {request.url}")

    def answered(response: Response) -> None:
        if response.status >= 400:
            errors.append(f"{response.status}: {response.url}")

    page.on("console", console)
    page.on("pageerror", uncaught)
    page.on("requestfailed", failed)
    page.on("response", answered)
    page.goto(served.page(query))
    return page, errors
