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

from pathlib import Path, PurePath
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.worker import Worker, WorkerState

from ...engine import CardView, GameState, Move, TableView, observe, score
from ...i18n import N_, _, deck_colour_name
from ...session import GameSession
from ...storage.errors import SaveError
from ..attached import while_attached
from ..feat_words import GOAL_LINE_SHORT, feats_in_deck, goal_counts, goal_lines
from ..hints import HINT_GROUP, HintResult, hint_text, hinted_kind, search_hint
from ..intents import (
    Again,
    BackToTitle,
    ControlledScreen,
    GameFinished,
    LeaveGame,
    WriteRefused,
    request,
)
from ..options import ActionOption, card_options, moves_for, why_not
from ..plain import notify_plain
from ..why import why
from ..widgets.card import DISCARD, CardWidget
from ..widgets.choice import ChoiceBox
from ..widgets.footer import KeyBar, key_bars, refresh_keys
from ..widgets.hint import HintLine
from ..widgets.log import MoveLog
from ..widgets.status import StatusBar
from ..widgets.stored import StoredPanel

if TYPE_CHECKING:
    from ..intents import GameControl

LOOK_ONLY = N_("Card 3 is only for planning: look at it, then play card 1 or 2 (keys 1, 2).")
"""What a key or a click on card 3 says: no move is ever made with it (R6)."""

GAME_CSS = Path(__file__).with_name("game.tcss")
"""The game screen's styles, for it and its subclasses (absolute: see ``CSS_PATH``)."""


