"""What a screen asks of the app, as Textual messages, and how it finds the controller.

Screens read and change the shared state through the :class:`.controller.Controller`
and never import the app: to change screens they send it an intent
(``send(self, StartGame(...))``) and the app maps it to screens
(docs/architecture.md). :func:`send` hands the intent over at once, as the key's
handler used to change screens itself: a posted message would be handled after
the key, and a test (or a player's next key) would meet the old screen. Posting
one (``app.post_message``) reaches the same handler.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from textual.message import Message
from textual.message_pump import MessagePump
from textual.screen import ModalScreen, Screen

from .controller import Controller, Outcome
from .fitted import Fitted

if TYPE_CHECKING:
    from ..session import GameSession
    from ..tutorial.progress import Progress

ResultType = TypeVar("ResultType")


def controller_of(node: MessagePump) -> Controller:
    """The controller of the app ``node`` runs in (every app of this game has one)."""
    found: Any = getattr(node.app, "controller", None)
    if not isinstance(found, Controller):
        raise TypeError(f"{type(node.app).__name__} has no game controller")
    return found


@runtime_checkable
class IntentHandler(Protocol):
    """The app: maps each intent to screens."""

    def handle_intent(self, intent: Intent) -> None: ...


def send(node: MessagePump, intent: Intent) -> None:
    """Hand ``intent`` to the app of ``node`` now."""
    app = node.app
    if not isinstance(app, IntentHandler):
        raise TypeError(f"{type(app).__name__} handles no intents")
    app.handle_intent(intent)


class ControlledScreen(Fitted, Screen[ResultType]):
    """A screen of this game: it reads the shared state through :attr:`controller`."""

    @property
    def controller(self) -> Controller:
        return controller_of(self)


class ControlledModal(Fitted, ModalScreen[ResultType]):
    """A modal screen of this game, with :attr:`controller` as :class:`ControlledScreen`."""

    @property
    def controller(self) -> Controller:
        return controller_of(self)


class Intent(Message, bubble=False):
    """A request for the app to change screens (posted to the app)."""


class Show(Intent):
    """Show what the controller decided (a game to play or watch, a question)."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__()
        self.outcome = outcome


class StartGame(Intent):
    """Begin ``session`` (the deck first unless ``preview`` is off), then say ``note``."""

    def __init__(self, session: GameSession, *, preview: bool = True, note: str | None = None):
        super().__init__()
        self.session = session
        self.preview = preview
        self.note = note


class PreviewSeen(Intent):
    """The deck was looked at: on to the game screen."""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session


class GameFinished(Intent):
    """A game ended (its end screen is shown): record it, refresh the title."""

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session


class LeaveGame(Intent):
    """``escape`` in a game: to the title, a quick game kept for Continue."""


class BackToTitle(Intent):
    """To the title, letting the game go."""


class RefreshTitle(Intent):
    """The campaign file changed: rebuild the title's menu."""


class StartTutorial(Intent):
    """Open the guided game where the player left it."""


class LeaveTutorial(Intent):
    """Back to the title from the tutorial, keeping its step (and game, for this run)."""

    def __init__(self, session: GameSession, progress: Progress) -> None:
        super().__init__()
        self.session = session
        self.progress = progress


class TitleEntry(Intent):
    """Run a title entry (from the command palette), once the title is shown."""

    def __init__(self, entry: str) -> None:
        super().__init__()
        self.entry = entry


class ShowHelp(Intent):
    """The help screen (``?``, or the title's Help entry)."""


class RequestQuit(Intent):
    """Quit, asking first while a game is in progress."""
