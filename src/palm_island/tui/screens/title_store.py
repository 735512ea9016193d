"""The title's entries for saved games: Continue, Campaign, Feats, History, Statistics.

Separate from :mod:`.title` so the title keeps its layout and quick-game mode;
these functions only run when the app has a campaign file open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from ...storage.errors import LoadError, SaveError

if TYPE_CHECKING:
    from ...session import DeckColour
    from ..app import PalmIslandApp
    from .setup import Setup


def open_entry(app: PalmIslandApp, entry: str, title: Screen[None]) -> None:
    """Run a menu entry (a button or its key)."""
    if app.store is None:
        return
    if entry == "continue":
        continue_game(app)
    elif entry == "campaign":
        from .campaign import CampaignScreen

        app.push_screen(CampaignScreen(), lambda _: app.refresh_title())
    elif entry == "history":
        from .history import HistoryScreen

        app.push_screen(HistoryScreen())
    elif entry == "feats":
        from .feats import FeatsScreen

        app.push_screen(FeatsScreen())
    elif entry == "stats":
        from .stats import StatsScreen

        app.push_screen(StatsScreen())


def continue_game(app: PalmIslandApp) -> None:
    """Resume the current campaign's saved game at exactly its position (R32).

    The saved moves become the undo history, so ``u`` goes back through moves
    made before the game was left.
    """
    from ..stored_session import StoredSession

    if app.store is None or app.campaign_name is None:
        return
    try:
        stored = app.store.continue_game(app.campaign_name)
    except (LoadError, SaveError) as exc:
        app.notify(f"Cannot continue: {exc}", severity="error", timeout=8)
        return
    if stored is None:
        app.notify("No game to continue in this campaign.")
        app.refresh_title()
        return
    session = StoredSession(stored)
    app.deck_colour = session.deck_colour
    app.start_game(session, preview=False)
    screen = app.screen
    from .game import GameScreen

    if isinstance(screen, GameScreen) and session.state.is_over:
        screen.show_end()


def ask_new_game(app: PalmIslandApp, seed: int, colour: DeckColour) -> None:
    """Ask for difficulty and feats (R31), then start a saved game in the campaign."""
    from .setup import SetupScreen

    def start(setup: Setup | None) -> None:
        if setup is None or app.store is None or app.campaign_name is None:
            return
        app.difficulty, app.feat_choice = setup.difficulty, setup.feats
        try:
            unfinished = app.store.unfinished_game(app.campaign_name)
            session = app.new_session(seed, colour)
            if unfinished is not None:
                app.store.abandon_game(unfinished.game_id)
        except (LoadError, SaveError, ValueError) as exc:
            app.notify(str(exc), severity="error", timeout=8)
            return
        app.start_game(session)

    app.push_screen(SetupScreen(), start)
