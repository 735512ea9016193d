"""Provides :class:`TutorialScreen`: the guided first game, on the game's own table.

The game screen with a lesson panel in the move log's place. While the scripted
steps run, every way a move can be made (a key, a click on an action line, a
pick in the payment choice) passes through the checks here, and only the move the
step asks for is played: any other key says what is asked instead. Reading steps
go on with ``enter``. After the last step the table is the game screen as usual
(free play) and the move log comes back. The session is a quick game in memory:
the tutorial never enters a campaign (no saved game, no history, no feats).
"""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from ...engine import Move
from ...i18n import N_, _, lesson_text, lesson_title, pgettext, tutorial_title
from ...session import GameSession
from ...tutorial.model import Lesson, Tutorial
from ...tutorial.progress import Progress
from ..border_words import fitting
from ..intents import LeaveTutorial, TutorialStep, request
from ..options import moves_for
from ..plain import notify_plain
from ..render import KIND_KEYS, action_name, move_words
from ..widgets.card import CardWidget
from ..widgets.lesson import LessonPanel
from ..widgets.log import MoveLog
from .game import GAME_CSS, GameScreen

if TYPE_CHECKING:
    from ..intents import GameControl

ALWAYS = frozenset({"escape", "question_mark", "q", "ctrl+q", "ctrl+c", "ctrl+p", "p"})
"""Keys that never play a move and always work: leave, help, quit, palette, peek."""
FORBIDDEN = frozenset({"hint", "undo", "redo"})
"""Game actions a scripted step refuses (they would leave the script)."""


