"""Provides :class:`SetupScreen`: a new campaign game's difficulty and feats (R31).

Only feats the campaign has unlocked are offered; the difficulty limits how many
may be used (easy: any, medium: one, hard: none). The store checks the rule
again, so the screen only has to explain it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, RadioButton, RadioSet, SelectionList, Static

from ...records import FEAT_LIMITS, Difficulty
from ..plain import notify_plain, plain

if TYPE_CHECKING:
    from ..app import PalmIslandApp

DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Setup:
    """What the player chose for the next game."""

    difficulty: Difficulty
    feats: tuple[str, ...]


def limit_text(difficulty: Difficulty) -> str:
    limit = FEAT_LIMITS[difficulty]
    if limit is None:
        return "any number of feats"
    return "no feats" if limit == 0 else f"at most {limit} feat"


class SetupScreen(ModalScreen[Setup | None]):
    """``e``/``m``/``h`` difficulty, ``enter`` starts, ``escape`` goes back;
    ``space`` ticks the highlighted feat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("e", "difficulty('easy')", "Easy"),
        Binding("m", "difficulty('medium')", "Medium"),
        Binding("h", "difficulty('hard')", "Hard"),
        Binding("escape", "cancel", "Back"),
    ]

    DEFAULT_CSS = """
    SetupScreen { align: center middle; }
    SetupScreen > Vertical { width: 64; height: auto; max-height: 100%; border: thick $accent;
        background: $surface; padding: 0 1; }
    SetupScreen RadioSet { width: 100%; layout: horizontal; height: auto; }
    SetupScreen SelectionList { height: auto; max-height: 8; }
    SetupScreen #setup-note { color: $text-muted; }
    SetupScreen Horizontal { height: auto; align: center top; }
    SetupScreen Button { margin: 0 1; }
    """

    def compose(self) -> ComposeResult:
        app = cast("PalmIslandApp", self.app)
        assert app.store is not None and app.campaign_name is not None
        unlocked = set(app.store.campaign(app.campaign_name).unlocked)
        feats = [f for f in app.store.feats.feats if f.code in unlocked]
        with Vertical():
            yield Static(plain(f"New game in {app.campaign_name}"), classes="heading")
            with RadioSet(id="difficulty"):
                for name in DIFFICULTIES:
                    label = f"{name} ({name[0]})"
                    yield RadioButton(label, value=name == app.difficulty, id=f"d-{name}")
            if feats:
                yield Static("Feats to play with (space ticks):")
                yield SelectionList[str](
                    *((f"{f.code} {f.name}", f.code, f.code in app.feat_choice) for f in feats),
                    id="feats",
                )
            else:
                yield Static("No feats unlocked yet: finish games to earn them (R29).")
            yield Static(self._note(app.difficulty), id="setup-note")
            with Horizontal():
                yield Button("Start", id="start", variant="primary")
                yield Button("Back", id="back")

    def _note(self, difficulty: Difficulty) -> str:
        app = cast("PalmIslandApp", self.app)
        note = f"{difficulty}: {limit_text(difficulty)} (R31)."
        store, name = app.store, app.campaign_name
        if store is not None and name is not None and store.unfinished_game(name) is not None:
            note += "\nYour unfinished game is kept: find it under Saved games."
        return note

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    @property
    def difficulty(self) -> Difficulty:
        pressed = self.query_one("#difficulty", RadioSet).pressed_button
        label = str(pressed.id or "d-easy")[2:] if pressed is not None else "easy"
        return cast("Difficulty", label)

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        self.query_one("#setup-note", Static).update(self._note(self.difficulty))

    def action_difficulty(self, name: str) -> None:
        self.query_one(f"#d-{name}", RadioButton).value = True

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id != "start":
            self.dismiss(None)
            return
        chosen: tuple[str, ...] = ()
        for selection in self.query("#feats").results(SelectionList):
            chosen = tuple(str(code) for code in selection.selected)
        limit = FEAT_LIMITS[self.difficulty]
        if limit is not None and len(chosen) > limit:
            notify_plain(self, f"{self.difficulty} allows {limit_text(self.difficulty)} (R31).")
            return
        self.dismiss(Setup(self.difficulty, chosen))
