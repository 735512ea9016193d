"""Provides :class:`CardWidget`: one of the top three cards, drawn as a card.

The game screen pushes a :class:`CardView` and the card's options down; the
widget posts :class:`CardWidget.Clicked` up (which card, and which action line if
an action was clicked), so a click does what the keys do. The widget is one
widget with a line → action map rather than a widget per action, and a change
repaints only the lines it touches, which keeps key-to-frame time low.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.events import Click
from textual.geometry import Offset
from textual.message import Message

from ...engine import Action, CardView
from ..glyphs import Glyphs
from ..options import ActionOption
from ..render import (
    KIND_KEYS,
    card_title,
    cost,
    face_summary,
    orientation_name,
    resources,
    tracker_rounds,
)
from .lines import LinesWidget

DISCARD = "discard"
CardKey = tuple[CardView | None, tuple[ActionOption, ...], str | None, bool, str | None]
"""What a card shows: its view, options, note, whether selected, the hinted action."""
REASON_WIDTH = 21
"""The longest reason in words that fits a card at 80 columns (after its indent)."""


class CardWidget(LinesWidget):
    """Card 1, 2 or 3 of the deck; card 3 is look-only (R6).

    The selected card's border comes from the ``card--selected`` component class
    and is set as an inline style: switching a CSS class would match the whole
    stylesheet against the card again, which costs more than the rest of a key.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"card--selected"}

    DEFAULT_CSS = """
    CardWidget {
        width: 1fr;
        height: 12;  /* ten lines at most: 3 actions with reasons, discard */
        border: round $foreground 40%;
        padding: 0 0 0 1;
    }
    CardWidget > .card--selected {
        border: double $accent;
    }
    CardWidget.-look-only {
        border: dashed $foreground 30%;
        color: $text-muted;
    }
    """

    class Clicked(Message):
        """The player clicked card ``position``, on action ``kind`` if not ``None``."""

        def __init__(self, position: int, kind: str | None) -> None:
            super().__init__()
            self.position = position
            self.kind = kind

    def __init__(
        self, position: int, glyphs: Glyphs, *, id: str | None = None, playable: bool = True
    ) -> None:
        super().__init__(id=id)
        self.position = position
        self.glyphs = glyphs
        self.playable = playable
        """False where no move can be made (the replay viewer): no discard line."""
        self._lines: dict[int, str] = {}
        self._shown: object = None
        self._prepared: dict[CardKey, tuple[list[Text], dict[int, str]]] = {}
        """Lines built ahead by :meth:`prepare`; never changed once built."""
        self.selected = False
        if position == 3:
            self.add_class("-look-only")

    def show(
        self,
        view: CardView | None,
        options: tuple[ActionOption, ...],
        note: str | None,
        *,
        selected: bool,
        hinted: str | None = None,
    ) -> None:
        """Draw ``view`` with its options; ``selected`` marks the card the keys act on.

        ``hinted`` is the action (kind) the solver's hint suggests on this card.
        """
        key: CardKey = (view, options, note, selected, hinted)
        if key == self._shown:
            return  # nothing changed: no repaint
        self._shown = key
        repaint_all = False  # a border change repaints the whole card
        if self.selected != selected:
            self.selected = selected
            self._show_selection()
            repaint_all = True
        g = self.glyphs
        marker = f"{g.selected} " if selected else ""
        label = {1: "Card 1", 2: "Card 2", 3: f"Card 3 {g.sep} look only"}[self.position]
        title = f"{marker}{label}{' (selected)' if selected else ''}"
        if self.border_title != title:
            self.border_title = title
            repaint_all = True
        lines, self._lines = self._content(key)
        self._prepared.clear()  # made for the position before this one
        self.set_lines(lines, repaint_all=repaint_all)

    def prepare(
        self,
        view: CardView | None,
        options: tuple[ActionOption, ...],
        note: str | None,
        *,
        selected: bool,
    ) -> None:
        """Build and render now what :meth:`show` may be asked to draw next.

        The game screen calls this while the player thinks, for the card each
        legal move would bring here, so the key that plays the move costs less.
        """
        key: CardKey = (view, options, note, selected, None)
        if key not in self._prepared:
            self._prepared[key] = content = self._content(key)
            self.prerender(content[0])

    def _content(self, key: CardKey) -> tuple[list[Text], dict[int, str]]:
        """The card's lines and which action each clickable line is, for ``key``."""
        prepared = self._prepared.get(key)
        if prepared is not None:
            return prepared
        view, options, note, selected, hinted = key
        if view is None:
            return [Text("(no card)", style="dim")], {}
        lines, actions = self._render_lines(view, options, note, selected)
        for row, kind in actions.items():
            if kind == hinted:  # reverse video and a word, so it never relies on colour
                lines[row].stylize("reverse")
                lines[row].append(" <- hint", style="bold")
        return lines, actions

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _: self._show_selection())

    def _show_selection(self) -> None:
        """Give the selected card its border (colours of the current theme)."""
        selected = self.get_component_styles("card--selected").border if self.selected else None
        self.styles.border = selected

    def _render_lines(
        self,
        view: CardView,
        options: tuple[ActionOption, ...],
        note: str | None,
        selected: bool,
    ) -> tuple[list[Text], dict[int, str]]:
        g = self.glyphs
        card = view.card
        face = card.face
        lines = [Text(card_title(card), style="bold", no_wrap=True, overflow="ellipsis")]
        if card.spec.is_round_tracker:
            lines.append(Text(tracker_rounds(card)))
        else:
            lines.append(Text(orientation_name(card.orientation, g), style="italic"))
            lines.append(face_summary(face, g))
        if card.stored:
            stored = Text("STORED, holds ", style="reverse")
            stored.append_text(resources(face.yields, g))
            lines.append(stored)
        actions: dict[int, str] = {}
        if self.position == 3:
            if card.stored:  # R21: it will be returned, not played
                lines.append(Text("returns at the top (R21)", style="dim italic"))
            else:
                lines.extend(_printed(face.actions, g))
            lines.append(Text("look only: no actions", style="dim italic"))
            return lines, actions
        for option in options:
            actions[len(lines)] = option.kind
            lines.append(self._action_line(option, selected))
            if option.reason:
                lines.append(self._reason_line(option))
        if note:
            lines.append(Text(note, style="dim italic"))
        if self.position == 1 and self.playable:
            actions[len(lines)] = DISCARD
            line = Text("[d] ", style="bold")
            line.append("discard to back")
            lines.append(line)
        return lines, actions

    def _reason_line(self, option: ActionOption) -> Text:
        """``needs 1 stone``; when several resources are lacking, the short form with
        glyphs and letters (``needs 1♣W 1≈F 2▲S``), so it fits an 80-column card."""
        reason = option.reason or ""
        if len(reason) <= REASON_WIDTH or option.lacking is None:
            return Text(f"  {reason}", style="dim italic")
        line = Text("  needs ", style="dim italic")
        line.append_text(resources(option.lacking, self.glyphs))
        line.stylize("dim")
        return line

    def _action_line(self, option: ActionOption, selected: bool) -> Text:
        key = KIND_KEYS[option.kind] if selected else f"{self.position} {KIND_KEYS[option.kind]}"
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(f"[{key}] ", style="bold" if option.legal else "dim")
        line.append(f"{option.kind} ", style="" if option.legal else "dim strike")
        price = cost(option.action, self.glyphs)
        if not option.legal:
            price.stylize("dim")
        line.append_text(price)
        return line

    def action_offset(self, kind: str) -> Offset:
        """Where to click for ``kind`` (relative to the widget), for tests and docs."""
        line = next(i for i, k in self._lines.items() if k == kind)
        return Offset(3, line + 1)

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        kind = self._lines.get(offset.y) if offset is not None else None
        self.post_message(self.Clicked(self.position, kind))


def _printed(actions: tuple[Action, ...], g: Glyphs) -> list[Text]:
    """Card 3's actions, shown for planning but never offered (look only, R6)."""
    lines = []
    for action in actions:
        line = Text(f"    {action.kind} ", style="dim")
        line.append_text(cost(action, g))
        lines.append(line)
    return lines
