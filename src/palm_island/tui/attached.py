"""Provides :func:`while_attached`: mount and refresh handlers that do nothing once
their node has left the DOM.

An app can close while a screen is still mounting (a browser tab closed, a terminal
hung up, ``q`` pressed as a screen opens): Textual then removes the screen's widgets
and still delivers its ``Mount``, so a handler that looks up its own widgets found
none and printed a ``NoMatches`` traceback on the way out. A node that is no longer
attached has nothing to show, so such a handler has nothing to do. Handlers run to
the end once started (they are synchronous), so checking on entry is enough.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Concatenate, Final, ParamSpec, TypeVar

from textual.dom import DOMNode

P = ParamSpec("P")
N = TypeVar("N", bound=DOMNode)

MARK: Final = "while_attached"
"""The attribute a wrapped handler carries (tests/tui/test_attached.py reads it)."""


def while_attached(
    handler: Callable[Concatenate[N, P], None],
) -> Callable[Concatenate[N, P], None]:
    """Run ``handler`` only while its node is attached to the app's DOM."""

    def run(node: N, /, *args: P.args, **kwargs: P.kwargs) -> None:
        if node.is_attached:
            handler(node, *args, **kwargs)

    functools.update_wrapper(run, handler)  # its signature too: Textual counts its parameters
    setattr(run, MARK, True)
    return run
