"""Provides :class:`SavedGames`: Continue, and one window per saved game (hold it,
watch it when another window holds it, reload after a refused write)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .games import Games
from .outcomes import AskHeld, Outcome, Play, ToTitle, Watch
from .state import is_stored, store_errors

if TYPE_CHECKING:
    from ...campaign.model import SavedGame
    from ...storage.folder_identity import FolderGone
    from ...storage.stored_game import StoredGame


class SavedGames(Games):
    """Opening saved games, one window each."""

    def can_continue(self) -> bool:
        """Continue applies: a quick game kept, or an unfinished saved game (never
        opening the file just to ask)."""
        if self.kept is not None:
            return True
        if self.store_pending or self._store is None or self.saving_off is not None:
            return False
        return self.unfinished_count() > 0

    def continue_game(self) -> Outcome:
        """Continue: the kept quick game, else the most recently played unfinished saved
        game, in whichever campaign (R32); its saved moves are the undo history."""
        if self.kept is not None:
            return self.continue_kept()
        if self.store is None:
            return None
        try:
            games = [game for game in self.store.saved_games() if game.problem is None]
        except store_errors() as exc:
            self.tell(f"Cannot continue: {exc}", "error", 8)
            return None
        if not games:
            self.tell("No game to continue.", "information", 5)
            return ToTitle()
        return self.resume(games[0])

    def resume(self, game: SavedGame) -> Outcome:
        """Open a saved game at exactly its position; its campaign becomes current."""
        return self.open_saved(game.game_id, game.campaign)

    def open_saved(self, game_id: int, campaign: str | None = None, *, ask: bool = True) -> Outcome:
        """Play saved game ``game_id`` here if no other live window holds it; else ask
        (watch or take over), or with ``ask`` off say it is still held. Errors are a
        notice and the title, never a crash."""
        from ...stored_session import StoredSession

        if self.store is None:
            return None
        if self.saving_off is not None:
            self.tell(
                f"Saving is off ({self.saving_off}): a saved game is not played on here; "
                "History replays the finished ones.",
                "warning",
                8,
            )
            return None
        if campaign is not None:
            self.campaign_name = campaign
        try:
            stored = self.store.resume_game(game_id)
            holder = self.store.hold_game(game_id)
        except store_errors() as exc:
            self.tell(f"Cannot open game {game_id}: {exc}", "error", 8)
            return ToTitle()
        if holder is None:
            session = StoredSession(stored)
            self.deck_colour = session.deck_colour
            return Play(session, preview=False)
        if not ask:
            self.tell(f"Still open in the other window ({holder.describe()}).", "information", 6)
            return None
        return AskHeld(game_id, holder, stored)

    def watch(self, stored: StoredGame) -> Outcome:
        """A game another window holds, read-only (never written from here)."""
        from ...session import GameSession

        session = GameSession(
            stored.states[0],
            seed=stored.record.seed,
            deck_colour=stored.record.deck_colour,
            history=stored.moves,
        )
        self.session = None  # held by the other window: nothing of ours to release
        return Watch(session, stored.saved_id)

    def refused(self, exc: Exception) -> Outcome:
        """A write was refused: if the game changed in (or was taken by) another window,
        reload it from the store (or watch it), so this window shows what is stored."""
        from ...storage.errors import StaleGameError
        from ...storage.folder_identity import FolderGone

        if isinstance(exc, StaleGameError):
            return self.open_saved(exc.game_id)
        if isinstance(exc, FolderGone):
            return self.folder_gone(exc)
        return None

    def folder_gone(self, exc: FolderGone) -> Outcome:
        """The data folder went away under a saved game: saving stops, and the title
        (where new games are quick games) replaces the game that cannot be saved."""
        self.stop_saving(exc.problem)
        return ToTitle()

    def heartbeat(self) -> Outcome:
        """Renew the hold of the game being played; if another window took it over (this
        one stalled past the lease), say so and offer to watch it instead."""
        session = self.session
        if self._store is None or not is_stored(session) or session is None:
            return None
        game_id = getattr(session, "game_id", None)
        if session.state.is_over or game_id is None:
            return None  # over, or no move yet: stored (and held) with its first move
        from ...storage.folder_identity import FolderGone

        try:
            held = self._store.renew_hold(game_id)
        except FolderGone as exc:  # found by the beat, before the next move
            return self.folder_gone(exc)
        except store_errors():
            return None  # a busy file: the next beat tries again
        if held:
            return None
        self.tell("Another window took this game over.", "warning", 8)
        return self.open_saved(game_id)
