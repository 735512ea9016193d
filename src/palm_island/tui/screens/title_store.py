"""The title's entries for saved games: the screens of Saved games, Campaign,
Feats, History and Statistics.

Separate from :mod:`.title` so the title keeps its layout and quick-game mode;
these only run when the controller has a campaign file open. The title rebuilds
its menu as it shows again when they close.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

    from ..intents import GameControl


def open_entry(app: App[Any], controller: GameControl, entry: str) -> None:
    """Open the screen of a saved-games entry (a button or its key)."""
    if controller.store is None:
        return
    if entry == "saved":
        from .saved_games import SavedGamesScreen

        app.push_screen(SavedGamesScreen(controller))
    elif entry == "campaign":
        from .campaign import CampaignScreen

        app.push_screen(CampaignScreen(controller))
    elif entry == "history":
        from .history import HistoryScreen

        app.push_screen(HistoryScreen(controller))
    elif entry == "feats":
        from .feats import FeatsScreen

        app.push_screen(FeatsScreen(controller))
    elif entry == "stats":
        from .stats import StatsScreen

        app.push_screen(StatsScreen(controller))
