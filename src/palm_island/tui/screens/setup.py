"""Provides :class:`SetupScreen`: a new campaign game's difficulty and feats (R31).

Only feats the campaign has unlocked are offered; the difficulty limits how many may
be used (easy: any, medium: one, hard: none), and the screen says so for all three
at once: that is all a difficulty changes. The store checks the rule again. Focus
starts on the difficulty (left/right choose); ``tab`` or down reaches the feats, as
their heading says, and up from the first feat goes back. The feats are unlocked
already, so each shows what its card does in this game, not the goal that earned it.
What is chosen shows in text, ``(•)``/``( )`` and ``[x]``/``[ ]``, never by colour
alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, OptionList, RadioButton, RadioSet, Static
from textual.widgets.option_list import Option

from ...i18n import N_, _, difficulty_name, feat_name
from ...records import FEAT_LIMITS, Difficulty
from ..attached import while_attached
from ..feat_words import DIFFICULTIES_ALLOW, TOO_MANY_FEATS
from ..glyphs import Glyphs
from ..intents import ControlledModal
from ..plain import fit, notify_plain, plain
from ..render import card_faces
from ..widgets.buttons import GameButton
from ..widgets.footer import key_bars
from ..widgets.tap_list import TapList

if TYPE_CHECKING:
    from ...engine import CardSpec, FeatSpec

DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Setup:
    """What the player chose for the next game."""

    difficulty: Difficulty
    feats: tuple[str, ...]


class MarkedRadioButton(RadioButton):
    """A radio button whose mark is text: ``(•)`` chosen, ``( )`` not (``(*)`` in ASCII).

    The stock button draws the same ``▐●▌`` either way and tells them apart by
    colour only, which NO_COLOR terminals and --ascii cannot show.
    """

    BUTTON_LEFT = "("
    BUTTON_RIGHT = ")"

    def __init__(self, label: str, *, value: bool, id: str, ascii_only: bool) -> None:
        super().__init__(label, value=value, id=id)
        self.chosen_mark = "*" if ascii_only else "•"

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # the name ToggleButton draws the mark with
        return self.chosen_mark if self.value else " "


FEATS_HEADING = N_("Feats to play with (tab or down moves here, space ticks):")
"""Says how to reach the list: focus starts on the difficulty, where space chooses."""


def feat_prompt(feat: FeatSpec, card: CardSpec, ticked: bool, g: Glyphs) -> Text:
    """The feat's line, as text (a ``str`` prompt is read as markup, and ``[x]``
    vanishes): its name and its card's range of stars, lowest to highest face."""
    stars = sorted(face.stars for face in card.faces)
    card_range = _("a card of {lowest} to {highest}").format(
        lowest=f"{g.star}{stars[0]}", highest=f"{g.star}{stars[-1]}"
    )
    name = feat_name(feat.code, feat.name)
    return plain(f"[{'x' if ticked else ' '}] {feat.code} {name} {g.dash} {card_range}")


def feat_card_text(feat: FeatSpec, card: CardSpec, g: Glyphs) -> Text:
    """What the highlighted feat's card does, face by face (as on the Feats screen)."""
    name = feat_name(feat.code, feat.name)
    text = plain(_("The {feat} card, face by face:").format(feat=name))
    text.append("\n")
    text.append_text(card_faces(card, g, indent="  "))
    return text


