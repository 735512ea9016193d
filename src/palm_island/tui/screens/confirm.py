"""Provides :class:`ConfirmQuitScreen`: quit while a game is in progress?

A quick game would be lost; a campaign game is saved (Continue picks it up). The
question says which, so ``q`` asks the same way in both.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...i18n import N_, _
from ..attached import while_attached
from ..fitted import Fitted
from ..plain import plain_lines
from ..widgets.buttons import GameButton
from ..widgets.footer import key_bars


class ConfirmQuitScreen(Fitted, ModalScreen[bool]):
    """``y`` quits, ``n`` or ``escape`` goes back to the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("Quit")),
        Binding("n,escape", "answer(False)", N_("Keep playing")),
        Binding("ctrl+c,ctrl+q,q", "answer(True)", N_("Quit"), show=False, priority=True),
    ]

    CSS_PATH = Path(__file__).with_name("confirm.tcss")

    def __init__(self, *, saved: bool = False) -> None:
        super().__init__()
        self.saved = saved

    def compose(self) -> ComposeResult:
        note = (
            _("Your game is saved: Continue on the title picks it up.")
            if self.saved
            else _("The game in progress will be lost.")
        )
        question = _("Quit Palm Island?") + "\n" + note
        with Vertical():
            yield Static(plain_lines(question), id="question")
            with Horizontal():
                yield GameButton(_("Quit (y)"), id="yes", variant="error")
                yield GameButton(_("Keep playing (n)"), id="no", variant="primary")
        yield from key_bars()

    @while_attached
    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def action_answer(self, quit_: bool) -> None:
        self.dismiss(quit_)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")
