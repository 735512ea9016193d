"""The title's entries for saved games: Continue, Campaign, Feats, History, Statistics.

Separate from :mod:`.title` so the title keeps its layout and quick-game mode;
these functions only run when the app has a campaign file open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from ...storage.errors import LoadError, SaveError
from ..plain import notify_plain

if TYPE_CHECKING:
    from ...campaign.model import SavedGame
    from ...session import DeckColour
    from ..app import PalmIslandApp
    from .setup import Setup


def unfinished_count(app: PalmIslandApp) -> int:
    """How many unfinished games the file holds, in every campaign (Continue, Saved games)."""
    if app.store is None:
        return 0
    try:
        return app.store.unfinished_count()
    except (LoadError, SaveError):
        return 0


def open_entry(app: PalmIslandApp, entry: str, title: Screen[None]) -> None:
    """Run a menu entry (a button or its key)."""
    if app.store is None:
        return
    if entry == "continue":
        continue_game(app)
    elif entry == "saved":
        from .saved_games import SavedGamesScreen

        app.push_screen(SavedGamesScreen(), lambda _: app.refresh_title())
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
    """Resume the most recently played unfinished game, in whichever campaign (R32).

    The saved moves become the undo history, so ``u`` goes back through moves
    made before the game was left. Every other unfinished game is on the Saved
    games screen.
    """
    if app.store is None:
        return
    try:
        games = [game for game in app.store.saved_games() if game.problem is None]
    except (LoadError, SaveError) as exc:
        notify_plain(app, f"Cannot continue: {exc}", severity="error", timeout=8)
        return
    if not games:
        notify_plain(app, "No game to continue.")
        app.refresh_title()
        return
    resume_saved_game(app, games[0])


def resume_saved_game(app: PalmIslandApp, game: SavedGame) -> None:
    """Open a saved game at exactly its position; its campaign becomes the current one.
    If another window has it open, ask: watch it, or take it over (holding.py)."""
    from ..holding import open_saved

    if app.store is None:
        return
    if game.campaign is not None:
        app.campaign_name = game.campaign
    open_saved(app, game.game_id)


def kept_note(app: PalmIslandApp) -> str | None:
    """What a new deal says when unfinished games exist: they are kept, and where."""
    waiting = unfinished_count(app)
    if not waiting:
        return None
    games = "game is" if waiting == 1 else f"{waiting} games are"
    return f"Your unfinished {games} kept: Saved games (s) on the title."


def ask_new_game(app: PalmIslandApp, seed: int, colour: DeckColour) -> None:
    """Ask for difficulty and feats (R31), then start a saved game in the campaign.

    An unfinished game is kept (never abandoned here) and the player is told so.
    """
    from .setup import SetupScreen

    def start(setup: Setup | None) -> None:
        if setup is None or app.store is None or app.campaign_name is None:
            return
        app.difficulty, app.feat_choice = setup.difficulty, setup.feats
        note = kept_note(app)
        try:
            session = app.new_session(seed, colour)
        except (LoadError, SaveError, ValueError) as exc:
            notify_plain(app, str(exc), severity="error", timeout=8)
            return
        app.start_game(session)
        if note is not None:
            notify_plain(app, note, timeout=6)

    app.push_screen(SetupScreen(), start)
