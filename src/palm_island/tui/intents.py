"""What a screen asks of the app (an :data:`Intent`), and the screens that read the
controller.

Attributes down, requests up: a screen is given the controller in its constructor
and reads it; to change what is shown, or anything the controller keeps, it calls
:func:`request` with an intent, which returns nothing. The app is the controller's
only caller: it routes each intent with ``match`` and ``assert_never``, so the type
checker proves every intent is handled (docs/architecture.md). The request is
handled at once, as the key's handler used to change screens itself: a posted
message would be handled after the key, and a test (or a player's next key) would
meet the old screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeAlias, TypeVar, runtime_checkable

from textual.message_pump import MessagePump
from textual.screen import ModalScreen, Screen

from .fitted import Fitted

if TYPE_CHECKING:
    from ..campaign.model import SavedGame
    from ..engine import Move
    from ..session import DeckColour
    from ..tutorial.progress import Progress
    from .controller import Controller, Replay
    from .par import ParBook

    GameControl: TypeAlias = Controller[ParBook]
    """The controller as the app makes it: its par book is the TUI's."""

ResultType = TypeVar("ResultType")


@dataclass(frozen=True)
class PreviewSeen:
    """The deck was looked at: on to the game screen."""


@dataclass(frozen=True)
class GameFinished:
    """The game shown ended (its end screen is shown): record it."""


@dataclass(frozen=True)
class Again:
    """From the end screen: the same deal again, or a new deal."""

    new_deal: bool


@dataclass(frozen=True)
class WriteRefused:
    """A saved game's move was not written (another window changed or holds it)."""

    error: Exception


@dataclass(frozen=True)
class LeaveGame:
    """``escape`` in a game: to the title, a quick game kept for Continue."""


@dataclass(frozen=True)
class BackToTitle:
    """To the title, letting the game go."""


@dataclass(frozen=True)
class RunEntry:
    """The title's entry ``entry``, with the seed field's text and the deck chosen."""

    entry: str
    seed_text: str
    colour: DeckColour


@dataclass(frozen=True)
class TitleEntry:
    """A title entry from the command palette: to the title, then the entry."""

    entry: str


@dataclass(frozen=True)
class SeedTyped:
    """The title's seed field changed (empty: a random deal)."""

    text: str


@dataclass(frozen=True)
class ColourChosen:
    colour: DeckColour


@dataclass(frozen=True)
class Resume:
    """Play saved game ``game`` (from Saved games)."""

    game: SavedGame


@dataclass(frozen=True)
class TakeOver:
    """Play saved game ``game_id`` here, if the window that held it is gone."""

    game_id: int


@dataclass(frozen=True)
class Follow:
    """The watched game is at ``moves`` now (read from the file)."""

    moves: tuple[Move, ...]


@dataclass(frozen=True)
class OpenReplay:
    """Show ``replay`` in the replay viewer."""

    replay: Replay


@dataclass(frozen=True)
class LeaveReplay:
    """The replay viewer is closed."""


@dataclass(frozen=True)
class TutorialStep:
    """The tutorial went on to a step: remember it."""

    progress: Progress


@dataclass(frozen=True)
class LeaveTutorial:
    """Back to the title from the tutorial, keeping its step (and game, for this run)."""

    progress: Progress


@dataclass(frozen=True)
class CampaignChosen:
    name: str


@dataclass(frozen=True)
class CampaignRenamed:
    old: str
    new: str


@dataclass(frozen=True)
class CampaignDeleted:
    name: str


@dataclass(frozen=True)
class ReopenFile:
    """A backup was put in place: open the campaign file again."""


@dataclass(frozen=True)
class ShowHelp:
    """The help screen (``?``, or the title's Help entry)."""


@dataclass(frozen=True)
class RequestQuit:
    """Quit, asking first while a game is in progress."""


Intent: TypeAlias = (
    PreviewSeen
    | GameFinished
    | Again
    | WriteRefused
    | LeaveGame
    | BackToTitle
    | RunEntry
    | TitleEntry
    | SeedTyped
    | ColourChosen
    | Resume
    | TakeOver
    | Follow
    | OpenReplay
    | LeaveReplay
    | TutorialStep
    | LeaveTutorial
    | CampaignChosen
    | CampaignRenamed
    | CampaignDeleted
    | ReopenFile
    | ShowHelp
    | RequestQuit
)
"""Everything a screen may ask of the app."""


@runtime_checkable
class IntentRouter(Protocol):
    """The app: routes each intent (to the controller, then to screens)."""

    def route(self, intent: Intent) -> None: ...


def request(node: MessagePump, intent: Intent) -> None:
    """Hand ``intent`` to the app ``node`` runs in, now."""
    app = node.app
    if not isinstance(app, IntentRouter):
        raise TypeError(f"{type(app).__name__} routes no intents")
    app.route(intent)


class ControlledScreen(Fitted, Screen[ResultType]):
    """A screen of this game: it reads the controller it was given."""

    def __init__(self, controller: GameControl) -> None:
        super().__init__()
        self._controller = controller

    @property
    def controller(self) -> GameControl:
        return self._controller


class ControlledModal(Fitted, ModalScreen[ResultType]):
    """A modal screen of this game, given the controller as :class:`ControlledScreen`."""

    def __init__(self, controller: GameControl) -> None:
        super().__init__()
        self._controller = controller

    @property
    def controller(self) -> GameControl:
        return self._controller
