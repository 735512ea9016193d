"""Provides :func:`fitting`: the longest of a title's wordings that a border shows
whole.

A border title or subtitle that does not fit is cut with an ellipsis, and a
translation runs longer than the English a width was tuned for (Spanish 20–30 %,
short labels 2–3×). So a widget that titles its border gives its wordings, longest
first, and shows the first whose cell length fits: ``▶ Carta 1 (seleccionada)``,
else ``▶ Carta 1``. Measured in cells, never characters.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len

BORDER_FRAME = 6
"""The cells of a border a title cannot take: a corner, a line and a space each
side (``╭─ Carta 2 ─╮``)."""


def fitting(wordings: Sequence[str], outer_width: int) -> str:
    """The first of ``wordings`` (longest first) whole on a border ``outer_width``
    cells wide; the last (the shortest) when none is."""
    room = outer_width - BORDER_FRAME
    return next((text for text in wordings if cell_len(text) <= room), wordings[-1])
