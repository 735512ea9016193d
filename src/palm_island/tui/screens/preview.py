"""Provides :class:`PreviewScreen`: the whole deck before the first turn (R6).

During play only the top three cards show; before the game the player may look
through the deck and note each card's place, so this screen lists all 17.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Button, Static

from ...engine import DeckCard, observe
from ...i18n import N_, _, card_spec_name, deck_colour_name
from ...session import GameSession
from ..attached import while_attached
from ..glyphs import Glyphs
from ..intents import BackToTitle, ControlledScreen, PreviewSeen, request
from ..render import face_actions, face_summary
from ..widgets.buttons import GameButton
from ..widgets.entries import Entries
from ..widgets.footer import KeyBar, key_bars

if TYPE_CHECKING:
    from ..intents import GameControl


class PreviewScreen(ControlledScreen[None]):
    """Keys: ``enter``/``s`` start playing, ``escape`` back to the title."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,s", "start", N_("Start playing"), key_display="enter"),
        Binding("escape", "back", N_("Back")),
    ]

    CSS_PATH = Path(__file__).with_name("preview.tcss")

    def __init__(self, controller: GameControl, session: GameSession) -> None:
        super().__init__(controller)
        self.session = session

    def compose(self) -> ComposeResult:
        g = self.controller.glyphs
        seed = self.session.seed
        colour = deck_colour_name(self.session.deck_colour)
        yield Static(
            _(
                "The deck, top first {dash} seed {seed}, {colour} deck. "
                "Look now: during play only the top three cards show."
            ).format(dash=g.dash, seed=seed, colour=colour),
            id="heading",
        )
        order = observe(self.session.state).full_order or ()
        with VerticalScroll(id="deck"):
            # a line too long for a phone continues under the card's code
            yield Entries(deck_listing(order, g), hang=3, id="listing")
        yield GameButton(_("Start playing (enter)"), id="start", variant="primary")
        yield from key_bars(KeyBar())

    @while_attached
    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    def action_start(self) -> None:
        request(self, PreviewSeen())

    def action_back(self) -> None:
        request(self, BackToTitle())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_start()


def deck_listing(order: tuple[DeckCard, ...], g: Glyphs) -> Text:
    """One line per card: place, code, name, stars, holds, printed actions. Every
    building starts face up, so the lines leave the side out (it would say the same
    17 times, and a longer language's lines would wrap at 80 columns). The names take
    a column as wide as the longest in the player's language."""
    text = Text(no_wrap=True, overflow="ellipsis")
    names = [card_spec_name(card.code, card.spec.name) for card in order]
    # the round tracker's line says what it is after its name: it sets no column
    buildings = [n for n, card in zip(names, order, strict=True) if not card.spec.is_round_tracker]
    name_cells = max([13, *map(cell_len, buildings)]) + 1
    for place, (card, name) in enumerate(zip(order, names, strict=True), start=1):
        if place > 1:
            text.append("\n")
        text.append(f"{place:>2} ", style="dim")
        text.append(f"{card.code:<4}", style="bold")
        text.append(name + " " * max(1, name_cells - cell_len(name)))
        if card.spec.is_round_tracker:
            text.append(
                _("round tracker, shows {rounds} (last card)").format(rounds=card.face.label)
            )
            continue
        text.append_text(face_summary(card.face, g))
        text.append("  ")
        text.append_text(face_actions(card.face, g))
    return text
