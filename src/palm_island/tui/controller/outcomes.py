"""What the controller decides (an :data:`Outcome`, mapped to screens by the app) and
how it speaks to the player (:data:`Tell`): plain values, no Textual."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ...i18n import N_

if TYPE_CHECKING:
    from ...session import DeckColour, GameSession
    from ...storage.holders import Holder
    from ...storage.stored_game import StoredGame
    from ...tutorial.model import Tutorial
    from ...tutorial.progress import Progress

Severity = Literal["information", "warning", "error"]
Tell = Callable[[str, Severity, float], None]
"""How the controller speaks to the player: text, severity, seconds shown."""

DEFAULT_CAMPAIGN = N_("My island")
"""The campaign a new player's games go to until they create or choose another,
created under its name in the player's language (a name then, kept as it is)."""


@dataclass(frozen=True)
class Play:
    """Play ``session`` here (the app begins it: :meth:`.Controller.begin`).
    R6: the whole deck is shown first unless ``preview`` is off; ``note`` is said after."""

    session: GameSession
    preview: bool = True
    note: str | None = None


@dataclass(frozen=True)
class Watch:
    """Show a game another window holds, read-only, following its stored moves."""

    session: GameSession
    game_id: int


@dataclass(frozen=True)
class Learn:
    """Play the tutorial's guided game ``session`` from ``progress``'s step."""

    session: GameSession
    tutorial: Tutorial
    progress: Progress


@dataclass(frozen=True)
class AskHeld:
    """The saved game is open in another window: ask to watch it or take it over."""

    game_id: int
    holder: Holder
    stored: StoredGame


@dataclass(frozen=True)
class AskPractice:
    """Today's attempt is played: show ``result`` and offer the deal as practice."""

    result: str
    seed: int
    colour: DeckColour


@dataclass(frozen=True)
class ToTitle:
    """Leave whatever is shown for the title (the game, if any, is let go)."""


Outcome = Play | Watch | Learn | AskHeld | AskPractice | ToTitle | None
