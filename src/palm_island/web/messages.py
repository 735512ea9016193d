"""What a browser tab may say on its websocket, read by one pure function.

textual-serve's protocol: JSON text frames ``["stdin", text]``, ``["resize",
{"width": w, "height": h}]``, ``["ping", x]``, ``["focus"]``, ``["blur"]``.
:func:`decode` turns a frame into one of the typed messages below, or None for
anything else: malformed JSON, JSON nested too deep for the parser, an unknown or
unhashable kind, missing or mistyped data, text that is not valid Unicode (a lone
surrogate, which cannot be written to the game). It never raises, so a frame the
server does not understand is ignored and the tab plays on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TypeGuard

from .tab_game import clamp_size

MAX_PING_CHARS = 256
"""A ping's payload is echoed back; textual-serve's client sends a timestamp."""


@dataclass(frozen=True)
class Keys:
    """Typed or pasted text for the game (valid UTF-8)."""

    text: str


@dataclass(frozen=True)
class Resize:
    """The tab's terminal size in cells, clamped to what a game may have."""

    width: int
    height: int


@dataclass(frozen=True)
class Ping:
    """Asks the server for ``["pong", payload]``."""

    payload: str | int | float


@dataclass(frozen=True)
class Focus:
    """The tab gained (``True``) or lost the keyboard focus."""

    focused: bool


BrowserMessage = Keys | Resize | Ping | Focus


def decode(frame: str) -> BrowserMessage | None:
    """The message in one text frame, or None when the server does not understand it."""
    try:
        envelope = json.loads(frame)
    except (ValueError, RecursionError):  # RecursionError: JSON nested thousands deep
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin":
        return Keys(data) if isinstance(data, str) and encodable(data) and data else None
    if kind == "resize":
        if not isinstance(data, dict):
            return None
        return Resize(*clamp_size(number(data.get("width")), number(data.get("height"))))
    if kind == "ping":
        return Ping(data) if pingable(data) else None
    if kind in {"focus", "blur"}:
        return Focus(kind == "focus")
    return None


def number(value: object) -> int | str | None:
    """A size as sent (a number, or digits in a string); anything else (a list, a
    deeply nested object) is None, which :func:`clamp_size` makes the default."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return value if isinstance(value, str) and len(value) <= 10 else None


def encodable(text: str) -> bool:
    """Whether ``text`` is valid Unicode (JSON's ``\\ud800`` escapes decode to lone
    surrogates, which UTF-8 cannot encode)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def pingable(data: object) -> TypeGuard[str | int | float]:
    """A short string or a finite number: what can be echoed back as sent."""
    if isinstance(data, str):
        return len(data) <= MAX_PING_CHARS and encodable(data)
    if isinstance(data, bool) or not isinstance(data, int | float):
        return False
    return data == data and abs(data) != float("inf") and abs(data) < 2**53
