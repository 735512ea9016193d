"""Provides :class:`GameScreen`: the table during play.

One state, pushed down: the screen holds the :class:`GameSession`; after every
move, undo or redo it observes the new state once and hands each widget its part
(attributes down). Widgets post clicks up (messages up). Which keys apply is asked
of the engine in :meth:`GameScreen.check_action`, so the footer (Textual's
``Footer``) lists only the actions that are legal now. The screen never builds a
move: it picks one of the engine's legal moves, asking the player in a modal when
several differ only in payment or in the card released (R20).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer
from textual.worker import Worker, WorkerState

from ...engine import CardView, GameState, Move, TableView, observe, score
from ...session import GameSession
from ..hints import HINT_GROUP, HintResult, hint_text, hinted_kind, search_hint
from ..options import ActionOption, card_options, moves_for, why_not
from ..plain import notify_plain
from ..widgets.card import DISCARD, CardWidget
from ..widgets.choice import ChoiceBox
from ..widgets.footer import refresh_keys
from ..widgets.hint import HintLine
from ..widgets.log import MoveLog
from ..widgets.status import StatusBar
from ..widgets.stored import StoredPanel

if TYPE_CHECKING:
    from ..app import PalmIslandApp


class GameScreen(Screen[None]):
    """The game.

    Keys: ``1``/``2`` (or arrows, ``j k l``) select card 1 or 2; ``s`` ``r`` ``f``
    store, rotate, flip the selected card; ``d`` discards card 1; ``p`` peeks at the
    selected card's other side; ``h`` asks the solver for a hint (in a background
    thread, so keys keep working); ``u`` undo, ``ctrl+r`` redo; ``escape`` back to
    the title with the game kept (Continue offers it).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "select(1)", "Card 1", show=False),
        Binding("2", "select(2)", "Card 2", show=False),
        Binding("left,up,k", "select(1)", "Card 1", show=False),
        Binding("right,l,down,j", "select(2)", "Card 2", show=False),
        Binding("s", "act('store')", "Store"),
        Binding("r", "act('rotate')", "Rotate"),
        Binding("f", "act('flip')", "Flip"),
        Binding("d", "act('discard')", "Discard"),
        Binding("p", "peek", "Peek"),
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("ctrl+r", "redo", "Redo"),
        Binding("escape", "leave", "Title"),
        # The payment choice's keys: while it is open only these apply (check_action),
        # otherwise never; last, so the footer lists the table's keys in their order.
        # The box never takes the focus: a focus change repaints the whole screen.
        Binding("escape", "choice('cancel')", "Cancel"),
        *(
            Binding(str(n), f"choice('pick', {n - 1})", f"Option {n}", show=False)
            for n in range(1, 10)
        ),
        Binding("up", "choice('up')", "Previous option", show=False),
        Binding("down", "choice('down')", "Next option", show=False),
        Binding("enter", "choice('enter')", "Choose", show=False),
    ]

    DEFAULT_CSS = """
    GameScreen #cards { height: auto; }
    GameScreen #lower { height: 1fr; }
    GameScreen { layers: base overlay; }
    GameScreen StoredPanel { width: 38; }
    GameScreen.-red CardWidget.-selected { border: double red; }
    GameScreen.-blue CardWidget.-selected { border: double dodgerblue; }
    """

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.selected = 1
        """The card the keys act on (1 or 2)."""
        self.hint: HintResult | None = None
        """The hint shown, always for the current position (else cleared)."""
        self._choice: ChoiceBox  # made in compose
        self._hint_asked: object = None
        """The position a running hint search is for (a result for another is dropped)."""
        self.add_class(f"-{session.deck_colour}")

    @property
    def palm_app(self) -> PalmIslandApp:
        return cast("PalmIslandApp", self.app)

    def compose(self) -> ComposeResult:
        g = self.palm_app.glyphs
        session = self.session
        yield StatusBar(g, id="status")
        with Horizontal(id="cards"):
            for position in (1, 2, 3):
                yield CardWidget(position, g, id=f"card-{position}")
        with Horizontal(id="lower"):
            yield StoredPanel(g, id="stored")
            deal = f"Seed {session.seed}, {session.deck_colour} deck"
            from ...solver.daily import daily_date

            day = daily_date(session.seed)
            kind = f"Daily deal of {day.isoformat()}" if day else "New game"
            yield MoveLog(f"{kind}. {deal}. Round 1 begins.", id="log")
        self._choice = ChoiceBox(self.palm_app.glyphs, id="choice")
        yield self._choice
        yield HintLine(id="hint")
        yield Footer(compact=True, show_command_palette=False)  # ctrl+p: in the help

    def on_mount(self) -> None:
        self.show_state()

    # Attributes down ------------------------------------------------------------------

    def show_state(self) -> None:
        """Observe the session's state once and push each part to its widget."""
        state = self.session.state
        self._forget_stale_hint()
        view = observe(state)
        for position in (1, 2, 3):
            widget = self.query_one(f"#card-{position}", CardWidget)
            card_view, options, note = self._card_parts(state, view, position)
            hinted = hinted_kind(self.hint.hint, position) if self.hint else None
            widget.show(card_view, options, note, selected=position == self.selected, hinted=hinted)
        self.query_one("#stored", StoredPanel).show(state)
        self.query_one("#status", StatusBar).show(view, score(state).total, self._deal)
        self.query_one("#log", MoveLog).show(self.session.steps)
        refresh_keys(self)  # the footer rebuilds only if its keys changed

    @property
    def _deal(self) -> str:
        return f"seed {self.session.seed}"

    @staticmethod
    def _card_parts(
        state: GameState, view: TableView, position: int
    ) -> tuple[CardView | None, tuple[ActionOption, ...], str | None]:
        """What card ``position`` shows in ``state``: the card, its options, a note."""
        card_view = view.top[position - 1] if len(view.top) >= position else None
        options, note = card_options(state, position) if position < 3 else ((), None)
        return card_view, options, note

    # Which keys apply now (asked of the engine) ------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = self.session.state
        choosing = self.is_mounted and self.choice.is_open
        if action == "choice" or choosing:
            return action == "choice" and choosing  # esc cancels, digits choose
        if action == "act":
            # Always listed while the game is on: a key that cannot be played now
            # says why (action_act); the cards show which actions can. A footer
            # that changed with every card would be rebuilt on nearly every key.
            return not state.is_over
        if action == "undo":
            return self.session.can_undo
        if action == "redo":
            return self.session.can_redo
        if action in ("peek", "hint"):
            return not state.is_over
        return True

    # Actions --------------------------------------------------------------------------

    def action_select(self, card: int) -> None:
        if card != self.selected:
            self.selected = card
            self.show_state()

    def action_act(self, kind: str) -> None:
        """Play ``kind`` on the selected card (discard: card 1), asking if it must."""
        card = 1 if kind == DISCARD else self.selected
        moves = moves_for(self.session.state, card, kind)
        if not moves:
            g = self.palm_app.glyphs
            notify_plain(self, why_not(self.session.state, card, kind, g), timeout=4)
            return
        if len(moves) == 1:
            self.play(moves[0])
            return
        self.choice.ask(self.session.state, moves)

    def action_choice(self, what: str, index: int = 0) -> None:
        """A key of the open payment choice: pick option ``index``, move, enter, cancel."""
        choice = self.choice
        if what == "pick":
            choice.pick(index)
        elif what in ("up", "down"):
            choice.move_highlight(-1 if what == "up" else 1)
        elif what == "enter":
            choice.choose_highlighted()
        else:
            choice.close(None)

    @property
    def choice(self) -> ChoiceBox:
        return self._choice  # kept: check_action asks for it for every binding

    def on_choice_box_chosen(self, message: ChoiceBox.Chosen) -> None:
        if message.move is not None:
            self.play(message.move)

    def play(self, move: Move) -> None:
        """Play one of the engine's legal moves and show the result."""
        from ...storage.errors import SaveError

        try:
            self.session.play(move)
        except SaveError as exc:  # a saved game: the move was not made
            notify_plain(self, f"Not saved, move not played: {exc}", severity="error", timeout=8)
            return
        self.show_state()
        if self.session.state.is_over:
            self.show_end()

    def show_end(self) -> None:
        from .end import EndScreen

        self.palm_app.game_finished(self.session)
        self.app.push_screen(EndScreen(self.session), self._after_end)

    def _after_end(self, choice: str | None) -> None:
        app = self.palm_app
        if choice == "undo":
            self.action_undo()
            if self.session.state.is_over:  # a saved game's result cannot be taken back
                notify_plain(self, "This game is saved as finished; it cannot be undone.")
                self.show_end()
        elif choice in ("again", "new"):
            from .title_store import kept_note

            note = kept_note(app)  # other unfinished games are kept: say where
            if choice == "again":
                app.start_game(self.session.restart())
            else:
                seed = app.config.seed_source()
                app.start_game(app.new_session(seed, self.session.deck_colour))
            if note is not None:
                notify_plain(app, note, timeout=6)
        else:
            app.back_to_title()

    def action_leave(self) -> None:
        """Back to the title; the game is kept and the title offers it under Continue."""
        self.palm_app.leave_game()

    def action_peek(self) -> None:
        from .peek import PeekScreen

        view = observe(self.session.state).top[self.selected - 1]
        self.app.push_screen(PeekScreen(view, self.palm_app.glyphs))

    def action_hint(self) -> None:
        """Ask the solver for the move to play here, off the UI thread."""
        state = self.session.state
        if state.is_over or self.hint is not None or self._hint_asked is state:
            return  # nothing to suggest, already shown, or already being searched
        self._hint_asked = state
        self.query_one("#hint", HintLine).thinking()
        from ...solver import HINT_BUDGET

        budget = self.palm_app.config.hint_budget or HINT_BUDGET
        pars = self.palm_app.pars

        def search() -> HintResult | None:
            with pars.paused():  # the par search waits: the player is waiting for this
                return search_hint(state, budget)

        self.run_worker(
            search,
            thread=True,
            group=HINT_GROUP,
            exclusive=True,
            exit_on_error=False,
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """Show a finished hint, but only if it is for the position on the table."""
        worker = event.worker
        if worker.group != HINT_GROUP or event.state != WorkerState.SUCCESS:
            return
        result = worker.result
        if not isinstance(result, HintResult) or result.state is not self.session.state:
            return  # cancelled, or the player moved on: never show a stale hint
        self._hint_asked = None
        self.hint = result
        self.session.hints_used += 1
        self.query_one("#hint", HintLine).show_hint(hint_text(result.hint, self.palm_app.glyphs))
        self.show_state()

    def _forget_stale_hint(self) -> None:
        """After a move, undo or redo: drop the hint and stop a search for another position."""
        state = self.session.state
        if self.hint is not None and self.hint.state is not state:
            self.hint = None
            self.query_one("#hint", HintLine).clear()
        if self._hint_asked is not None and self._hint_asked is not state:
            self._hint_asked = None
            self.workers.cancel_group(self, HINT_GROUP)
            self.query_one("#hint", HintLine).clear()

    def action_undo(self) -> None:
        from ...storage.errors import SaveError

        try:
            undone = self.session.undo()
        except SaveError as exc:
            notify_plain(self, f"Not saved, nothing undone: {exc}", severity="error", timeout=8)
            return
        if undone is not None:
            self.show_state()

    def action_redo(self) -> None:
        from ...storage.errors import SaveError

        try:
            redone = self.session.redo()
        except SaveError as exc:
            notify_plain(self, f"Not saved, nothing redone: {exc}", severity="error", timeout=8)
            return
        if redone is not None:
            self.show_state()
            if self.session.state.is_over:
                self.show_end()

    # Messages up ----------------------------------------------------------------------

    def on_card_widget_clicked(self, message: CardWidget.Clicked) -> None:
        """A click does what the keys do: select the card, then play the action."""
        if message.position == 3 or self.choice.is_open:
            return
        self.action_select(message.position)
        if message.kind is not None and moves_for(
            self.session.state, message.position if message.kind != DISCARD else 1, message.kind
        ):
            self.action_act(message.kind)
