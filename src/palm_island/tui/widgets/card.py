"""Provides :class:`CardWidget`: one of the top three cards, drawn as a card.

The game screen pushes a :class:`CardView` and the card's options down; the
widget posts :class:`CardWidget.Clicked` up (which card, and which action line if
an action was clicked), so a click does what the keys do.

A ``Static`` with a map from its lines to actions: a click's content offset says
which line (and so which action) was clicked.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widgets import Static

from ...engine import Action, CardView, Face
from ...i18n import N_, _
from ..attached import while_attached
from ..border_words import fitting
from ..glyphs import Glyphs
from ..options import ActionOption
from ..render import (
    KIND_KEYS,
    action_name,
    card_title,
    cost,
    face_summary,
    lacking_text,
    orientation_name,
    resources,
    tracker_rounds,
)
from ..styled import styled

DISCARD = "discard"
HINT_MARKS = (N_(" <- hint"), " <-")
"""After the line of the action the hint suggests (shown in reverse video: never
colour alone), the first that fits beside the whole line: at 80 columns ``[d]
discard to back`` has room for the arrow only. Beside a line with room for neither
the marker goes on the line under it (what the action leads to, or a line of its
own under the card's last, ``[d] descartar al fondo`` in Spanish); the hint line
under the table says the move in words."""
LESSON_MARKS = (" <-",)
"""After the line a tutorial step asks for."""


class CardWidget(Static):
    """Card 1, 2 or 3 of the deck; card 3 is look-only."""

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
        self._titles: tuple[str, ...] = ()
        """The border's titles, longest first (:meth:`_fit_title`)."""
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
        marked: str | None = None,
    ) -> None:
        """Draw ``view`` with its options; ``selected`` marks the card the keys act on.

        ``hinted`` is the action (kind) the solver's hint suggests on this card;
        ``marked`` the one a tutorial step asks for (``discard`` included).
        """
        key = (view, options, note, selected, hinted, marked)
        if key == self._shown:
            return  # nothing changed: no repaint
        self._shown = key
        self.set_class(selected, "-selected")
        g = self.glyphs
        marker = f"{g.selected} " if selected else ""
        short = {1: _("Card 1"), 2: _("Card 2"), 3: _("Card 3")}[self.position]
        label = _("Card 3 {sep} look only").format(sep=g.sep) if self.position == 3 else short
        if selected:
            label = _("{card} (selected)").format(card=label)
        self._titles = (f"{marker}{label}", f"{marker}{short}")
        self._fit_title()
        if view is None:
            lines, self._lines = [Text(_("(no card)"), style="dim")], {}
        else:
            lines, self._lines = self._render_lines(view, options, note, selected)
        width = self.content_size.width
        for row, kind in self._lines.items():
            hint_marks = tuple(_(mark) for mark in HINT_MARKS)
            marks = hint_marks if kind == hinted else LESSON_MARKS if kind == marked else ()
            if not marks:
                continue
            lines[row].stylize("reverse")  # reverse video and a marker: never colour alone
            below = row + 1 if row + 1 < len(lines) and row + 1 not in self._lines else None
            beside = any(lines[row].cell_len + cell_len(m) <= width for m in marks)
            if not beside and below is None and row + 1 == len(lines) < self.content_size.height:
                lines.append(Text())  # the last line, with no room beside it: one under it
                below = row + 1
            if below is None or beside:
                mark_line(lines[row], marks, width, self.glyphs.ellipsis)
            else:  # a full line: the marker goes under it, on what the action leads to
                mark_line(lines[below], marks, width, self.glyphs.ellipsis)
        self.update(Text("\n").join(lines), layout=False)  # fixed size: no layout

    @while_attached
    def on_resize(self) -> None:
        self._fit_title()

    def _fit_title(self) -> None:
        """The longest title that shows whole on the border (a translation may not
        fit a card at 80 columns: then ``Card 1`` alone, the border says the rest)."""
        if not self._titles:
            return
        self.border_title = fitting(self._titles, self.outer_size.width)

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
        lines = [Text(card_title(card), style="bold")]
        if card.spec.is_round_tracker:
            lines.append(Text(tracker_rounds(card)))
        else:
            lines.append(Text(orientation_name(card.orientation, g), style="italic"))
            lines.append(face_summary(face, g))
        if card.stored:
            holds = resources(face.yields, g)
            lines.append(styled(_("STORED, holds {resources}"), "reverse", resources=holds))
        actions: dict[int, str] = {}
        if self.position == 3:
            if card.stored:  # it will be returned, not played (R21)
                lines.append(Text(_("returned at the top"), style="dim italic"))
            elif card.spec.is_round_tracker:  # it turns by itself; nothing to plan
                lines.append(Text(_("round ends at the top"), style="dim italic"))
            else:
                lines.extend(_printed(face.actions, g))
            lines.append(Text(_("look only: no actions"), style="dim italic"))
            return lines, actions
        for option in options:
            actions[len(lines)] = option.kind
            lines.append(self._action_line(option, selected))
            if option.legal:
                lines.append(self._result_line(view, option.kind))
            elif option.lacking is not None:
                needs = styled(_("needs {resources}"), resources=lacking_text(option.lacking, g))
                line = Text("  ", style="dim italic")
                line.append_text(needs)
                line.stylize("dim")
                lines.append(line)
            else:
                lines.append(Text(f"  {option.reason}", style="dim italic"))
        if note:
            lines.append(Text(note, style="dim italic"))
        if self.position == 1 and self.playable:
            actions[len(lines)] = DISCARD
            line = Text("[d] ", style="bold")
            line.append(_("discard to back"))
            lines.append(line)
        return lines, actions

    def _result_line(self, view: CardView, kind: str) -> Text:
        """What the card shows after ``kind``: the face it leads to (R10-R14)."""
        g = self.glyphs
        face: Face | None = {"rotate": view.rotates_to, "flip": view.flips_to}.get(kind)
        line = Text(f"  {g.arrow} ", style="dim")
        if kind == "store":
            holds = resources(view.card.face.yields, g)
            line.append_text(styled(_("stored: {resources}"), words="dim", resources=holds))
        elif face is not None:
            line.append_text(face_summary(face, g, holds=False))
        return line

    def _action_line(self, option: ActionOption, selected: bool) -> Text:
        key = KIND_KEYS[option.kind] if selected else f"{self.position} {KIND_KEYS[option.kind]}"
        line = Text()
        line.append(f"[{key}] ", style="bold" if option.legal else "dim")
        line.append(f"{action_name(option.kind)} ", style="" if option.legal else "dim strike")
        price = cost(option.action, self.glyphs)
        if not option.legal:
            price.stylize("dim")
        line.append_text(price)
        return line

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        kind = self._lines.get(offset.y) if offset is not None else None
        self.post_message(self.Clicked(self.position, kind))


def mark_line(line: Text, marks: tuple[str, ...], width: int, ellipsis: str) -> None:
    """Append the first of ``marks`` that fits beside ``line`` in ``width`` cells; if
    none does, the line's end gives way to the last (the marker must show; the hint
    line under the table says the whole move)."""
    mark = next((m for m in marks if line.cell_len + cell_len(m) <= width), marks[-1])
    room = width - cell_len(mark)
    if width and line.cell_len > room:
        line.truncate(max(room - len(ellipsis), 0))
        line.append(ellipsis)
    line.append(mark, style="bold")


def _printed(actions: tuple[Action, ...], g: Glyphs) -> list[Text]:
    """Card 3's actions, shown for planning but never offered (look only, R6)."""
    lines = []
    for action in actions:
        line = Text(f"    {action_name(action.kind)} ", style="dim")
        line.append_text(cost(action, g))
        lines.append(line)
    return lines
