"""The title's entries for saved games: the screens of Saved games, Campaign,
Feats, History and Statistics, and the new game's setup (R31).

Separate from :mod:`.title` so the title keeps its layout and quick-game mode;
these only run when the controller has a campaign file open, and what they start
is the controller's to decide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..intents import ControlledScreen, RefreshTitle, Show, send

if TYPE_CHECKING:
    from ...session import DeckColour
    from .setup import Setup


def open_entry(title: ControlledScreen[None], entry: str) -> None:
    """Open the screen of a saved-games entry (a button or its key)."""
    app = title.app
    if title.controller.store is None:
        return

    def refresh(_: object) -> None:
        send(app, RefreshTitle())

    if entry == "saved":
        from .saved_games import SavedGamesScreen

        app.push_screen(SavedGamesScreen(), refresh)
    elif entry == "campaign":
        from .campaign import CampaignScreen

        app.push_screen(CampaignScreen(), refresh)
    elif entry == "history":
        from .history import HistoryScreen

        app.push_screen(HistoryScreen())
    elif entry == "feats":
        from .feats import FeatsScreen

        app.push_screen(FeatsScreen())
    elif entry == "stats":
        from .stats import StatsScreen

        app.push_screen(StatsScreen())


def ask_new_game(title: ControlledScreen[None], seed: int, colour: DeckColour) -> None:
    """Ask for difficulty and feats (R31), then start a saved game in the campaign.

    An unfinished game is kept (never abandoned here) and the player is told so.
    """
    from .setup import SetupScreen

    def start(setup: Setup | None) -> None:
        if setup is not None:
            outcome = title.controller.new_game(seed, colour, (setup.difficulty, setup.feats))
            send(title, Show(outcome))

    title.app.push_screen(SetupScreen(), start)
