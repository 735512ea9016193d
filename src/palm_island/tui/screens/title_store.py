"""The title's entries for saved games: Continue, Campaign, Feats, History, Statistics.

Separate from :mod:`.title` so the title keeps its layout and quick-game mode;
these functions only run when the app has a campaign file open.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.screen import Screen

from ...storage.errors import LoadError, SaveError
from ..plain import notify_plain

if TYPE_CHECKING:
    from ...campaign.model import SavedGame
    from ...session import DeckColour, GameSession
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
    resume_game_id(app, game.game_id, game.campaign)


def resume_game_id(app: PalmIslandApp, game_id: int, campaign: str | None) -> None:
    """Open stored game ``game_id`` at exactly its position, in ``campaign`` (through
    holding.open_saved: one writer per game)."""
    from ..holding import open_saved

    if app.store is None:
        return
    if campaign is not None:
        app.campaign_name = campaign
    open_saved(app, game_id)


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


def open_daily(app: PalmIslandApp, day: dt.date, colour: DeckColour) -> None:
    """The daily deal is one official attempt a day, in whichever campaign: none yet
    deals it; an unfinished one resumes; a finished (or abandoned) one shows its
    result and offers a practice game, marked as such and never counted."""
    from ...solver import daily_seed

    if app.store is None or app.campaign_name is None:
        return
    seed = daily_seed(day)
    try:
        official = [a for a in app.store.daily_games(seed) if not a[2]]
    except (LoadError, SaveError) as exc:
        notify_plain(app, f"Cannot read the daily deal: {exc}", severity="error", timeout=8)
        return
    if not official:
        note = kept_note(app)
        # Stored with its first move, if no other window stored today's attempt first
        # (then that move is refused and the game screen opens that one instead).
        app.start_game(app.new_session(seed, colour, official=True))
        if note is not None:  # an unfinished game is kept, never hidden: say where
            notify_plain(app, note, timeout=6)
        return
    done = [a for a in official if a[1] != "playing"]
    if not done:
        game_id = official[0][0]
        try:
            campaign = app.store.game(game_id).record.setup.campaign
        except (LoadError, SaveError, KeyError):
            campaign = None
        notify_plain(app, f"Today's daily deal goes on where you left it ({day.isoformat()}).")
        resume_game_id(app, game_id, campaign)
        return
    result = daily_result(app, day, done[0][0])
    ask_practice(app, result, lambda: app.new_session(seed, colour, practice=True))


def daily_result(app: PalmIslandApp, day: dt.date, game_id: int) -> str:
    """What today's official attempt came to: its share line (with the par if known)."""
    from ...solver import share_line

    assert app.store is not None
    try:
        stored = app.store.game(game_id)
        result = stored.record.result
        if result is None:
            return f"You gave up today's daily deal ({day.isoformat()})."
        par = app.pars.get(app.store.replay_data(game_id).states[0])
    except (LoadError, SaveError, KeyError) as exc:
        return f"You played today's daily deal ({day.isoformat()}); its result: {exc}"
    line = share_line(day, result.score, result.rank, par, hints=stored.hints)
    return f"You played today's daily deal:\n{line}"


def ask_practice(app: PalmIslandApp, result: str, deal: Callable[[], GameSession]) -> None:
    """Show today's result; yes plays the deal again as practice (never counted)."""
    from .ask import AskScreen

    def answer(yes: bool | None) -> None:
        if yes:
            app.start_game(deal())

    question = (
        f"{result}\n\nThe daily deal counts once a day. Play it again as practice?\n"
        "A practice game is marked as such and never counts as today's result."
    )
    app.push_screen(AskScreen(question, "Practice"), answer)
