"""Provides :class:`ChoiceScreen`: pick among legal moves that differ in payment.

When one action can be paid with different stored cards, or storing at 4/4 needs
a card released first (R20), the engine lists one legal move per way. This modal
lists exactly those and returns the chosen one; escape returns ``None`` and
nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.events import Click
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import GameState, Move, Resources
from ..glyphs import Glyphs
from ..render import resources


class ChoiceLine(Static, can_focus=True):
    """One option; focus it and press enter, or click it."""

    DEFAULT_CSS = """
    ChoiceLine { height: auto; padding: 0 1; }
    ChoiceLine:focus { background: $accent 30%; text-style: bold; }
    ChoiceLine:hover { background: $accent 15%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "choose", "Choose", show=False)]

    @dataclass
    class Chosen(Message):
        index: int

    def __init__(self, index: int, text: Text, *, id: str | None = None) -> None:
        super().__init__(text, id=id or f"choice-{index + 1}")
        self.index = index
        """The move's place in the list; -1 cancels."""

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.index))

    def on_click(self, event: Click) -> None:
        event.stop()
        self.action_choose()


LINES = 16
"""Option lines built once; 400 random games never needed more than 7."""


class ChoiceScreen(ModalScreen[Move | None]):
    """Keys: ``1``-``9`` choose, ``↑``/``↓`` and ``enter``, ``escape`` cancels.

    One instance is installed on the app and reused (:meth:`ask` sets the question
    before each push): building a fresh modal cost more than the move itself.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("up,k", "focus_previous", "Previous", show=False),
        Binding("down,j", "focus_next", "Next", show=False),
        *(Binding(str(n), f"pick({n - 1})", f"Option {n}", show=False) for n in range(1, 10)),
    ]

    DEFAULT_CSS = """
    /* Opaque: behind a translucent modal Textual draws the whole game again
       through Rich segments, 10-70 ms; the question and options say all the
       choice needs (the card, the action, what each stored card pays). */
    ChoiceScreen { align: center middle; background: $background; }
    ChoiceScreen > Vertical { width: 70; max-width: 100%; height: auto; max-height: 90%;
        overflow-y: auto;
        border: thick $accent; background: $surface; padding: 0 1; }
    ChoiceScreen #question { padding-bottom: 1; }
    ChoiceScreen #hint { color: $text-muted; padding-top: 1; }
    """

    def __init__(self, state: GameState, moves: tuple[Move, ...], glyphs: Glyphs) -> None:
        super().__init__()
        self.glyphs = glyphs
        self.ask(state, moves)

    def ask(self, state: GameState, moves: tuple[Move, ...]) -> None:
        """Set the choice to offer next time the screen is shown."""
        if len(moves) > LINES:
            raise ValueError(f"{len(moves)} ways to play one action; at most {LINES} fit")
        self.state = state
        self.moves = moves

    def compose(self) -> ComposeResult:
        with Vertical() as scroll:
            scroll.border_title = "Choose"
            yield Static(id="question")
            for i in range(LINES):
                yield ChoiceLine(i, Text())
            yield ChoiceLine(-1, Text("   cancel (esc): change nothing"), id="choice-cancel")
            g = self.glyphs
            yield Static(
                f"1-9 or {g.up} {g.down} enter to choose {g.sep} click {g.sep} esc cancels",
                id="hint",
            )

    def on_screen_resume(self) -> None:
        """Show the current question each time the screen comes up."""
        self.query_one("#question", Static).update(self.question())
        for line in self.query(ChoiceLine):
            if line.index >= 0:
                shown = line.index < len(self.moves)
                line.display = shown
                if shown:
                    line.update(self.describe(line.index, self.moves[line.index]))
        self.query_one("#choice-1", ChoiceLine).focus()

    def question(self) -> str:
        move = self.moves[0]
        card = self.state.card_at(move.card)
        what = f"{move.kind} {card.spec.name} {card.code} (card {move.card})"
        pays = len({m.pay for m in self.moves}) > 1
        releases = len({m.release for m in self.moves}) > 1
        if pays and releases:
            return f"To {what}: which stored cards pay, and which stored card is released (R20)?"
        if releases:
            return (
                f"To {what}: 4 cards are stored {self.glyphs.dash} which one do you release (R20)? "
                "Its resources are lost."
            )
        return f"To {what}: which stored cards pay? Extra resources are lost (R16)."

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
        holdings = {c.code: c.face.yields for c in self.state.stored}
        for i, code in enumerate(codes):
            if i:
                text.append(" + ")
            text.append(code, style="bold")
            text.append(" (")
            text.append_text(resources(holdings.get(code, Resources()), self.glyphs))
            text.append(")")

    def action_pick(self, index: int) -> None:
        if index < len(self.moves):
            self.dismiss(self.moves[index])

    def on_choice_line_chosen(self, message: ChoiceLine.Chosen) -> None:
        self.dismiss(self.moves[message.index] if message.index >= 0 else None)

    def action_cancel(self) -> None:
        self.dismiss(None)
