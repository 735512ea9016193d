"""One writer per game in the app: hold the saved game being played, offer to watch
one another window holds, and reload after a write from a stale view was refused.

The store keeps the holder record (storage/holders.py) and refuses any write from a
window that does not hold the game or whose view is out of date; this module is
what the player sees of it: a choice when the game is already open elsewhere
(watch it, read-only and refreshing; or take it over once that window is gone),
the heartbeat while playing, and a reload instead of a crash when refused.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..campaign.service import CampaignError
from ..engine import Move
from ..session import GameSession
from ..storage.errors import LoadError, SaveError, StaleGameError
from .attached import while_attached
from .plain import notify_plain, plain
from .screens.game import GameScreen
from .widgets.footer import key_bars

if TYPE_CHECKING:
    from ..storage.holders import Holder
    from ..storage.stored_game import StoredGame
    from .app import PalmIslandApp

WATCH_REFRESH = 1.0
"""Seconds between a watching window's looks at the stored game."""
STORE_ERRORS = (LoadError, SaveError, CampaignError, KeyError)


class HeldElsewhereScreen(ModalScreen[str | None]):
    """The game is open in another window: ``w`` watch, ``t`` take over, ``esc`` back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "answer('watch')", "Watch"),
        Binding("t", "answer('take')", "Take over"),
        Binding("escape", "answer(None)", "Back"),
    ]
    CSS_PATH = Path(__file__).with_name("holding.tcss")

    def __init__(self, game_id: int, holder: Holder) -> None:
        super().__init__()
        self.game_id = game_id
        self.holder = holder

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                plain(f"Game {self.game_id} is open in another window ({self.holder.describe()}).")
            )
            yield Static(
                "Only one window plays a game. Watch it here (it follows the other "
                "window's moves), or take it over once that window is closed.",
                classes="note",
            )
            with Horizontal():
                yield Button("Watch (w)", id="watch", variant="primary")
                yield Button("Take over (t)", id="take")
                yield Button("Back (esc)", id="back")
        yield from key_bars()

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None if event.button.id == "back" else event.button.id)


class WatchScreen(GameScreen):
    """A game another window plays, read-only: it follows the stored moves every
    second. ``t`` takes it over once the other window is gone; ``escape`` leaves."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("t", "take_over", "Take over")]

    def __init__(self, session: GameSession, game_id: int) -> None:
        super().__init__(session)
        self.game_id = game_id
        self.watched: tuple[str, ...] = tuple(map(str, session.moves))

    @while_attached
    def on_mount(self) -> None:
        super().on_mount()
        self.set_interval(WATCH_REFRESH, self.follow)
        notify_plain(
            self,
            f"Watching game {self.game_id}: another window plays it. "
            "t takes it over once that window is closed.",
            timeout=8,
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("act", "undo", "redo", "hint", "choice"):
            return False
        return super().check_action(action, parameters)

    def action_act(self, kind: str) -> None:
        """A click on a card's action comes here without the key check: refuse it."""
        self.play(None)

    def play(self, move: Move | None) -> None:
        """Never from here: only the window holding the game plays it."""
        notify_plain(self, "Watching: the other window plays this game (t: take over).")

    def follow(self) -> None:
        """Show what the other window stored since the last look."""
        app = self.palm_app
        if app.store is None or app.screen is not self:
            return
        try:
            status, moves = app.store.saved_moves(self.game_id)
        except STORE_ERRORS as exc:
            notify_plain(self, f"The watched game is gone: {exc}", severity="warning")
            app.back_to_title()
            return
        if moves != self.watched:
            self.watched = moves
            self.session = GameSession(
                self.session.start,
                seed=self.session.seed,
                deck_colour=self.session.deck_colour,
                history=[Move.parse(text) for text in moves],
            )
            self.show_state()
        if status != "playing":
            notify_plain(self, f"The other window ended this game ({status}).", timeout=6)

    def action_take_over(self) -> None:
        open_saved(self.palm_app, self.game_id, ask=False)


def open_saved(app: PalmIslandApp, game_id: int, *, ask: bool = True) -> None:
    """Play a saved game here if no other live window holds it; else ask (watch or
    take over). Errors are a notice and the title, never a crash."""
    from ..stored_session import StoredSession

    if app.store is None:
        return
    try:
        stored = app.store.resume_game(game_id)
        holder = app.store.hold_game(game_id)
    except STORE_ERRORS as exc:
        notify_plain(app, f"Cannot open game {game_id}: {exc}", severity="error", timeout=8)
        app.back_to_title()
        return
    if holder is None:
        session = StoredSession(stored)
        app.deck_colour = session.deck_colour
        app.start_game(session, preview=False)
        if session.state.is_over and isinstance(app.screen, GameScreen):
            app.screen.show_end()
        return
    if not ask:
        notify_plain(app, f"Still open in the other window ({holder.describe()}).", timeout=6)
        return
    app.push_screen(
        HeldElsewhereScreen(game_id, holder), lambda answer: _answered(app, stored, answer)
    )


def _answered(app: PalmIslandApp, stored: StoredGame, answer: str | None) -> None:
    if answer == "watch":
        watch(app, stored)
    elif answer == "take":
        open_saved(app, stored.saved_id, ask=False)


def watch(app: PalmIslandApp, stored: StoredGame) -> None:
    """Show a game another window holds, read-only (never written from here)."""
    session = GameSession(
        stored.states[0],
        seed=stored.record.seed,
        deck_colour=stored.record.deck_colour,
        history=stored.moves,
    )
    app.pop_to_title()
    app.session = None
    app.push_screen(WatchScreen(session, stored.saved_id))


def refused(app: PalmIslandApp, exc: SaveError) -> None:
    """A write was refused: if the game changed in (or was taken by) another window,
    reload it from the store (or watch it), so this window shows what is stored."""
    if isinstance(exc, StaleGameError):
        open_saved(app, exc.game_id)


def heartbeat(app: PalmIslandApp) -> None:
    """Renew the hold of the game being played; if another window took it over (this
    one stalled past the lease), say so and watch it instead."""
    from ..stored_session import StoredSession

    session = app.session
    if app.store is None or not isinstance(session, StoredSession) or session.state.is_over:
        return
    if session.game_id is None:
        return  # no move yet: stored (and held) with its first move
    try:
        held = app.store.renew_hold(session.game_id)
    except STORE_ERRORS:
        return  # a busy file: the next beat tries again
    if not held:
        notify_plain(app, "Another window took this game over.", severity="warning", timeout=8)
        open_saved(app, session.game_id)


def hold(app: PalmIslandApp) -> None:
    """Hold the saved game being played (a new game, or one opened by open_saved);
    if another window got it first, its next write is refused and reloads."""
    from ..stored_session import StoredSession

    session = app.session
    if app.store is not None and isinstance(session, StoredSession):
        if session.game_id is None:
            return  # no move yet: held as its first move stores it (StoredGame.play)
        with contextlib.suppress(*STORE_ERRORS):
            app.store.hold_game(session.game_id)


def release(app: PalmIslandApp) -> None:
    """Let the game being played go (leaving it for the title, or another game)."""
    from ..stored_session import StoredSession

    session = app.session
    if app.store is not None and isinstance(session, StoredSession):
        if session.game_id is None:
            return  # never stored, never held
        # If this fails, the process's end or its silent heartbeat frees the hold.
        with contextlib.suppress(*STORE_ERRORS):
            app.store.release_game(session.game_id)
