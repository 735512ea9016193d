"""One writer per game, as the player sees it: the question when a saved game is
open in another window, and the read-only view of a game another window plays.

The store keeps the holder record (storage/holders.py) and refuses any write from a
window that does not hold the game or whose view is out of date; the controller
decides (hold, heartbeat, release, reload after a refused write: see
``Controller.open_saved``); these screens show it: a choice when the game is
already open elsewhere (watch it, read-only and refreshing; or take it over once
that window is gone).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..campaign.service import CampaignError
from ..engine import Move
from ..i18n import N_, _
from ..storage.errors import LoadError, SaveError
from .attached import while_attached
from .fitted import Fitted
from .intents import BackToTitle, Follow, TakeOver, request
from .plain import notify_plain, plain
from .screens.game import GameScreen
from .widgets.buttons import GameButton
from .widgets.footer import key_bars

if TYPE_CHECKING:
    from ..session import GameSession
    from ..storage.holders import Holder
    from .intents import GameControl

WATCH_REFRESH = 1.0
"""Seconds between a watching window's looks at the stored game."""
STORE_ERRORS = (LoadError, SaveError, CampaignError, KeyError)


def holder_words(holder: Holder) -> str:
    """Which window holds the game, since when (its process, host and UTC time)."""
    return _("process {pid} on {host}, since {time} UTC").format(
        pid=holder.pid, host=holder.host, time=holder.since[11:16]
    )


def ended_words(status: str) -> str:
    """How the other window ended the watched game (the store's status, said)."""
    if status == "finished":
        return _("The other window finished this game.")
    if status == "abandoned":
        return _("The other window abandoned this game.")
    return _("The other window ended this game ({status}).").format(status=status)


class HeldElsewhereScreen(Fitted, ModalScreen[str | None]):
    """The game is open in another window: ``w`` watch, ``t`` take over, ``esc`` back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "answer('watch')", N_("Watch")),
        Binding("t", "answer('take')", N_("Take over")),
        Binding("escape", "answer(None)", N_("Back")),
    ]
    CSS_PATH = Path(__file__).with_name("holding.tcss")

    def __init__(self, game_id: int, holder: Holder) -> None:
        super().__init__()
        self.game_id = game_id
        self.holder = holder

    def compose(self) -> ComposeResult:
        with Vertical():
            held = _("Game {game} is open in another window ({holder}).")
            yield Static(plain(held.format(game=self.game_id, holder=holder_words(self.holder))))
            yield Static(
                _(
                    "Only one window plays a game. Watch it here (it follows the other "
                    "window's moves), or take it over once that window is closed."
                ),
                classes="note",
            )
            with Horizontal():
                yield GameButton(_("Watch (w)"), id="watch", variant="primary")
                yield GameButton(_("Take over (t)"), id="take")
                yield GameButton(_("Back (esc)"), id="back")
        yield from key_bars()

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None if event.button.id == "back" else event.button.id)


class WatchScreen(GameScreen):
    """A game another window plays, read-only: it follows the stored moves every
    second. ``t`` takes it over once the other window is gone; ``escape`` leaves."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("t", "take_over", N_("Take over"))]

    def __init__(self, controller: GameControl, session: GameSession, game_id: int) -> None:
        super().__init__(controller, session)
        self.game_id = game_id
        self.watched: tuple[str, ...] = tuple(map(str, session.moves))

    @while_attached
    def on_mount(self) -> None:
        super().on_mount()
        self.set_interval(WATCH_REFRESH, self.follow)
        notify_plain(
            self,
            _(
                "Watching game {game}: another window plays it. "
                "t takes it over once that window is closed."
            ).format(game=self.game_id),
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
        notify_plain(self, _("Watching: the other window plays this game (t: take over)."))

    def follow(self) -> None:
        """Show what the other window stored since the last look."""
        store = self.controller.store
        if store is None or self.app.screen is not self:
            return
        try:
            status, moves = store.saved_moves(self.game_id)
        except STORE_ERRORS as exc:
            gone = _("The watched game is gone: {reason}").format(reason=exc)
            notify_plain(self, gone, severity="warning")
            request(self, BackToTitle())
            return
        if moves != self.watched:
            self.watched = moves
            request(self, Follow(tuple(Move.parse(text) for text in moves)))
            followed = self.controller.session
            if followed is not None:  # the controller's game is the one shown
                self.session = followed
            self.show_state()
        if status != "playing":
            notify_plain(self, ended_words(status), timeout=6)

    def action_take_over(self) -> None:
        request(self, TakeOver(self.game_id))
