"""Provides :class:`Store`, the one object screens and commands talk to for saved data.

It owns the connection to the campaign file and offers what the title screen
("Continue"), the campaign chooser, the history list, the replay viewer and the
statistics screen need (docs/storage.md lists the calls). Everything returned is
a frozen value; every error is a ``LoadError``, ``SaveError`` or
``CampaignError`` with a short message.
"""

from __future__ import annotations

import contextlib
import functools
import secrets
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Literal, ParamSpec, TypeVar

from ..campaign.model import (
    Campaign,
    CampaignStats,
    CampaignSummary,
    FeatUnlock,
    HistoryEntry,
    SavedGame,
)
from ..campaign.service import CampaignError, check_setup, earned
from ..campaign.stats import campaign_stats
from ..engine import FeatSet, FeatSpec, GameState, Move, new_game, score
from ..records import Difficulty, GameRecord, RecordError, build_record, replay, result_of
from . import backups, repositories
from .catalog_files import standard_feats
from .db import checkpoint, empty_database, empty_file, guard, open_database, open_read_only
from .errors import LoadError, SaveError
from .loading import as_load_error, check_record, export_record, import_record_file
from .paths import DB_NAME, data_dir, db_path
from .stored_game import StoredGame

P = ParamSpec("P")
R = TypeVar("R")


def _guarded(method: Callable[P, R]) -> Callable[P, R]:
    """SQLite errors raised inside ``method`` become SaveError or LoadError(db_damaged)."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with guard(DB_NAME):
            return method(*args, **kwargs)

    return wrapper


@dataclass(frozen=True, slots=True)
class ReplayData:
    """What the replay viewer shows: the record, every state, and the moves between."""

    game_id: int
    record: GameRecord
    states: tuple[GameState, ...]
    """The start and the state after each move (``len(moves) + 1`` states)."""
    moves: tuple[Move, ...]


@dataclass(frozen=True, slots=True)
class FeatCheck:
    """One feat's proof, re-simulated by :meth:`Store.verify_campaign`."""

    feat: str
    game_id: int
    ok: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class FeatStatus:
    """A feat as the campaign screen shows it: locked, or unlocked with its proof."""

    feat: FeatSpec
    unlock: FeatUnlock | None