class GameScreen(ControlledScreen[None]):
    """The game.

    Keys: ``1``/``2`` (or arrows, ``j k l``) select card 1 or 2; ``s`` ``r`` ``f``
    store, rotate, flip the selected card; ``d`` discards card 1; ``p`` peeks at the
    selected card's other side; ``h`` asks the solver for a hint (in a background
    thread, so keys keep working); ``u`` undo, ``ctrl+r`` redo (also ``U``: a browser
    may keep ctrl+r for itself); ``escape`` back to the title with the game kept
    (Continue offers it).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "select(1)", N_("Card 1"), show=False),
        Binding("2", "select(2)", N_("Card 2"), show=False),
        Binding("3", "select(3)", N_("Card 3"), show=False),  # says it is look only
        Binding("left,up,k", "select(1)", N_("Card 1"), show=False),
        Binding("right,l,down,j", "select(2)", N_("Card 2"), show=False),
        Binding("s", "act('store')", N_("Store")),
        Binding("r", "act('rotate')", N_("Rotate")),
        Binding("f", "act('flip')", N_("Flip")),
        Binding("d", "act('discard')", N_("Discard")),
        Binding("p", "peek", N_("Peek")),
        Binding("h", "hint", N_("Hint")),
        Binding("u", "undo", N_("Undo")),
        # ^r Redo is in the help and the palette: in the bar it pushed "q Quit" out
        # of 80 columns. U: in a browser, ctrl+r may reload the page.
        Binding("ctrl+r,U", "redo", N_("Redo"), show=False),
        Binding("escape", "leave", N_("Title")),
        # The payment choice's keys: while it is open only these apply (check_action),
        # otherwise never; last, so the footer lists the table's keys in their order.
        # The box never takes the focus: a focus change repaints the whole screen.
        Binding("escape", "choice('cancel')", N_("Cancel")),
        *(
            Binding(str(n), f"choice('pick', {n - 1})", N_("Pick this option"), show=False)
            for n in range(1, 10)
        ),
        Binding("up", "choice('up')", N_("Previous option"), show=False),
        Binding("down", "choice('down')", N_("Next option"), show=False),
        Binding("enter", "choice('enter')", N_("Choose"), show=False),
    ]

    # absolute: a subclass elsewhere (holding.WatchScreen) would resolve a relative one
    # against its own module
    CSS_PATH: ClassVar[str | PurePath | list[str | PurePath] | None] = GAME_CSS

    def __init__(self, controller: GameControl, session: GameSession) -> None:
        super().__init__(controller)
        self.session = session
        self.selected = 1
        """The card the keys act on (1 or 2)."""
        self.hint: HintResult | None = None
        """The hint shown, always for the current position (else cleared)."""
        self._choice: ChoiceBox  # made in compose
        self._hint_asked: object = None
        """The position a running hint search is for (a result for another is dropped)."""
        self.add_class(f"-{session.deck_colour}")

    def compose(self) -> ComposeResult:
        g = self.controller.glyphs
        yield StatusBar(g, id="status")
        with Horizontal(id="cards"):
            for position in (1, 2, 3):
                yield CardWidget(position, g, id=f"card-{position}")
        with Horizontal(id="lower"):
            yield StoredPanel(g, id="stored")
            yield MoveLog(self.opening_line(), id="log")
            yield from self.compose_lower()
        self._choice = ChoiceBox(self.controller.glyphs, id="choice")
        yield self._choice
        yield HintLine(id="hint")
        # ctrl+p: in the help; the cards are tap targets for their own actions
        on_cards = frozenset({"act"})  # each card lists its actions with their keys
        yield from key_bars(
            KeyBar(compact=True, show_command_palette=False, on_screen=on_cards),
            on_screen=on_cards,
        )

    def opening_line(self) -> str:
        """The move log's first line: what game this is."""
        session = self.session
        colour = deck_colour_name(session.deck_colour)
        deal = _("Seed {seed}, {colour} deck").format(seed=session.seed, colour=colour)
        from ...solver.daily import daily_date

        day = daily_date(session.seed) if session.seed is not None else None
        if day is None:
            kind = _("New game")
        elif session.practice:
            kind = _("Daily deal of {date} (practice: not counted as the daily result)")
        else:
            kind = _("Daily deal of {date}")
        kind = kind.format(date=day.isoformat() if day else "")
        if session.difficulty is None:  # a game in memory: never feats (R30)
            # Translators: {game} is "New game" or "Daily deal of 2026-12-05", {deal}
            # "Seed 7, red deck"
            return _("{game}. {deal}. Round 1 begins.").format(game=kind, deal=deal)
        setup = feats_in_deck(session.difficulty, session.feat_cards)
        # Translators: {setup} is "Difficulty easy; feat cards in the deck: FT1 Granary."
        return _("{game}. {deal}. {setup} Round 1 begins.").format(
            game=kind, deal=deal, setup=setup
        )

    def compose_lower(self) -> ComposeResult:
        """More parts beside the move log (the tutorial's lesson panel); none here."""
        yield from ()

    def marked(self, position: int) -> str | None:
        """The action line of card ``position`` a lesson points at (none in a game)."""
        return None

    @while_attached
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
            widget.show(
                card_view,
                options,
                note,
                selected=position == self.selected,
                hinted=hinted,
                marked=self.marked(position),
            )
        self.query_one("#stored", StoredPanel).show(state)
        self.query_one("#status", StatusBar).show(view, score(state).total, self._deal)
        log = self.query_one("#log", MoveLog)
        log.show(self.session.steps)
        progress = self.session.goal_progress()
        # the longest wording that fits the log's border: at least code and count (FT6 0/16)
        log.show_goals(
            goal_lines(progress), goal_lines(progress, GOAL_LINE_SHORT), goal_counts(progress)
        )
        refresh_keys(self)  # the footer rebuilds only if its keys changed

    @property
    def _deal(self) -> str:
        """Which deal this is, for the status line: a daily deal says so, by its date."""
        from ...solver.daily import daily_date

        session = self.session
        day = daily_date(session.seed) if session.seed is not None else None
        if day is None:
            return _("seed {seed}").format(seed=session.seed)
        if session.practice:
            return _("daily {date} practice").format(date=day.isoformat())
        return _("daily {date}").format(date=day.isoformat())

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
        if card == 3:
            notify_plain(self, _(LOOK_ONLY), timeout=4)
            return
        if card != self.selected:
            self.selected = card
            self.show_state()

    def action_act(self, kind: str) -> None:
        """Play ``kind`` on the selected card (discard: card 1), asking if it must."""
        card = 1 if kind == DISCARD else self.selected
        moves = moves_for(self.session.state, card, kind)
        if not moves:
            g = self.controller.glyphs
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

        try:
            self.session.play(move)
        except SaveError as exc:  # a saved game: the move was not made
            failed = _("Not saved, move not played: {reason}").format(reason=exc)
            notify_plain(self, failed, severity="error", timeout=8)
            self._refused(exc)
            return
        self.selected = 1  # card 2 was used: a different card is there now
        self.show_state()
        if self.session.state.is_over:
            self.show_end()

    def _refused(self, exc: Exception) -> None:
        """A saved game refused the write because another window changed or holds
        it: reload what is stored (holding.py), never play on from a stale view."""
        if isinstance(exc, SaveError):
            request(self, WriteRefused(exc))

    def show_end(self) -> None:
        from .end import EndScreen

        request(self, GameFinished())
        self.app.push_screen(EndScreen(self.controller, self.session), self._after_end)

    def _after_end(self, choice: str | None) -> None:
        if choice == "undo":
            self.action_undo()
            if self.session.state.is_over:  # a saved game's result cannot be taken back
                notify_plain(self, _("This game is saved as finished; it cannot be undone."))
                self.show_end()
        elif choice in ("again", "new"):
            request(self, Again(new_deal=choice == "new"))
        else:
            request(self, BackToTitle())

    def action_leave(self) -> None:
        """Back to the title; the game is kept and the title offers it under Continue."""
        request(self, LeaveGame())

    def action_peek(self) -> None:
        from .peek import PeekScreen

        view = observe(self.session.state).top[self.selected - 1]
        self.app.push_screen(PeekScreen(view, self.controller.glyphs))

    def action_hint(self) -> None:
        """Ask the solver for the move to play here, off the UI thread."""
        state = self.session.state
        if state.is_over or self.hint is not None or self._hint_asked is state:
            return  # nothing to suggest, already shown, or already being searched
        self._hint_asked = state
        self.query_one("#hint", HintLine).thinking()
        from ...solver import HINT_BUDGET

        budget = self.controller.config.hint_budget or HINT_BUDGET
        pars = self.controller.pars
        start = self.session.start

        def search() -> HintResult | None:
            return search_hint(start, state, budget, pars)

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
        self.controller.pars.flush()  # the par line the hint waited for is kept now
        if result.found is not None:  # searched off the known lines: keep it for later hints
            from ...solver import HINT_BUDGET

            budget = self.controller.config.hint_budget or HINT_BUDGET
            self.controller.pars.keep(
                self.session.start, self.session.moves, result.found, budget.width
            )

        try:
            self.session.count_hint()
        except SaveError as exc:  # the hint is shown; only its count could not be kept
            failed = _("Hint not counted in the file: {reason}").format(reason=exc)
            notify_plain(self, failed, severity="warning")
        reason = why(result.state, result.line)
        text = hint_text(result.hint, self.controller.glyphs, reason)
        self.query_one("#hint", HintLine).show_hint(text)
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

        try:
            undone = self.session.undo()
        except SaveError as exc:
            failed = _("Not saved, nothing undone: {reason}").format(reason=exc)
            notify_plain(self, failed, severity="error", timeout=8)
            self._refused(exc)
            return
        if undone is not None:
            self.show_state()

    def action_redo(self) -> None:

        try:
            redone = self.session.redo()
        except SaveError as exc:
            failed = _("Not saved, nothing redone: {reason}").format(reason=exc)
            notify_plain(self, failed, severity="error", timeout=8)
            self._refused(exc)
            return
        if redone is not None:
            self.show_state()
            if self.session.state.is_over:
                self.show_end()

    # Messages up ----------------------------------------------------------------------

    def on_card_widget_clicked(self, message: CardWidget.Clicked) -> None:
        """A click does what the keys do: select the card, then play the action."""
        if self.choice.is_open:
            return
        self.action_select(message.position)  # card 3: says it is look only
        if message.position == 3:
            return
        if message.kind is not None and moves_for(
            self.session.state, message.position if message.kind != DISCARD else 1, message.kind
        ):
            self.action_act(message.kind)