class DifficultySet(RadioSet):
    """The difficulties in a row: left/right (or up) move between them, space or a
    click chooses; down leaves for the next part (the feats), as their heading says."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "next_button", N_("Next option"), show=False),
        Binding("left", "previous_button", N_("Previous option"), show=False),
        Binding("down", "leave", N_("Next part"), show=False),
    ]

    def action_leave(self) -> None:
        self.screen.focus_next()


class FeatList(TapList):
    """The unlocked feats with ``[x]``/``[ ]`` in their text; ``space``, ``enter`` or a
    click ticks the highlighted one.

    Not a ``SelectionList``: it draws its check boxes with ``▐X▌`` for every
    option and shows which are ticked by colour alone.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("space", "tick", N_("Tick"), show=False)]

    def __init__(
        self,
        feats: list[FeatSpec],
        cards: dict[str, CardSpec],
        chosen: tuple[str, ...],
        glyphs: Glyphs,
        *,
        id: str,
    ) -> None:
        self.feats = {feat.code: feat for feat in feats}
        self.cards = cards
        self.glyphs = glyphs
        self.ticked = {feat.code for feat in feats if feat.code in chosen}
        options = [Option(self._prompt(f.code), id=f.code) for f in feats]
        super().__init__(*options, id=id)

    def _prompt(self, code: str) -> Text:
        return feat_prompt(self.feats[code], self.cards[code], code in self.ticked, self.glyphs)

    @property
    def highlighted_code(self) -> str | None:
        if self.highlighted is None:
            return None
        return self.get_option_at_index(self.highlighted).id

    def action_cursor_up(self) -> None:
        """Up from the first feat goes back to the difficulty (down came here)."""
        if not self.highlighted:
            self.screen.focus_previous()
            return
        super().action_cursor_up()

    @property
    def selected(self) -> tuple[str, ...]:
        """The ticked feats, in list order."""
        return tuple(code for code in self.feats if code in self.ticked)

    def toggle(self, code: str) -> None:
        self.ticked ^= {code}
        self.replace_option_prompt(code, self._prompt(code))

    def action_tick(self) -> None:
        if self.highlighted is not None:
            option = self.get_option_at_index(self.highlighted)
            if option.id is not None:
                self.toggle(option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.toggle(event.option.id)


class SetupScreen(ControlledModal[Setup | None]):
    """``e``/``m``/``h`` difficulty, ``enter`` starts, ``escape`` goes back;
    ``space`` ticks the highlighted feat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("e", "difficulty('easy')", N_("Easy")),
        Binding("m", "difficulty('medium')", N_("Medium")),
        Binding("h", "difficulty('hard')", N_("Hard")),
        Binding("enter", "start", N_("Start"), priority=True, key_display="enter"),
        Binding("escape", "cancel", N_("Back")),
    ]

    CSS_PATH = Path(__file__).with_name("setup.tcss")

    def compose(self) -> ComposeResult:
        control = self.controller
        assert control.store is not None and control.campaign_name is not None
        unlocked = set(control.store.campaign(control.campaign_name).unlocked)
        feats = [f for f in control.store.feats.feats if f.code in unlocked]
        catalog = control.store.feats.catalog.cards
        cards = {f.code: catalog[f.card_id] for f in feats}
        with Vertical():
            name = fit(control.campaign_name, 50, control.glyphs.ellipsis, pad=False)
            yield Static(
                plain(_("New game in {campaign}").format(campaign=name)), classes="heading"
            )
            with DifficultySet(id="difficulty", classes="tap-column"):
                for name in DIFFICULTIES:
                    yield MarkedRadioButton(
                        f"{difficulty_name(name)} ({name[0]})",
                        value=name == control.difficulty,
                        id=f"d-{name}",
                        ascii_only=control.config.ascii_only,
                    )
            if feats:
                yield Static(_(FEATS_HEADING))
                yield FeatList(feats, cards, control.feat_choice, control.glyphs, id="feats")
                yield Static(id="feat-card")
            else:
                yield Static(_("No feats unlocked yet: finish games to earn them (see Feats)."))
            yield Static(self._note(), id="setup-note")
            with Horizontal():
                yield GameButton(_("Start (enter)"), id="start", variant="primary", compact=True)
                yield GameButton(_("Back (esc)"), id="back", compact=True)
        yield from key_bars()

    def _note(self) -> str:
        """What each difficulty allows (R31), and that an unfinished game is kept."""
        control = self.controller
        note = _(DIFFICULTIES_ALLOW)
        store, name = control.store, control.campaign_name
        if store is not None and name is not None and store.unfinished_game(name) is not None:
            note += "\n" + _("Your unfinished game is kept: find it under Saved games.")
        return note

    @while_attached
    def on_mount(self) -> None:
        self.query_one("#difficulty", RadioSet).focus()
        for feats in self.query("#feats").results(FeatList):
            if feats.highlighted is None:
                feats.highlighted = 0  # the first feat's card shows before the list is reached
            self._show_card(feats)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if isinstance(event.option_list, FeatList):
            self._show_card(event.option_list)

    def _show_card(self, feats: FeatList) -> None:
        code = feats.highlighted_code
        if code is None:
            return
        control = self.controller
        card = feat_card_text(feats.feats[code], feats.cards[code], control.glyphs)
        self.query_one("#feat-card", Static).update(card)

    @property
    def difficulty(self) -> Difficulty:
        pressed = self.query_one("#difficulty", RadioSet).pressed_button
        label = str(pressed.id or "d-easy")[2:] if pressed is not None else "easy"
        return cast("Difficulty", label)

    def action_difficulty(self, name: str) -> None:
        self.query_one(f"#d-{name}", RadioButton).value = True

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        else:
            self.dismiss(None)

    def action_start(self) -> None:
        """Start the game (``enter`` anywhere but on Back, which goes back)."""
        if self.app.focused is not None and self.app.focused.id == "back":
            self.dismiss(None)
            return
        chosen: tuple[str, ...] = ()
        for selection in self.query("#feats").results(FeatList):
            chosen = selection.selected
        limit = FEAT_LIMITS[self.difficulty]
        if limit is not None and len(chosen) > limit:
            notify_plain(self, _(TOO_MANY_FEATS[self.difficulty]))
            return
        self.dismiss(Setup(self.difficulty, chosen))
