"""Provides the terminal sizes the game's layouts need, in one place.

Two layouts: the table (the three cards side by side, from :data:`TABLE`) and the
compact one (the cards stacked, for narrow windows, tmux panes and phones, from
:data:`COMPACT`). Which one applies is chosen by Textual's breakpoints
(:data:`HORIZONTAL_BREAKPOINTS`, set on the app): each screen gets the class
``-narrow`` below the table's width, and the ``.tcss`` rules keyed on it draw the
compact layout. Below both minimums :func:`fits` is false and a notice covers the
layout (``screens/too_small.py``).
"""

from __future__ import annotations

from typing import NamedTuple

from textual.geometry import Size


class Layout(NamedTuple):
    """A layout's name as the notice says it, and the smallest terminal it fits."""

    name: str
    minimum: Size


TABLE = Layout("table", Size(80, 24))
"""The cards side by side: 80 columns for three cards' action lines, 24 rows."""
COMPACT = Layout("compact", Size(44, 40))
"""The cards stacked: a status line of two rows, cards of 11, 11 and 9 rows (a
title rule and at most ten, ten and eight lines), the stored cards (6) and the
key bar (1) are 40 rows; 44 columns hold the longest action line with its cost
and the key bar's six keys. A 390 px phone at 12-13 CSS px shows about 50 x 45."""
ROOMY_WIDTH = 90
"""From this width the cards get a left padding (below it they give it to the text)."""

HORIZONTAL_BREAKPOINTS = [
    (0, "-narrow"),  # the compact layout
    (TABLE.minimum.width, "-snug"),  # the table, cards without padding
    (ROOMY_WIDTH, "-wide"),
]
"""Textual's breakpoints: each screen has exactly one of these classes by width."""


LOG_ROWS = 3
"""The compact layout shows the move log from this many rows spare (its rule, two lines)."""
VERTICAL_BREAKPOINTS = [(0, "-short"), (COMPACT.minimum.height + LOG_ROWS, "-tall")]
"""``-tall``: rows to spare for the move log in the compact layout."""


def fits(size: Size) -> bool:
    """Whether one of the layouts fits a terminal of ``size``."""
    return any(
        size.width >= layout.minimum.width and size.height >= layout.minimum.height
        for layout in (TABLE, COMPACT)
    )


def breakpoint_classes(size: Size) -> dict[str, bool]:
    """The breakpoint classes a screen of ``size`` has: for each of the two lists,
    the class of the largest threshold within the size, as Textual's screens choose
    them on a resize (every other class of the lists False)."""
    classes: dict[str, bool] = {}
    for breakpoints, extent in (
        (HORIZONTAL_BREAKPOINTS, size.width),
        (VERTICAL_BREAKPOINTS, size.height),
    ):
        within = [(threshold, name) for threshold, name in breakpoints if extent >= threshold]
        chosen = max(within)[1] if within else None
        classes.update({name: name == chosen for _, name in breakpoints})
    return classes
