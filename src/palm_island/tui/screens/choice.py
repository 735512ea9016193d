"""Provides :class:`ChoiceScreen`: pick among legal moves that differ in payment.

When one action can be paid with different stored cards, or storing at 4/4 needs
a card released first (R20), the engine lists one legal move per way. This modal
lists exactly those and returns the chosen one; escape returns ``None`` and
nothing changes. It is a compact box at the bottom of the screen, so the cards
stay in view behind it; each stored card it names says where it lies in the
deck (the first one comes back to the top first, R21).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...engine import GameState, Move, Resources
from ..glyphs import Glyphs
from ..render import ordinal, resources, stored_places

CANCEL = "choice-cancel"


class ChoiceScreen(ModalScreen[Move | None]):
    """Keys: ``1``-``9`` choose, ``↑``/``↓`` and ``enter``, ``escape`` cancels; a
    click on an option chooses it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        *(Binding(str(n), f"pick({n - 1})", f"Option {n}", show=False) for n in range(1, 10)),
    ]

    DEFAULT_CSS = """
    ChoiceScreen { align: center bottom; background: $background 30%; }
    ChoiceScreen > Vertical { width: 80; max-width: 100%; height: auto; max-height: 50%;
        border: round $accent; background: $surface; padding: 0 1; }
    ChoiceScreen OptionList, ChoiceScreen OptionList:focus { height: auto; max-height: 10;
        border: none; padding: 0; }
    ChoiceScreen OptionList > .option-list--option-highlighted { text-style: bold reverse; }
    ChoiceScreen #hint { color: $text-muted; }
    """

    def __init__(self, state: GameState, moves: tuple[Move, ...], glyphs: Glyphs) -> None:
        super().__init__()
        self.state = state
        self.moves = moves
        self.glyphs = glyphs
        self._places = {card.code: place for place, card in stored_places(state)}
        self._first = min(self._places.values(), default=0)

    def compose(self) -> ComposeResult:
        g = self.glyphs
        with Vertical() as box:
            box.border_title = "Choose"
            yield Static(self.question(), id="question")
            options = [
                Option(self.describe(i, m), id=f"choice-{i + 1}") for i, m in enumerate(self.moves)
            ]
            options.append(Option(Text("   cancel (esc): change nothing"), id=CANCEL))
            yield OptionList(*options, id="choices")
            yield Static(
                f"(2nd: its place in the deck) {g.sep} 1-9 or {g.up} {g.down} enter "
                f"{g.sep} click {g.sep} esc cancels",
                id="hint",
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def question(self) -> str:
        move = self.moves[0]
        card = self.state.card_at(move.card)
        what = f"{move.kind} {card.spec.name} {card.code} (card {move.card})"
        pays = len({m.pay for m in self.moves}) > 1
        releases = len({m.release for m in self.moves}) > 1
        if pays and releases:  # R16, R20
            return f"To {what}: which stored cards pay, and which stored card is released?"
        if releases:  # R20
            return (
                f"To {what}: 4 cards are stored {self.glyphs.dash} which one do you release? "
                "Its resources are lost."
            )
        return f"To {what}: which stored cards pay? Extra resources are lost."  # R16

    def describe(self, index: int, move: Move) -> Text:
        text = Text(f"{index + 1}. " if index < 9 else "   ", style="bold")
        if move.pay:
            text.append("pay with ")
            self._cards(text, move.pay)
        if move.release:
            if move.pay:
                text.append("; ")
            text.append("release ")
            self._cards(text, (move.release,))
        if not move.pay and not move.release:
            text.append("free")
        return text

    def _cards(self, text: Text, codes: tuple[str, ...]) -> None:
        """Each card with what it holds and its place in the deck."""
        holdings = {c.code: c.face.yields for c in self.state.stored}
        for i, code in enumerate(codes):
            if i:
                text.append(" + ")
            text.append(code, style="bold")
            text.append(" ")
            text.append_text(resources(holdings.get(code, Resources()), self.glyphs))
            place = self._places.get(code)
            if place is not None:
                first = ", returns first" if place == self._first else ""
                text.append(f" ({ordinal(place)}{first})")

    def action_pick(self, index: int) -> None:
        if index < len(self.moves):
            self.dismiss(self.moves[index])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == CANCEL:
            self.dismiss(None)
        else:
            self.dismiss(self.moves[event.option_index])

    def action_cancel(self) -> None:
        self.dismiss(None)
