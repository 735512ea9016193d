"""Provides :class:`ChoiceBox`: pick among legal moves that differ in payment.

When one action can be paid with different stored cards, or storing at 4/4 needs
a card released first (R20), the engine lists one legal move per way. This box
lists exactly those and posts the chosen one; escape posts ``None`` and nothing
changes. It lies over the lower part of the game screen, under the cards, so the
table stays in view; each stored card it names says where it lies in the deck
(the first one comes back to the top first, R21).

A box inside the game screen rather than a modal screen: over a modal's
see-through background Textual draws the whole table again on opening and on
closing, which took 50-80 ms a key here; the box repaints only what it covers.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...engine import GameState, Move, Resources
from ...i18n import _, card_spec_name, pgettext
from ..glyphs import Glyphs
from ..options import in_deck_order
from ..render import action_name, ordinal, resources, stored_places
from ..styled import styled
from .footer import refresh_keys
from .tap_list import TapList

CANCEL = "choice-cancel"


class ChoiceBox(Vertical):
    """A click on an option chooses it; the keys (``1``-``9`` choose, ``↑``/``↓`` and
    ``enter``, ``escape`` cancels) are the game screen's bindings, which call
    :meth:`pick`, :meth:`move_highlight`, :meth:`choose_highlighted` and
    :meth:`close`. The box never takes the focus: Textual repaints the whole screen
    on every focus change, which made opening and closing a choice the slowest keys
    of the game. Hidden until :meth:`ask`."""

    class Chosen(Message):
        """The player chose ``move``, or cancelled (``None``)."""

        def __init__(self, move: Move | None) -> None:
            super().__init__()
            self.move = move

    def __init__(self, glyphs: Glyphs, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self.border_title = _("Choose")
        self.state: GameState | None = None
        self.moves: tuple[Move, ...] = ()
        self._places: dict[str, int] = {}
        self._first = 0

    def compose(self) -> ComposeResult:
        g = self.glyphs
        yield Static(id="question")
        options = TapList(id="choices")
        options.can_focus = False  # the screen has the keys (see the class docstring)
        yield options
        # Translators: 1-9, enter and esc are keys: they stay as they are
        keys = _(
            "({second}: its place in the deck) {sep} 1-9 or {up} {down} enter {sep} click "
            "{sep} esc cancels"
        )
        yield Static(keys.format(second=ordinal(2), sep=g.sep, up=g.up, down=g.down), id="hint")

    @property
    def is_open(self) -> bool:
        return bool(self.display)

    def ask(self, state: GameState, moves: tuple[Move, ...]) -> None:
        """Show the ways to play one action (in deck order; the focus stays with the screen)."""
        self.state, self.moves = state, in_deck_order(state, moves)
        self._places = {card.code: place for place, card in stored_places(state)}
        self._first = min(self._places.values(), default=0)
        self.query_one("#question", Static).update(self.question())
        options = self.query_one(TapList)
        listed: list[Option] = [
            Option(self.describe(i, m), id=f"choice-{i + 1}") for i, m in enumerate(self.moves)
        ]
        cancel = _("cancel (esc): change nothing")  # esc: a key, never translated
        listed.append(Option(Text("   " + cancel), id=CANCEL))
        options.show_options(listed)  # a rule between each two on a phone
        options.highlighted = 0
        self.display = True
        refresh_keys(self.screen)  # the footer shows the choice's keys

    def close(self, move: Move | None) -> None:
        self.display = False
        refresh_keys(self.screen)  # the table's keys again
        self.post_message(self.Chosen(move))

    def pick(self, index: int) -> None:
        """Choose option ``index`` (counted from 0), if there is one."""
        if index < len(self.moves):
            self.close(self.moves[index])

    def move_highlight(self, step: int) -> None:
        """Highlight the next (1) or previous (-1) option, cancel included."""
        options = self.query_one(OptionList)
        current = options.highlighted or 0
        options.highlighted = (current + step) % options.option_count

    def highlighted_index(self) -> int:
        """The option ``enter`` would choose (counted from 0; past the moves: cancel)."""
        return self.query_one(OptionList).highlighted or 0

    def choose_highlighted(self) -> None:
        """Choose the highlighted option (cancel closes and changes nothing)."""
        highlighted = self.query_one(OptionList).highlighted or 0
        self.close(self.moves[highlighted] if highlighted < len(self.moves) else None)

    def question(self) -> str:
        assert self.state is not None
        move = self.moves[0]
        card = self.state.card_at(move.card)
        name = card_spec_name(card.code, card.spec.name)
        # Translators: "Market MK2 (card 2)", after the action's name
        which = _("{name} {code} (card {card})").format(name=name, code=card.code, card=move.card)
        parts = {"action": action_name(move.kind), "card": which, "dash": self.glyphs.dash}
        pays = len({m.pay for m in self.moves}) > 1
        releases = len({m.release for m in self.moves}) > 1
        if pays and releases:  # R16, R20
            asked = _(
                "To {action} {card}: which stored cards pay, and which stored card is released?"
            )
        elif releases:  # R20
            asked = _(
                "To {action} {card}: 4 cards are stored {dash} which one do you release? "
                "Its resources are lost."
            )
        else:  # R16
            asked = _("To {action} {card}: which stored cards pay? Extra resources are lost.")
        return asked.format(**parts)

    def describe(self, index: int, move: Move) -> Text:
        text = Text(f"{index + 1}. " if index < 9 else "   ", style="bold")
        if move.pay:
            text.append_text(styled(_("pay with {cards}"), cards=self._cards(move.pay)))
        if move.release:
            if move.pay:
                text.append("; ")
            released = self._cards((move.release,))
            text.append_text(styled(_("release {card}"), card=released))
        if not move.pay and not move.release:
            text.append(pgettext("cost", "free"))
        return text

    def _cards(self, codes: tuple[str, ...]) -> Text:
        """Each card with what it holds and its place in the deck."""
        text = Text()
        holdings = {c.code: c.face.yields for c in self.state.stored} if self.state else {}
        in_deck = sorted(codes, key=lambda code: self._places.get(code, len(self._places) + 99))
        for i, code in enumerate(in_deck):
            if i:
                text.append(" + ")
            text.append(code, style="bold")
            text.append(" ")
            text.append_text(resources(holdings.get(code, Resources()), self.glyphs))
            place = self._places.get(code)
            if place is not None:
                first = place == self._first
                where = _("({place}, returns first)") if first else _("({place})")
                text.append(" " + where.format(place=ordinal(place)))
        return text

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == CANCEL:
            self.close(None)
        else:
            self.close(self.moves[event.option_index])