class TutorialScreen(GameScreen):
    """The tutorial: the game's keys, held to what each step asks (see the module)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", N_("Next")),
    ]

    CSS_PATH: ClassVar[str | PurePath | list[str | PurePath] | None] = [
        GAME_CSS,
        Path(__file__).with_name("tutorial.tcss"),
    ]

    def __init__(
        self, controller: GameControl, session: GameSession, tutorial: Tutorial, progress: Progress
    ) -> None:
        super().__init__(controller, session)
        self.tutorial = tutorial
        self.step = min(progress.step, len(tutorial.lessons))
        self._note: str | None = None

    # What is shown --------------------------------------------------------------------

    @property
    def scripted(self) -> bool:
        """True while a step waits for its move or its ``enter``; False in free play."""
        return self.step < len(self.tutorial.lessons)

    @property
    def lesson(self) -> Lesson | None:
        return self.tutorial.lessons[self.step] if self.scripted else None

    @property
    def expected(self) -> Move | None:
        """The move this step waits for next (``None``: a reading step, or free play)."""
        lesson = self.lesson
        if lesson is None or lesson.reading:
            return None
        done = self.session.turn - lesson.start.turn
        return lesson.moves[done] if done < len(lesson.moves) else None

    def opening_line(self) -> str:
        title = tutorial_title(self.tutorial.title)
        return _("{title}: a guided game (not saved). Round 1 begins.").format(title=title)

    @property
    def _deal(self) -> str:
        # Translators: which deal is played, on the status line (the tutorial's own).
        return pgettext("deal", "tutorial")

    def compose_lower(self) -> ComposeResult:
        yield LessonPanel(self.controller.glyphs, id="lesson")

    def marked(self, position: int) -> str | None:
        lesson = self.lesson
        if lesson is None or lesson.mark.card != position:
            return None
        return lesson.mark.action

    def show_state(self) -> None:
        super().show_state()
        lesson = self.lesson
        for position in (1, 2, 3):
            card = self.query_one(f"#card-{position}", CardWidget)
            on = lesson is not None and lesson.mark.card == position
            card.set_class(on, "-lesson")
            card.border_subtitle = Text(_("this step"), style="bold") if on else None
        self.query_one("#log", MoveLog).display = lesson is None
        panel = self.query_one("#lesson", LessonPanel)
        panel.display = lesson is not None
        if lesson is not None:
            step, count = self.step + 1, len(self.tutorial.lessons)
            headings = (
                _("Step {step} of {count} {sep} {title}").format(
                    step=step,
                    count=count,
                    sep=self.controller.glyphs.sep,
                    title=lesson_title(lesson.title),
                ),
                _("Step {step} of {count}").format(step=step, count=count),
            )
            panel.show(headings, lesson_text(lesson.title, lesson.text), self.asked(), self._note)

    def asked_on_border(self) -> str:
        """:meth:`asked` where the open choice's border shows it whole, else only the
        key to press (a translation's words may not fit a phone's border)."""
        move = self.expected
        asked = self.asked()
        if move is None or move not in self.choice.moves or self.controller.config.touch:
            return asked
        short = _("Press {key}.").format(key=self.choice.moves.index(move) + 1)
        return fitting((asked, short), self.choice.outer_size.width or self.app.size.width)

    def asked(self) -> str:
        """What to do now, in words: ``Press 2 (select card 2), then s (store).``, or
        on a touch screen (:attr:`AppConfig.touch`) what to tap: ``Tap "store" on card 2.``"""
        if self.controller.config.touch:
            return self.asked_by_taps()
        move = self.expected
        if move is None:
            last = self.step == len(self.tutorial.lessons) - 1
            return _("Press enter to play on by yourself.") if last else _("Press enter to go on.")
        if self.choice.is_open:
            index = self.choice.moves.index(move) + 1 if move in self.choice.moves else 1
            return _("Press {key}: {move}.").format(key=index, move=move_words(move))
        if move.kind == "discard":
            return self.with_count(_("Press d (discard card 1)."))
        keys = []
        if self.selected != move.card:
            keys.append(_("{key} (select card {card})").format(key=move.card, card=move.card))
        keys.append(
            _("{key} ({action})").format(key=KIND_KEYS[move.kind], action=action_name(move.kind))
        )
        variants = moves_for(self.session.state, move.card, move.kind)
        if len(variants) > 1:
            keys.append(
                _("{key} ({choice})").format(
                    key=variants.index(move) + 1, choice=move_words(move).split(", ", 1)[-1]
                )
            )
        return self.with_count(in_order(keys, pressed=True))

    def asked_by_taps(self) -> str:
        """:meth:`asked` for a touch screen: the lines to tap, as the screen shows them
        (a card's action line selects the card and plays it; the key bar's Next)."""
        move = self.expected
        if move is None:
            if self.step < len(self.tutorial.lessons) - 1:
                return _("Tap Next on the key bar to go on.")
            # the last lesson names keys (esc, h, u, ?): each is on the bar as well
            return _(
                "Tap Next on the key bar to play on by yourself; the keys named are there too."
            )
        if self.choice.is_open:
            index = self.choice.moves.index(move) + 1 if move in self.choice.moves else 1
            return _("Tap choice {number}: {move}.").format(number=index, move=move_words(move))
        if move.kind == "discard":
            return self.with_count(_('Tap "{line}" on card 1.').format(line=_("discard to back")))
        taps = [
            _('"{action}" on card {card}').format(action=action_name(move.kind), card=move.card)
        ]
        variants = moves_for(self.session.state, move.card, move.kind)
        if len(variants) > 1:
            taps.append(
                _("choice {number} ({choice})").format(
                    number=variants.index(move) + 1, choice=move_words(move).split(", ", 1)[-1]
                )
            )
        return self.with_count(in_order(taps, pressed=False))

    def with_count(self, asked: str) -> str:
        """``asked`` and, for a step of several moves, how many are done: ``(1 of 2
        done)``."""
        lesson = self.lesson
        assert lesson is not None
        if len(lesson.moves) < 2:
            return asked
        done = self.session.turn - lesson.start.turn
        count = _("({done} of {total} done)").format(done=done, total=len(lesson.moves))
        return f"{asked} {count}"

    def explain(self) -> None:
        """A key that is not the one asked: say what is asked; nothing is played."""
        asked = self.asked()
        self._note = _("Not that one. {asked}").format(asked=asked)
        notify_plain(
            self, _("This step asks for something else. {asked}").format(asked=asked), timeout=4
        )
        self.show_state()

    # Holding the keys to the step --------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """A key bound to nothing here (say ``x``) is explained, never ignored silently."""
        if not self.scripted or event.key in ALWAYS:
            return
        binding = self.active_bindings.get(event.key)
        if binding is None or not binding.enabled:
            event.stop()
            self.explain()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next":
            return self.scripted and self.expected is None and not self.choice.is_open
        if action in FORBIDDEN and self.scripted:
            return False  # off the key bar; the key is explained (on_key)
        return super().check_action(action, parameters)

    def action_next(self) -> None:
        """``enter`` on a reading step: the next step."""
        if self.scripted and self.expected is None:
            self.advance()

    def action_select(self, card: int) -> None:
        move = self.expected
        if self.scripted and (move is None or move.kind == "discard" or move.card != card):
            self.explain()
            return
        super().action_select(card)
        self.show_state()

    def action_act(self, kind: str) -> None:
        move = self.expected
        if self.scripted and (
            move is None or move.kind != kind or (kind != "discard" and move.card != self.selected)
        ):
            self.explain()
            return
        super().action_act(kind)
        if self.choice.is_open:  # it covers the lesson: the ask goes on its border
            self.choice.border_subtitle = Text(self.asked_on_border()) if self.scripted else None
        self.show_state()

    def action_choice(self, what: str, index: int = 0) -> None:
        move = self.expected
        if self.scripted and what in ("pick", "enter"):
            if what == "enter":
                index = self.choice.highlighted_index()
            moves = self.choice.moves
            if index >= len(moves) or moves[index] != move:
                self.explain()
                return
        super().action_choice(what, index)
        self.show_state()

    def on_card_widget_clicked(self, message: CardWidget.Clicked) -> None:
        """A click on the asked action line plays it (selecting its card on the way);
        a click anywhere else is explained, once."""
        move = self.expected
        if not self.scripted or self.choice.is_open or message.position == 3:
            return  # Textual then runs the game screen's handler, as in a game
        message.prevent_default()  # (and here it does not)
        card = None if move is None else (1 if move.kind == "discard" else move.card)
        if move is None or message.position != card or message.kind not in (None, move.kind):
            self.explain()
            return
        if move.kind != "discard":
            super().action_select(message.position)
        if message.kind is not None:
            self.action_act(message.kind)
        else:
            self.show_state()

    def action_hint(self) -> None:
        if self.scripted:
            self.explain()
            return
        super().action_hint()

    def action_undo(self) -> None:
        if self.scripted:
            self.explain()
            return
        super().action_undo()

    def action_redo(self) -> None:
        if self.scripted:
            self.explain()
            return
        super().action_redo()

    def play(self, move: Move) -> None:
        """Every move passes here (keys, clicks, the choice): only the asked one plays."""
        if self.scripted:
            if move != self.expected:
                self.explain()
                return
            before = self.session.turn
            super().play(move)
            if self.session.turn != before and self.expected is None:
                self.advance()
            else:
                self._note = None
                self.show_state()
            return
        super().play(move)

    def advance(self) -> None:
        """On to the next step; remember where the player is."""
        self.step += 1
        self._note = None
        self.selected = 1
        request(self, TutorialStep(self.progress))
        self.show_state()

    @property
    def progress(self) -> Progress:
        done = not self.scripted
        moves = self.tutorial.moves_before(self.step) if self.scripted else len(self.tutorial.moves)
        return Progress(self.step, moves, done)

    # Leaving and the end --------------------------------------------------------------------

    def action_leave(self) -> None:
        """Back to the title; the tutorial resumes at this step (its entry says which)."""
        request(self, LeaveTutorial(self.progress))

    def show_end(self) -> None:
        """The end screen as in any game; the result is kept nowhere."""
        from .end import EndScreen

        self.app.push_screen(EndScreen(self.controller, self.session), self._after_end)

    def _after_end(self, choice: str | None) -> None:
        if choice == "undo":
            self.action_undo()
        else:
            request(self, LeaveTutorial(self.progress))


def in_order(steps: list[str], *, pressed: bool) -> str:
    """One sentence for one to three steps done in order (``Press 2 (select card 2),
    then s (store).``): a whole sentence per count, so a translation may word each."""
    forms: tuple[str, ...]
    if pressed:
        forms = (
            _("Press {first}."),
            _("Press {first}, then {second}."),
            _("Press {first}, then {second}, then {third}."),
        )
    else:
        forms = (
            _("Tap {first}."),
            _("Tap {first}, then {second}."),
        )
    names = dict(zip(("first", "second", "third"), steps, strict=False))
    return forms[len(steps) - 1].format(**names)
