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
import os
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
from ..i18n import _, ngettext
from ..records import Difficulty, GameRecord, RecordError, build_record, replay, result_of
from . import backups, holders, repositories, safe_write, solver_rows
from .catalog_files import standard_feats
from .db import (
    checkpoint,
    empty_database,
    guard,
    open_database,
    open_read_only,
    remove_side_files,
    side_files_exist,
)
from .errors import LoadError, SaveError, game_place, not_in_play
from .first_look import first_look
from .folder_identity import FolderGone, bind_folder, folder_of
from .loading import (
    as_load_error,
    check_record,
    export_record,
    import_record_file,
    with_finish_time,
)
from .paths import BACKUP_DIR, DB_NAME, MARKER_NAME, data_dir, db_path, own_files
from .safe_read import check_folder
from .settings import save_settings
from .settings_data import Settings
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


def _mark(folder: Path) -> None:
    """Write the marker once: from now on this folder holds a store."""
    marker = folder / MARKER_NAME
    if os.path.lexists(marker):
        return
    text = "This folder holds a Palm Island campaign file (campaign.db).\n"
    with contextlib.suppress(safe_write.TargetExists):
        safe_write.write_file(marker, text.encode(), replace=False, mode=0o600)


class Store:
    """The campaign file, open. Use as a context manager or call :meth:`close`.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder, Store.open(folder) as store:
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
        self._tidy = False
        """Read-only, opened when no ``-wal``/``-shm`` was there: they are this
        store's alone (SQLite's read-only connections leave them), removed at close."""
        self.holds_games = False
        """Set by a window (the app): a game it stores is held from its first move
        (one writer per game, holders.py); commands and tests hold nothing."""

    @classmethod
    def open(
        cls,
        directory: str | Path | None = None,
        *,
        feats: FeatSet | None = None,
        read_only: bool = False,
        durable: bool = True,
    ) -> Store:
        """Open (or create) the campaign file in ``directory`` (see paths.data_dir).

        Takes a backup once a day. With ``read_only`` nothing is written: the file
        is opened with ``mode=ro`` (a read-only data directory works), a missing
        file reads as an empty store, and one that needs an upgrade is opened for
        writing to upgrade it first.

        A data directory that has held a campaign file (its marker, backups or
        settings are there) never starts over: a missing or unreadable
        ``campaign.db`` there is ``db_damaged``, naming ``doctor --restore``.

        ``durable`` (the game never changes it) commits with ``synchronous=FULL``;
        False, for a file thrown away after use, does not wait for the disk.

        Raises:
            LoadError: ``db_damaged`` (offer :meth:`list_backups` and
                :meth:`restore_backup`), ``wrong_kind`` or ``newer_version``;
                ``wrong_kind``/``unreadable`` for a data folder that is a file or
                cannot be read.
            SaveError: the directory or file cannot be created or opened.
        """
        if read_only:
            store = cls._open_read_only(directory, feats)
            if store is not None:
                return store
        folder = data_dir(directory)
        check_folder(folder, str(folder))  # a folder we may not list: say so plainly
        path = db_path(folder)
        # Temp files of a process killed mid-write (an export, a backup, a restore).
        safe_write.clean_stale(folder)
        safe_write.clean_stale(folder / BACKUP_DIR)
        seen = first_look(folder, path)
        seen.refuse_if_missing()
        conn = open_database(
            path, backups.before_migration, empty_is_damage=seen.empty_is_damage, durable=durable
        )
        try:
            bind_folder(conn, folder, path)  # every write checks it first
            _mark(folder)
        except SaveError:
            conn.close()
            raise
        # A backup that cannot be written must not stop the game; doctor lists them.
        with contextlib.suppress(SaveError, OSError):
            backups.daily_backup(conn, folder)
        return cls(folder, conn, feats or standard_feats())

    @classmethod
    def _open_read_only(cls, directory: str | Path | None, feats: FeatSet | None) -> Store | None:
        folder = data_dir(directory, create=False)
        if not check_folder(folder, str(folder)):
            return cls(folder, empty_database(), feats or standard_feats(), read_only=True)
        path = db_path(folder)
        seen = first_look(folder, path)
        if not seen.exists:
            seen.refuse_if_missing()
            return cls(folder, empty_database(), feats or standard_feats(), read_only=True)
        if seen.empty_is_damage:
            return None  # opened for writing, which reports it
        untouched = not side_files_exist(path)  # no window has the file open
        conn = open_read_only(path)
        if conn is None:
            return None
        store = cls(folder, conn, feats or standard_feats(), read_only=True)
        store._tidy = untouched
        return store

    def close(self) -> None:
        """Checkpoint the log into the main file and back up what changed, then close.

        A backup that cannot be written (a full disk) does not stop the close: the
        file itself is safe.
        """
        try:
            if not self.read_only and self.folder_problem() is None:
                checkpoint(self.conn)
                self.backup_if_changed()
        finally:
            self.conn.close()
        if self._tidy:
            remove_side_files(db_path(self.directory))

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
        neither a lost ``-wal`` file nor a damaged file can cost a finished game.
        Never raises: the game is committed; a backup that fails is not its failure."""
        if self.folder_problem() is not None:
            return  # nothing more is written: the next move says why
        with contextlib.suppress(sqlite3.Error):
            checkpoint(self.conn)
        self.backup_if_changed()

    def folder_problem(self) -> str | None:
        """What happened to the data folder since the store opened it (deleted, moved,
        replaced; folder_identity.py), or None: it is the same and writes may go on."""
        found = folder_of(self.conn)
        return None if found is None else found.problem()

    def save_settings(self, settings: Settings) -> None:
        """Remember ``settings`` in the store's folder (settings.py), once it is checked
        to be the folder the store opened.

        Raises:
            SaveError: not written (``FolderGone``: the folder was deleted or replaced).
        """
        problem = self.folder_problem()
        if problem is not None:
            raise FolderGone(problem)
        save_settings(self.directory, settings)

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
    def default_campaign(self, name: str) -> str:
        """The most recently played campaign, or a new one called ``name`` when the
        file has none (a first start): one step, so windows starting at once on a
        fresh folder all get the same campaign and none fails (storage/once.py)."""
        return repositories.default_campaign(self.conn, name)

    @_guarded
    def campaign(self, name: str) -> Campaign:
        return repositories.load_campaign(self.conn, name)

    @_guarded
    def rename_campaign(self, name: str, new_name: str) -> None:
        repositories.rename_campaign(self.conn, name, new_name)

    @_guarded
    def delete_campaign(self, name: str, *, confirm: bool, force: bool = False) -> None:
        """Delete a campaign, its games and feats; refused unless ``confirm=True``, and
        while a game of it is open in a live window unless ``force``
        (``repositories.CampaignInUseError`` names the games)."""
        repositories.delete_campaign(self.conn, name, confirm=confirm, force=force)

    @_guarded
    def feat_status(self, name: str) -> list[FeatStatus]:
        """Every feat of the game, with the campaign's unlock (and proof) if any."""
        unlocks = {u.feat: u for u in self.campaign(name).unlocks}
        return [FeatStatus(f, unlocks.get(f.code)) for f in self.feats.feats]

    # --- the solver's results (caches: docs/storage.md) -----------------------------

    @_guarded
    def solver_lines(self, deal: str, solver: str) -> list[tuple[str, str, str]]:
        """``(solver tag, prefix, moves)`` of the deal's stored lines whose tag starts
        with ``solver``; text to be checked by the caller (solver.lines.checked_line)."""
        return solver_rows.lines(self.conn, deal, solver)

    @_guarded
    def save_solver_line(self, deal: str, solver: str, prefix: str, moves: str) -> None:
        """Keep a line the solver found (nothing is written to a read-only store)."""
        if not self.read_only:
            solver_rows.save_line(self.conn, deal, solver, prefix, moves)

    @_guarded
    def game_analysis(self, game_id: int, solver: str) -> str | None:
        """A finished game's stored analysis (JSON text), or None."""
        return solver_rows.analysis(self.conn, game_id, solver)

    @_guarded
    def save_game_analysis(self, game_id: int, solver: str, report: str) -> None:
        """Keep a finished game's analysis (nothing is written to a read-only store)."""
        if not self.read_only:
            solver_rows.save_analysis(self.conn, game_id, solver, report)

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
        official: bool = False,
    ) -> StoredGame:
        """Start and save a campaign game; R31 is enforced (unlocked feats only, at
        most as many as the difficulty allows). A game left unfinished stays
        stored; "Continue" offers the newest one (see :meth:`abandon_game`).

        ``deferred``: the game is written with its first move, not now (the player
        may look at the deal and leave: no move, no saved game). ``practice`` marks a
        daily deal played again (never that day's result). ``official``: the daily
        deal's one official attempt on ``seed``; if another window stored one first,
        storing this one raises ``StaleGameError`` naming it (open that one)."""
        record = self.campaign(campaign)
        unknown = [code for code in feats if code not in self.feats.codes]
        if unknown:
            raise CampaignError(
                ngettext(
                    "there is no feat {codes}", "there are no feats {codes}", len(unknown)
                ).format(codes=", ".join(map(str, unknown)))
            )
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
            return StoredGame(
                self,
                None,
                start,
                header,
                campaign_id=record.id,
                practice=practice,
                official=official,
            )
        game_id = repositories.start_game(
            self.conn, record.id, header, practice=practice, official=official
        )
        return StoredGame(self, game_id, start, header, practice=practice)

    @_guarded
    def unfinished_game(self, campaign: str) -> repositories.GameRow | None:
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
            raise SaveError(game_place(game_id), not_in_play(saved.status))
        try:
            session = StoredGame.resume(
                self, saved.game_id, saved.record, hints=saved.hints, practice=saved.practice
            )
        except RecordError as exc:
            raise as_load_error(exc, game_place(saved.game_id)) from None
        if session.is_over:
            # The last move was saved but the program stopped before the end-of-game
            # transaction: commit it now (its unlocks go to the end screen as usual).
            session.newly_unlocked = repositories.finish_game(self.conn, saved.game_id, self.feats)
            self.after_finished_game()
        return session

    # --- one writer per game (holders.py) -------------------------------------------

    @_guarded
    def hold_game(self, game_id: int) -> holders.Holder | None:
        """Hold a game in play for this window (its writes); None when held, else the
        other live window that holds it (offer to watch). A gone holder (its process
        dead, or no heartbeat for ``holders.STALE_AFTER`` s) is taken over."""
        return self._untracked(lambda: holders.acquire(self.conn, game_id))

    @_guarded
    def renew_hold(self, game_id: int) -> bool:
        """The heartbeat of a held game; False if another window took it over."""
        return self._untracked(lambda: holders.renew(self.conn, game_id))

    @_guarded
    def release_game(self, game_id: int) -> None:
        """Let a held game go (leaving it); another window may then take it."""
        self._untracked(lambda: holders.release(self.conn, game_id))

    @_guarded
    def game_holder(self, game_id: int) -> holders.Holder | None:
        """The other live window holding a game, if any (a watcher asks)."""
        return holders.other_holder(self.conn, game_id)

    def _untracked(self, write: Callable[[], R]) -> R:
        """A holder write is not news for the backups: a close after only these takes
        no backup (which would rotate out an older one for nothing)."""
        before = self.conn.total_changes
        result = write()
        if self._backed_up_at == before:
            self._backed_up_at = self.conn.total_changes
        return result

    @_guarded
    def saved_moves(self, game_id: int) -> tuple[str, tuple[str, ...]]:
        """A game's status and stored moves (a watching window refreshes from these)."""
        game = repositories.load_game(self.conn, game_id)
        return game.status, tuple(game.record.moves)

    @_guarded
    def daily_games(self, seed: int) -> list[tuple[int, str, bool]]:
        """Every stored attempt at the deal of ``seed``: (id, status, practice), oldest
        first; the daily deal's one official attempt is the first not marked practice."""
        return repositories.daily_games(self.conn, seed)

    @_guarded
    def game(self, game_id: int) -> repositories.GameRow:
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
    def check_games(self, on_progress: Callable[[float], None] | None = None) -> list[LoadError]:
        """Load and re-simulate every stored game (doctor): a LoadError per bad row.
        ``on_progress`` gets the share checked (about 2 ms a game: 20 s for 10,000)."""
        problems = []
        rows = repositories.game_rows(self.conn)
        for done, game_id in enumerate(rows, 1):
            if on_progress is not None and (done % 50 == 0 or done == len(rows)):
                on_progress(done / len(rows))
            try:
                game = repositories.load_game(self.conn, game_id)
                if game.status in ("finished", "imported"):
                    check_record(game.record, self.feats.catalog, game_place(game_id))
                else:
                    list(replay(game.record, self.feats.catalog))
            except RecordError as exc:
                problems.append(as_load_error(exc, game_place(game_id)))
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
        check_record(record, self.feats.catalog, game_place(game_id))
        try:
            states = tuple(replay(record, self.feats.catalog))
        except RecordError as exc:
            raise as_load_error(exc, game_place(game_id)) from None
        return ReplayData(game_id, record, states, tuple(Move.parse(m) for m in record.moves))

    @_guarded
    def statistics(
        self, campaign: str, entries: Sequence[HistoryEntry] | None = None
    ) -> CampaignStats:
        """Games, best and average score, ranks (R27), feats and the score history;
        from ``entries`` when the caller has just read :meth:`history` (each entry is
        a validated record: reading 10,000 twice cost ``history --campaign`` 1.6 s)."""
        if entries is None:
            entries = self.history(campaign)
        ranks = [band.title for band in self.feats.catalog.ranks]
        unlocked = self.campaign(campaign).unlocked
        return campaign_stats(entries, ranks, unlocked, len(self.feats.feats))

    # --- export, import, verification ---------------------------------------------

    @_guarded
    def export_game(self, game_id: int, path: Path, *, force: bool = False) -> None:
        """Write a stored game as a record file (atomically), with its finish time if
        it is finished. An existing file is kept unless ``force`` (``TargetExists``);
        the store's own files (by any path or link) are never written. Raises
        SaveError, or LoadError for a damaged row."""
        game = repositories.load_game(self.conn, game_id)
        finished = game.finished_at if game.status in ("finished", "imported") else None
        record = with_finish_time(game.record, finished, game_place(game_id))
        export_record(record, path, replace=force, protected=self.own_files())

    def own_files(self) -> list[Path]:
        """The store's files and its backups: no export may be written over them."""
        files = own_files(self.directory)
        folder = self.directory / BACKUP_DIR
        with contextlib.suppress(OSError):
            files += [folder / name for name in os.listdir(folder)]
        return files

    @_guarded
    def import_game(self, path: Path) -> int:
        """Validate, re-simulate and store a record file as an imported game, outside
        any campaign, finished when the file says (or now, for a file that does not).

        Raises:
            LoadError: naming the file and, for a bad move, its step.
        """
        record = self._imported_record(path)
        return repositories.store_finished(self.conn, record, where=path.name)

    @_guarded
    def import_into_campaign(self, path: Path, campaign: str) -> tuple[int, tuple[str, ...]]:
        """Store a record file as a finished game of ``campaign`` by the campaign
        rules, in one transaction: ``(the game, the feats it unlocked)``.

        Raises:
            LoadError: the file. NoSuchCampaign: no campaign has that name.
            LockedFeats: the game uses feats the campaign has not unlocked.
        """
        record = self._imported_record(path)
        game_id, new = repositories.store_in_campaign(
            self.conn, record, campaign, self.feats, path.name
        )
        return game_id, tuple(feat.code for feat in new)

    def _imported_record(self, path: Path) -> GameRecord:
        """A finished game's record file, re-simulated, with its derived fields as
        recomputed here (never as the file wrote them) and its moves as the engine
        writes them (``s1`` → ``S1``)."""
        record, final = import_record_file(path, self.feats.catalog)
        if not final.is_over:
            raise LoadError("invalid_field", path.name, _("only finished games can be imported"))
        return record.model_copy(
            update={
                "result": result_of(record, self.feats.catalog),
                "moves": repositories.canonical_moves(record.moves),
            }
        )

    @_guarded
    def export_campaign(self, name: str, path: Path, *, force: bool = False) -> tuple[int, int]:
        """Write a whole campaign as a campaign file (atomically; an existing file is
        kept unless ``force``): ``(games written, unfinished games left out)``.
        Raises CampaignError (no such campaign) or SaveError."""
        from .campaign_files import export_campaign

        return export_campaign(self.conn, name, path, replace=force, protected=self.own_files())

    def is_campaign_file(self, path: Path) -> bool:
        """Whether ``path`` holds a whole campaign (else it is read as one game)."""
        from .campaign_files import is_campaign_file

        return is_campaign_file(path)

    @_guarded
    def import_campaign(
        self, path: Path, *, name: str | None = None
    ) -> tuple[str, int, tuple[str, ...]]:
        """Recreate a campaign from its file, as ``name`` if given: ``(name, games,
        feats unlocked)``; each game keeps its own dates, feats are earned again.

        Raises:
            LoadError: the file (nothing written). CampaignError: the name is taken.
        """
        from .campaign_files import import_campaign

        return import_campaign(self.conn, path, self.feats, name=name)

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
            check_record(game.record, self.feats.catalog, game_place(unlock.game_id))
            if game.campaign_id != campaign.id or game.status != "finished":
                return fail(_("the proof game is not a finished game of this campaign"))
            if unlock.feat not in earned(game.record, self.feats):
                return fail(_("the proof game does not earn this feat"))
        except KeyError:
            return fail(_("the proof game is missing"))
        except LoadError as exc:
            return fail(exc.message)
        return FeatCheck(unlock.feat, unlock.game_id, True)
