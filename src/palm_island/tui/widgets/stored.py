"""Provides :class:`StoredPanel`: the stored resource cards, where they lie, and totals.

Stored cards stick out of the deck, so the player sees all of them (R9, R19):
which cards, what each holds, where each lies in the deck (the one nearest the
top returns first, R21), the total of each resource and "n/4 stored".
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from ...engine import STORE_LIMIT, GameState, Resources
from ...i18n import _, card_spec_name, pgettext
from ..border_words import BORDER_FRAME
from ..glyphs import RESOURCE_NAMES, RESOURCE_STYLES, Glyphs
from ..render import ordinal, resources, stored_places

NAME_COLUMN = 12
"""The card name column's least width; as wide as the longest name shown."""
RESOURCE_COLUMN = 7
"""The resources' column (``1♣W 1≈F``), before the deck place."""


class StoredPanel(Static):
    """The stored cards in deck order, where each lies, what each holds, the totals."""

    def __init__(self, glyphs: Glyphs, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self._shown: object = None

    def show(self, state: GameState) -> None:
        places = stored_places(state)
        shown = (places, state.turn == 0)  # "nothing stored yet" only before turn 1
        if shown == self._shown:
            return  # nothing changed: no repaint
        self._shown = shown
        self.border_title = _("Stored {count}/{limit}").format(count=len(places), limit=STORE_LIMIT)
        self.border_subtitle = _("deck place; next returns first") if places else ""
        text = stored_text(state, self.glyphs)
        # As wide as its translated words need (a border title and subtitle take a
        # corner, a line and a space each side): the table's layout gives it its
        # English width where that is enough, the compact layout its whole width.
        styles = self.styles
        drawn = [
            cell_len(title or "")
            for title, edge in (
                (self.border_title, styles.border_top[0]),
                (self.border_subtitle, styles.border_bottom[0]),
            )
            if edge not in ("", "none", "hidden")  # the compact layout's: a top line only
        ]
        needed = max(
            max((line.cell_len for line in text.split()), default=0) + styles.gutter.width,
            max(drawn, default=0) + BORDER_FRAME,
        )
        needed = min(needed, self.app.size.width)  # never wider than the terminal
        if self.styles.min_width is None or self.styles.min_width.cells != needed:
            self.styles.min_width = needed
        self.update(text, layout=False)  # fixed height; a new width lays out itself


def stored_text(state: GameState, g: Glyphs) -> Text:
    """One line per stored card, top of the deck first, then the totals."""
    lines = []
    places = stored_places(state)
    if not places:
        nothing = _("nothing stored yet") if state.turn == 0 else _("nothing stored now")
        lines.append(Text(nothing, style="dim italic"))
    names = [card_spec_name(card.code, card.spec.name) for _place, card in places]
    name_width = max([NAME_COLUMN, *(cell_len(name) for name in names)])
    for number, ((place, card), name) in enumerate(zip(places, names, strict=True)):
        line = Text()
        line.append(f"{card.code:<4}", style="bold")
        line.append(f"{name}{' ' * (name_width - cell_len(name))} ")
        line.append_text(resources(card.face.yields, g))
        line.pad_right(max(0, 4 + name_width + 1 + RESOURCE_COLUMN - line.cell_len))
        line.append(f" {ordinal(place)}")
        if number == 0:
            line.append(" " + pgettext("returns", "next"), style="bold")
        lines.append(line)
    total = Text()
    total.append(_("Total") + " ", style="bold")
    stored_total = sum((card.face.yields for _place, card in places), Resources())
    for name, n in zip(RESOURCE_NAMES, stored_total, strict=True):
        total.append(f" {n}{g.resource(name)}", style=RESOURCE_STYLES[name] if n else "")
    lines.append(total)
    return Text("\n").join(lines)
