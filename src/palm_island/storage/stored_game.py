"""Provides :class:`StoredGame`: one campaign game being played, saved move by move.

Callers that keep a game in the campaign file play through it: :meth:`StoredGame.play`
applies a legal move and commits it before returning (autosave), so quitting,
a closed terminal, SIGTERM or a crash lose at most the move in progress. When a
move ends the game, the end of game (status, score, feat unlocks) is committed
in one transaction and the newly unlocked feats are kept for the end screen.

A game with no move played is not a saved game: a new game is written to the file
with its first move (:attr:`StoredGame.game_id` is ``None`` until then), so a deal
looked at and left never takes over Continue. Hints asked are counted in the file
too, so the end screen shows the game's count however often it was resumed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import FeatSpec, GameState, Move, Transition, apply_move, new_game
from ..records import GameRecord, record_deal, record_feats, replay

if TYPE_CHECKING:
    from .service import Store


class StoredGame:
    """A stored game in play. States are immutable, so undo just steps back."""

    def __init__(
        self,
        store: Store,
        game_id: int | None,
        start: GameState,
        record: GameRecord,
        *,
        campaign_id: int | None = None,
        hints: int = 0,
        practice: bool = False,
        official: bool = False,
    ) -> None:
        self.store = store
        self.game_id = game_id
        """The game's row; ``None`` until its first move is saved (see ``campaign_id``)."""
        self.campaign_id = campaign_id
        """Where a game not yet stored is stored with its first move."""
        self.hints = hints
        """Hints asked in this game, in every session of it (stored)."""
        self.practice = practice
        """A daily deal played again: never counted as that day's result (stored)."""
        self.official = official
        """The daily deal's official attempt: stored only if no other window stored
        one first (repositories.start_game)."""
        self.record = record
        """The game's record as it started (setup, deal, seed); moves are below."""
        self.states: list[GameState] = [start]
        self.moves: list[Move] = []
        self.newly_unlocked: tuple[FeatSpec, ...] = ()
        """Feats this game unlocked (R29), set when it ends."""

    @classmethod
    def resume(
        cls,
        store: Store,
        game_id: int,
        record: GameRecord,
        *,
        hints: int = 0,
        practice: bool = False,
    ) -> StoredGame:
        """The session of a saved game, at exactly its last committed position (R32).

        Raises:
            RecordError: the saved moves do not replay.
        """
        catalog = store.feats.catalog
        start = new_game(
            catalog, deal=record_deal(record, catalog), feats=record_feats(record, catalog)
        )
        session = cls(store, game_id, start, record, hints=hints, practice=practice)
        session.states = list(replay(record, catalog))
        session.moves = [Move.parse(text) for text in record.moves]
        return session

    @property
    def state(self) -> GameState:
        return self.states[-1]

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def based_on(self) -> list[str]:
        """The moves this window believes are stored: every write carries them, so a
        write from a stale view (another window played or undid) is refused."""
        return [str(move) for move in self.moves]

    @property
    def saved_id(self) -> int:
        """The game's row, for callers that hold a stored game (resumed, or past its
        first move). Raises LookupError for a game not stored yet."""
        if self.game_id is None:
            raise LookupError("this game is stored with its first move; none is played yet")
        return self.game_id

    def play(self, move: Move) -> Transition:
        """Apply ``move`` and commit it; a game-ending move commits the result with
        it, in one transaction (both or neither).

        The session changes only after the commit, so a failed write leaves it
        exactly where the store is.

        Raises:
            IllegalMoveError: the move is not legal (nothing saved).
            StaleGameError: the game changed in (or is held by) another window, or
                (its first move) another window stored the daily deal's official
                attempt first; reload the game it names (nothing saved).
            SaveError: it could not be saved; the session stays where it was.
        """
        from . import repositories
        from .db import guard

        transition = apply_move(self.state, move)
        ends = transition.state.is_over
        with guard("campaign.db"):
            unlocked: tuple[FeatSpec, ...] = ()
            if self.game_id is None:  # a game is stored with its first move
                assert self.campaign_id is not None
                self.game_id = repositories.start_game(
                    self.store.conn,
                    self.campaign_id,
                    self.record,
                    first_move=str(move),
                    hints=self.hints,
                    practice=self.practice,
                    official=self.official,
                )
                if self.store.holds_games:  # a window's game: held from its first move
                    self.store.hold_game(self.game_id)
            else:
                unlocked = repositories.append_move(
                    self.store.conn,
                    self.game_id,
                    str(move),
                    based_on=self.based_on,
                    finish=self.store.feats if ends else None,
                )
        self.moves.append(move)
        self.states.append(transition.state)
        if ends:
            self.newly_unlocked = unlocked
            self.store.after_finished_game()
        return transition

    def count_hint(self) -> int:
        """One more hint asked; stored at once once the game is (else with its first move).

        Raises:
            SaveError: it could not be saved (the count is unchanged).
        """
        if self.game_id is None:
            self.hints += 1
            return self.hints
        from . import repositories
        from .db import guard

        with guard("campaign.db"):
            self.hints = repositories.count_hint(self.store.conn, self.game_id)
        return self.hints

    def undo(self) -> GameState:
        """Take back the last move (also one made before the game was continued).

        Raises:
            IndexError: no move to take back, or the game is over.
            StaleGameError: the game changed in another window (nothing undone).
            SaveError: it could not be saved.
        """
        from . import repositories

        if not self.moves or self.is_over or self.game_id is None:
            raise IndexError("no move to take back")
        from .db import guard

        with guard("campaign.db"):
            repositories.undo_move(self.store.conn, self.game_id, based_on=self.based_on)
        self.moves.pop()
        self.states.pop()
        return self.state