class Store:
    """The campaign file, open. Use as a context manager or call :meth:`close`.

    >>> import tempfile
    >>> with Store.open(tempfile.mkdtemp()) as store:
    ...     store.create_campaign("Ana").name
    'Ana'
    """

    def __init__(
        self,
        directory: Path,
        conn: sqlite3.Connection,
        feats: FeatSet,
        *,
        read_only: bool = False,
    ) -> None:
        self.directory = directory
        self.conn = conn
        self.feats = feats
        self.read_only = read_only
        """Opened for reading only (``mode=ro``): commands that only show data."""
        self._backed_up_at = conn.total_changes
        """``total_changes`` when the last backup was taken: close backs up only news."""
        self.skipped: list[LoadError] = []
        """Games the last :meth:`history` left out because their rows are damaged."""

    @classmethod
    def open(
        cls,
        directory: str | Path | None = None,
        *,
        feats: FeatSet | None = None,
        read_only: bool = False,
    ) -> Store:
        """Open (or create) the campaign file in ``directory`` (see paths.data_dir).

        Takes a backup once a day. With ``read_only`` nothing is written: the file
        is opened with ``mode=ro`` (a read-only data directory works), a missing
        file reads as an empty store, and one that needs an upgrade is opened for
        writing to upgrade it first.

        Raises:
            LoadError: ``db_damaged`` (offer :meth:`list_backups` and
                :meth:`restore_backup`), ``wrong_kind`` or ``newer_version``.
            SaveError: the directory or file cannot be created or opened.
        """
        if read_only:
            store = cls._open_read_only(directory, feats)
            if store is not None:
                return store
        try:
            folder = data_dir(directory)
        except OSError as exc:
            raise SaveError(str(directory or ""), f"cannot use the data directory: {exc}") from None
        conn = open_database(
            db_path(folder), backups.before_migration, lambda: backups.has_backups(folder)
        )
        # A backup that cannot be written must not stop the game; doctor lists them.
        with contextlib.suppress(SaveError, OSError):
            backups.daily_backup(conn, folder)
        return cls(folder, conn, feats or standard_feats())

    @classmethod
    def _open_read_only(cls, directory: str | Path | None, feats: FeatSet | None) -> Store | None:
        folder = data_dir(directory, create=False)
        path = db_path(folder)
        if not path.exists():
            if backups.has_backups(folder):
                return None  # the normal open reports it, with the backups
            return cls(folder, empty_database(), feats or standard_feats(), read_only=True)
        if empty_file(path) and backups.has_backups(folder):
            return None
        conn = open_read_only(path)
        if conn is None:
            return None
        return cls(folder, conn, feats or standard_feats(), read_only=True)

    def close(self) -> None:
        """Checkpoint the log into the main file and back up what changed, then close.

        A backup that cannot be written (a full disk) does not stop the close: the
        file itself is safe.
        """
        try:
            if not self.read_only:
                checkpoint(self.conn)
                self.backup_if_changed()
        finally:
            self.conn.close()

    def backup_if_changed(self) -> Path | None:
        """Take a backup if anything was written since the last one (rotated)."""
        if self.read_only or self.conn.total_changes == self._backed_up_at:
            return None
        try:
            taken = backups.take_backup(self.conn, self.directory)
        except (SaveError, OSError):
            return None
        self._backed_up_at = self.conn.total_changes
        return taken

    def after_finished_game(self) -> None:
        """A game just ended: move the log into the main file and back it all up, so
        neither a lost ``-wal`` file nor a damaged file can cost a finished game."""
        checkpoint(self.conn)
        self.backup_if_changed()

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    @staticmethod
    def list_backups(directory: str | Path | None = None) -> list[backups.Backup]:
        """Backups that pass ``quick_check``, newest first, each with what it holds
        (works when open failed, and in a read-only directory)."""
        return backups.list_backups(data_dir(directory, create=False))

    @staticmethod
    def restore_backup(
        backup: backups.Backup | Path, directory: str | Path | None = None
    ) -> Path | None:
        """Replace the campaign file with ``backup``; the old file is kept renamed
        ``campaign.damaged-<time>.db`` (returned), never deleted."""
        path = backup.path if isinstance(backup, backups.Backup) else backup
        return backups.restore_backup(data_dir(directory), path)

    # --- campaigns ----------------------------------------------------------------

    @_guarded
    def campaigns(self) -> list[CampaignSummary]:
        """Every campaign, most recently played first (the chooser)."""
        return repositories.list_campaigns(self.conn)

    @_guarded
    def create_campaign(self, name: str) -> Campaign:
        return repositories.create_campaign(self.conn, name)

    @_guarded
    def campaign(self, name: str) -> Campaign:
        return repositories.load_campaign(self.conn, name)

    @_guarded
    def rename_campaign(self, name: str, new_name: str) -> None:
        repositories.rename_campaign(self.conn, name, new_name)

    @_guarded
    def delete_campaign(self, name: str, *, confirm: bool) -> None:
        """Delete a campaign, its games and feats; refused unless ``confirm=True``."""
        repositories.delete_campaign(self.conn, name, confirm=confirm)

    @_guarded
    def feat_status(self, name: str) -> list[FeatStatus]:
        """Every feat of the game, with the campaign's unlock (and proof) if any."""
        unlocks = {u.feat: u for u in self.campaign(name).unlocks}
        return [FeatStatus(f, unlocks.get(f.code)) for f in self.feats.feats]

    # --- playing ------------------------------------------------------------------

    @_guarded
    def new_game(
        self,
        campaign: str,
        *,
        difficulty: Difficulty = "hard",
        feats: Sequence[str] = (),
        seed: int | None = None,
        deck_colour: Literal["red", "blue"] = "blue",
        deferred: bool = False,
        practice: bool = False,
    ) -> StoredGame:
        """Start and save a campaign game; R31 is enforced (unlocked feats only, at
        most as many as the difficulty allows). A game left unfinished stays
        stored; "Continue" offers the newest one (see :meth:`abandon_game`).

        ``deferred``: the game is written with its first move, not now (the player
        may look at the deal and leave: no move, no saved game). ``practice`` marks a
        daily deal played again (never that day's result)."""
        record = self.campaign(campaign)
        unknown = [code for code in feats if code not in self.feats.codes]
        if unknown:
            raise CampaignError(f"there is no feat {', '.join(map(str, unknown))}")
        check_setup(record, difficulty, feats)
        seed = secrets.randbelow(2**31) if seed is None else seed
        ids = tuple(self.feats.by_code(code).card_id for code in feats)
        start = new_game(self.feats.catalog, seed=seed, feats=ids)
        header = build_record(
            start,
            (),
            seed=seed,
            deck_colour=deck_colour,
            difficulty=difficulty,
            campaign=campaign,
        )
        if deferred:
            return StoredGame(self, None, start, header, campaign_id=record.id, practice=practice)
        game_id = repositories.start_game(self.conn, record.id, header, practice=practice)
        return StoredGame(self, game_id, start, header, practice=practice)

    @_guarded
    def unfinished_game(self, campaign: str) -> repositories.StoredGame | None:
        """The campaign's saved game in play (with its moves), or None: "Continue"."""
        return repositories.unfinished_game(
            self.conn, repositories.campaign_id(self.conn, campaign)
        )

    @_guarded
    def abandon_game(self, game_id: int) -> None:
        """Give up a game in play (e.g. the player chose "New game" over "Continue")."""
        repositories.abandon_game(self.conn, game_id)

    @_guarded
    def continue_game(self, campaign: str) -> StoredGame | None:
        """Resume the campaign's most recently played game in play, if any (R32)."""
        saved = self.unfinished_game(campaign)
        if saved is None:
            return None
        return self.resume_game(saved.game_id)

    @_guarded
    def resume_game(self, game_id: int) -> StoredGame:
        """Resume a game in play at exactly its position (by replaying its moves).

        The move list is kept, so undo can go back through moves made before the
        game was left.

        Raises:
            LoadError: the stored game is damaged (names it).
            SaveError: it is not in play (finished or abandoned meanwhile).
            KeyError: there is no such game.
        """
        saved = repositories.load_game(self.conn, game_id)
        if saved.status != "playing":
            raise SaveError(f"game {game_id}", f"the game is {saved.status}, not in play")
        try:
            session = StoredGame.resume(
                self, saved.game_id, saved.record, hints=saved.hints, practice=saved.practice
            )
        except RecordError as exc:
            raise as_load_error(exc, f"game {saved.game_id}") from None
        if session.is_over:
            # The last move was saved but the program stopped before the end-of-game
            # transaction: commit it now (its unlocks go to the end screen as usual).
            session.newly_unlocked = repositories.finish_game(self.conn, saved.game_id, self.feats)
            self.after_finished_game()
        return session

    @_guarded
    def daily_games(self, seed: int) -> list[tuple[int, str, bool]]:
        """Every stored attempt at the deal of ``seed``: (id, status, practice), oldest
        first; the daily deal's one official attempt is the first not marked practice."""
        return repositories.daily_games(self.conn, seed)

    @_guarded
    def game(self, game_id: int) -> repositories.StoredGame:
        """One stored game as stored (record, status, hints, practice mark).

        Raises:
            KeyError: there is no such game.
            LoadError: its rows are damaged.
        """
        return repositories.load_game(self.conn, game_id)

    @_guarded
    def unfinished_count(self) -> int:
        """How many games are in play (cheap: the title's menu asks on every refresh)."""
        return len(repositories.unfinished_ids(self.conn))

    @_guarded
    def saved_games(self) -> list[SavedGame]:
        """Every game in play, in every campaign, most recently played first: the
        Saved games screen, and the title's Continue (the first one). A game whose
        rows are damaged is listed with its ``problem`` rather than hidden."""
        found = []
        for game_id, campaign, played_at in repositories.unfinished_ids(self.conn):
            found.append(self._saved_game(game_id, campaign, played_at))
        return found

    def _saved_game(self, game_id: int, campaign: str | None, played_at: str) -> SavedGame:
        try:
            record = repositories.load_game(self.conn, game_id).record
            final = list(replay(record, self.feats.catalog))[-1]
        except (LoadError, RecordError, KeyError) as exc:
            problem = exc.message if isinstance(exc, LoadError) else str(exc)
            return SavedGame(
                game_id,
                campaign,
                None,
                "blue",
                "hard",
                (),
                0,
                0,
                0,
                played_at,
                problem or "damaged",
            )
        return SavedGame(
            game_id,
            campaign,
            record.seed,
            record.deck_colour,
            record.setup.difficulty,
            record.setup.feats,
            final.turn,
            final.round,
            score(final).total,
            played_at,
        )

    # --- history, replays, statistics ---------------------------------------------

    @_guarded
    def history(self, campaign: str | None = None) -> list[HistoryEntry]:
        """Finished games, oldest first; every campaign's if ``campaign`` is None
        (then imported games are included, with ``campaign=None``).

        A game whose row is damaged is left out and its LoadError kept in
        :attr:`skipped`, so one bad row never hides the rest (``doctor`` names and
        can quarantine it)."""
        if campaign is None:
            entries, self.skipped = repositories.history(self.conn, include_imported=True)
        else:
            entries, self.skipped = repositories.history(
                self.conn, repositories.campaign_id(self.conn, campaign)
            )
        return entries

    @_guarded
    def check_games(self) -> list[LoadError]:
        """Load and re-simulate every stored game (doctor): a LoadError per bad row."""
        problems = []
        for game_id in repositories.game_rows(self.conn):
            try:
                game = repositories.load_game(self.conn, game_id)
                if game.status in ("finished", "imported"):
                    check_record(game.record, self.feats.catalog, f"game {game_id}")
                else:
                    list(replay(game.record, self.feats.catalog))
            except RecordError as exc:
                problems.append(as_load_error(exc, f"game {game_id}"))
            except LoadError as exc:
                problems.append(exc)
        return problems

    @_guarded
    def quarantine_games(self, problems: Sequence[LoadError]) -> list[int]:
        """Set each damaged game aside (kept, out of every list); returns their ids."""
        done = []
        for problem in problems:
            game_id = int(problem.where.removeprefix("game "))
            repositories.quarantine_game(self.conn, game_id, problem.message)
            done.append(game_id)
        return done

    @_guarded
    def quarantined(self) -> list[tuple[int, str]]:
        """Games set aside by :meth:`quarantine_games`, with the reason."""
        return repositories.quarantined(self.conn)

    @_guarded
    def replay_data(self, game_id: int) -> ReplayData:
        """Every state of a stored game, for the replay viewer.

        Raises:
            LoadError: the stored game does not load, replay (names the move) or
                reach its recorded result (``hash_mismatch``).
            KeyError: no such game.
        """
        record = repositories.load_game(self.conn, game_id).record
        # Re-simulated against its recorded result and checkpoints, so a stored game
        # that drifted (a damaged move that is still legal) is reported, not shown.
        check_record(record, self.feats.catalog, f"game {game_id}")
        try:
            states = tuple(replay(record, self.feats.catalog))
        except RecordError as exc:
            raise as_load_error(exc, f"game {game_id}") from None
        return ReplayData(game_id, record, states, tuple(Move.parse(m) for m in record.moves))

    @_guarded
    def statistics(self, campaign: str) -> CampaignStats:
        """Games, best and average score, ranks (R27), feats and the score history."""
        entries = self.history(campaign)
        ranks = [band.title for band in self.feats.catalog.ranks]
        unlocked = self.campaign(campaign).unlocked
        return campaign_stats(entries, ranks, unlocked, len(self.feats.feats))

    # --- export, import, verification ---------------------------------------------

    @_guarded
    def export_game(self, game_id: int, path: Path) -> None:
        """Write a stored game as a record file (atomically). Raises SaveError."""
        export_record(repositories.load_game(self.conn, game_id).record, path)

    @_guarded
    def import_game(self, path: Path) -> int:
        """Validate, re-simulate and store a record file as an imported game.

        Raises:
            LoadError: naming the file and, for a bad move, its step.
        """
        record, final = import_record_file(path, self.feats.catalog)
        if not final.is_over:
            raise LoadError("invalid_field", path.name, "only finished games can be imported")
        # Derived fields are stored as recomputed here, never as the file wrote them.
        record = record.model_copy(update={"result": result_of(record, self.feats.catalog)})
        duplicate = repositories.find_duplicate(self.conn, record)
        if duplicate is not None:
            raise LoadError(
                "invalid_field",
                path.name,
                f"this game is already stored as game {duplicate} (same deal, setup and moves)",
            )
        return repositories.store_finished(self.conn, record)

    @_guarded
    def verify_campaign(self, name: str) -> list[FeatCheck]:
        """Re-simulate the proof game of every unlocked feat; if one fails, the
        campaign is labelled modified (it still loads and plays)."""
        campaign = self.campaign(name)
        checks = [self._check_unlock(campaign, unlock) for unlock in campaign.unlocks]
        modified = any(not check.ok for check in checks)
        if modified != campaign.modified:
            repositories.set_modified(self.conn, campaign.id, modified)
        return checks

    def _check_unlock(self, campaign: Campaign, unlock: FeatUnlock) -> FeatCheck:
        def fail(reason: str) -> FeatCheck:
            return FeatCheck(unlock.feat, unlock.game_id, False, reason)

        try:
            game = repositories.load_game(self.conn, unlock.game_id)
            check_record(game.record, self.feats.catalog, f"game {unlock.game_id}")
            if game.campaign_id != campaign.id or game.status != "finished":
                return fail("the proof game is not a finished game of this campaign")
            if unlock.feat not in earned(game.record, self.feats):
                return fail("the proof game does not earn this feat")
        except KeyError:
            return fail("the proof game is missing")
        except LoadError as exc:
            return fail(exc.message)
        return FeatCheck(unlock.feat, unlock.game_id, True)
