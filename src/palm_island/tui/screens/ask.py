"""Provides :class:`AskScreen` (yes/no) and :class:`InputScreen` (one line of text).

Small modals the campaign, history and replay screens share: deleting a campaign
asks first, and an import asks for a path.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from ...i18n import N_, _
from ..attached import while_attached
from ..fitted import Fitted
from ..plain import plain_lines
from ..widgets.buttons import GameButton
from ..widgets.footer import key_bars


class AskScreen(Fitted, ModalScreen[bool]):
    """``y`` yes, ``n``/``escape`` no (the safe answer is focused)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n,escape", "answer(False)", N_("No")),
    ]

    CSS_PATH = Path(__file__).with_name("ask.tcss")

    def __init__(self, question: str, yes: str = "Yes") -> None:
        super().__init__()
        self.question = question
        self.yes = yes

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(plain_lines(self.question), id="question")
            with Horizontal():
                # Translators: {answer} is the yes answer (Delete); y is its key
                yes = _("{answer} (y)").format(answer=self.yes)
                yield GameButton(yes, id="yes", variant="error")
                yield GameButton(_("No (n)"), id="no", variant="primary")
        yield from key_bars()

    @while_attached
    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")


class InputScreen(Fitted, ModalScreen[str | None]):
    """``enter`` or OK submits the text, ``escape`` or Cancel cancels (``None``).

    With ``submit``, ``enter`` runs it on the text: a message back keeps the dialog
    open and shows it (an empty or taken name), so nothing typed is lost and no key
    meant for the dialog reaches the screen behind it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]
    CSS_PATH = Path(__file__).with_name("ask.tcss")

    def __init__(
        self, prompt: str, value: str = "", submit: Callable[[str], str | None] | None = None
    ) -> None:
        super().__init__()
        self.prompt = prompt
        self.value = value
        self.submit = submit
        """Runs on ``enter`` with the text stripped; returns why it was refused, or None."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(plain_lines(self.prompt), id="prompt")
            yield Input(self.value, id="answer")
            yield Static(id="refused", classes="refused")
            with Horizontal():  # a phone has no enter or escape to press
                yield GameButton(_("OK"), id="ok", variant="primary")
                yield GameButton(_("Cancel (esc)"), id="cancel")
        yield from key_bars()

    @while_attached
    def on_mount(self) -> None:
        self.query_one("#refused", Static).display = False

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.answer(event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "ok":
            self.answer(self.query_one("#answer", Input).value)
        else:
            self.dismiss(None)

    def answer(self, value: str) -> None:
        """The text typed, given (``enter`` or OK): refused with the reason shown, or
        the dialog closes with it."""
        text = value.strip()
        if self.submit is not None:
            refused = self.submit(text)
            if refused is not None:
                shown = self.query_one("#refused", Static)
                shown.update(plain_lines(refused))
                shown.display = True
                return
        self.dismiss(text or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
