"""Provides :class:`PeekScreen`: look at the other side of card 1 or 2 (R18).

Looking changes nothing: the screen only reads the card's view and closes.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import CardView
from ...i18n import N_, _
from ..fitted import Fitted
from ..glyphs import Glyphs
from ..render import peek_text
from ..widgets.footer import key_bars


class PeekScreen(Fitted, ModalScreen[None]):
    """Keys: ``escape``, ``p`` or ``enter`` put the card back as it was."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,p,enter", "close", N_("Put it back"), key_display="esc"),
    ]

    CSS_PATH = Path(__file__).with_name("peek.tcss")

    def __init__(self, view: CardView, glyphs: Glyphs) -> None:
        super().__init__()
        self.view = view
        self.glyphs = glyphs

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            # Translators: esc is a key: it stays as it is
            closes = _("Peek at card {card} {dash} esc closes")
            scroll.border_title = closes.format(card=self.view.position, dash=self.glyphs.dash)
            yield Static(peek_text(self.view, self.glyphs), id="peek-text")
        yield from key_bars()

    def on_click(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
