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
from ..border_words import BORDER_FRAME, fitting
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
        # As wide as the screen's CSS gives it where its words fit there: the table
        # drops the word marking the next card to return (the subtitle still says the
        # top row returns first) before the panel takes width from its neighbour, the
        # move log or the tutorial's lesson; and only then grows as wide as its
        # translated words need, never wider than the terminal.
        styles = self.styles
        room = styles.width.cells if styles.width is not None else None
        room = min(room or self.app.size.width, self.app.size.width)
        text = stored_text(state, self.glyphs, mark_next=True)
        marked = self._table_width(text) <= room
        if not marked:  # built only then: most moves' tables fit as they are
            text = stored_text(state, self.glyphs, mark_next=False)
        needed = self._table_width(text)
        if styles.border_top[0] not in ("", "none", "hidden"):
            needed = max(needed, cell_len(self.border_title) + BORDER_FRAME)
        needed = min(needed, self.app.size.width)
        if styles.min_width is None or styles.min_width.cells != needed:
            styles.min_width = needed
        self.border_subtitle = fitting(self._subtitles(marked), max(room, needed)) if places else ""
        self.update(text, layout=False)  # fixed height; a new width lays out itself

    def _table_width(self, text: Text) -> int:
        """The outer width the table's longest line needs (padding and border)."""
        return max((line.cell_len for line in text.split()), default=0) + self.styles.gutter.width

    @staticmethod
    def _subtitles(next_marked: bool) -> list[str]:
        """The subtitle's wordings, longest first: the key to the place column."""
        top = [_("deck place; next returns first")] if next_marked else []
        return [*top, _("deck place; top row returns first"), _("deck place")]


def stored_text(state: GameState, g: Glyphs, *, mark_next: bool = True) -> Text:
    """One line per stored card, top of the deck first, then the totals; the top
    row's place marked "next" in a word (``mark_next``) or in bold only."""
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
        line.append(f" {ordinal(place)}", style="bold" if number == 0 and not mark_next else "")
        if number == 0 and mark_next:
            line.append(" " + pgettext("returns", "next"), style="bold")
        lines.append(line)
    total = Text()
    total.append(_("Total") + " ", style="bold")
    stored_total = sum((card.face.yields for _place, card in places), Resources())
    for name, n in zip(RESOURCE_NAMES, stored_total, strict=True):
        total.append(f" {n}{g.resource(name)}", style=RESOURCE_STYLES[name] if n else "")
    lines.append(total)
    return Text("\n").join(lines)
