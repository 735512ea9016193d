"""Issue 45: a data folder deleted, moved or replaced under an open store. Saving
stops (``FolderGone``, a SaveError) and nothing passes the write seam any more: no
move into the deleted file, no backup or settings into a folder put in its place.

The write kinds are enumerated: every public method of :class:`Store` is listed
below as a write (run here, after the folder went) or a read, so a new method fails
until it is placed; the fault harness (tests/fault_harness.py: every file and SQLite write) counts
what still tries to write."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from fault_harness import installed as writes_watched
from palm_island.policies import random_policy
from palm_island.storage import backups
from palm_island.storage.errors import LoadError, SaveError
from palm_island.storage.folder_identity import FolderGone
from palm_island.storage.service import Store
from palm_island.storage.settings import Settings
from storage_helpers import finished_games

Write = Callable[[Store, Path], object]


def _play(store: Store, folder: Path) -> object:
    session = store.resume_game(store.unfinished_game("Ana").game_id)  # type: ignore[union-attr]
    return session.play(random_policy(3)(session.state))


def _undo(store: Store, folder: Path) -> object:
    return store.resume_game(store.unfinished_game("Ana").game_id).undo()  # type: ignore[union-attr]


def _hint(store: Store, folder: Path) -> object:
    return store.resume_game(store.unfinished_game("Ana").game_id).count_hint()  # type: ignore[union-attr]


def _import(store: Store, folder: Path) -> object:
    return store.import_game(folder.parent / "record.json")


def _quarantine(store: Store, folder: Path) -> object:
    return store.quarantine_games([LoadError("db_damaged", "game 1", "damaged (a test)")])


WRITES: dict[str, Write] = {
    "create_campaign": lambda s, f: s.create_campaign("Bo"),
    "default_campaign": lambda s, f: Store.default_campaign(s, "Bo"),
    "rename_campaign": lambda s, f: s.rename_campaign("Ana", "Cy"),
    "delete_campaign": lambda s, f: s.delete_campaign("Ana", confirm=True, force=True),
    "new_game": lambda s, f: s.new_game("Ana", seed=5),
    "abandon_game": lambda s, f: s.abandon_game(s.unfinished_game("Ana").game_id),  # type: ignore[union-attr]
    "continue_game and a move": _play,
    "resume_game and an undo": _undo,
    "a hint counted": _hint,
    "hold_game": lambda s, f: s.hold_game(1),
    "renew_hold": lambda s, f: s.renew_hold(s.unfinished_game("Ana").game_id),  # type: ignore[union-attr]
    "release_game": lambda s, f: s.release_game(s.unfinished_game("Ana").game_id),  # type: ignore[union-attr]
    "save_solver_line": lambda s, f: s.save_solver_line("deal", "solver", "", "m"),
    "save_game_analysis": lambda s, f: s.save_game_analysis(1, "solver", "{}"),
    "import_game": _import,
    "import_campaign": lambda s, f: s.import_campaign(f.parent / "campaign.json", name="Bo"),
    "import_into_campaign": lambda s, f: s.import_into_campaign(f.parent / "record.json", "Ana"),
    "quarantine_games": _quarantine,
    "save_settings": lambda s, f: s.save_settings(Settings(theme="beta")),
    "a backup (take_backup)": lambda s, f: backups.take_backup(s.conn, f),
}
"""Every write the store offers, run after the folder went: each must raise FolderGone."""

QUIET: dict[str, Write] = {
    "backup_if_changed": lambda s, f: s.backup_if_changed(),
    "after_finished_game": lambda s, f: s.after_finished_game(),
    "close": lambda s, f: s.close(),
}
"""Writes that never raise (a backup, a checkpoint): they must write nothing."""

READS = {
    "campaign", "campaigns", "check_games", "daily_games", "export_game", "feat_status",
    "folder_problem", "game", "game_analysis", "game_holder", "history", "list_backups",
    "open", "own_files", "quarantined", "replay_data", "restore_backup", "saved_games",
    "saved_moves", "solver_lines", "statistics", "unfinished_count", "unfinished_game",
    "verify_campaign", "resume_game", "continue_game", "export_campaign", "is_campaign_file",
}  # fmt: skip
"""Methods that read (export_game and export_campaign write where the player asks, never
in the folder;
list_backups and restore_backup are the repair path, run on a store not open)."""
COVERED_BY = {
    "create_campaign", "default_campaign", "rename_campaign", "delete_campaign", "new_game",
    "abandon_game", "hold_game", "renew_hold", "release_game", "save_solver_line",
    "save_game_analysis", "import_game", "import_campaign", "import_into_campaign",
    "quarantine_games", "save_settings", "backup_if_changed", "after_finished_game", "close",
}  # fmt: skip


def test_every_method_of_the_store_is_a_write_tested_here_or_a_read() -> None:
    public = {name for name in dir(Store) if not name.startswith("_")}
    assert public == READS | COVERED_BY, sorted(public ^ (READS | COVERED_BY))
    assert {name.split(" ")[0] for name in [*WRITES, *QUIET]} >= COVERED_BY


def _lose(folder: Path, how: str) -> None:
    if how == "deleted":
        shutil.rmtree(folder)
    elif how == "replaced":
        folder.rename(folder.with_name("moved-away"))
        folder.mkdir(mode=0o700)
    else:  # the campaign file alone
        for name in ("campaign.db", "campaign.db-wal", "campaign.db-shm"):
            (folder / name).unlink(missing_ok=True)


@pytest.fixture
def seen_writes() -> Iterator[list[str]]:
    """Every write point passed (file or SQLite), as ``kind site``."""
    seen: list[str] = []
    with writes_watched(lambda kind, site: seen.append(f"{kind} {site}")):
        yield seen


def _store(tmp_path: Path) -> tuple[Store, Path]:
    source = tmp_path / "source"
    with Store.open(source) as other:
        other.create_campaign("Ana")
        (game,) = finished_games(other, "Ana", range(900, 901))
        other.export_game(game.saved_id, tmp_path / "record.json")
        other.export_campaign("Ana", tmp_path / "campaign.json")
    folder = tmp_path / "data"
    store = Store.open(folder)
    store.create_campaign("Ana")
    finished_games(store, "Ana", range(1))
    session = store.new_game("Ana", seed=7)
    session.play(random_policy(7)(session.state))
    session.play(random_policy(8)(session.state))
    return store, folder


@pytest.mark.reliability  # 54 stores with games: make test, not make check's budget
@pytest.mark.parametrize("how", ["deleted", "replaced", "file deleted"])
@pytest.mark.parametrize("kind", list(WRITES))
def test_a_write_after_the_folder_went_raises_and_writes_nothing(
    tmp_path: Path, how: str, kind: str, seen_writes: list[str]
) -> None:
    store, folder = _store(tmp_path)
    try:
        _lose(folder, how)
        seen_writes.clear()
        with pytest.raises(FolderGone) as caught:
            WRITES[kind](store, folder)
        assert seen_writes == []
        assert str(folder) in caught.value.problem and "nothing more is saved" in str(caught.value)
        assert isinstance(caught.value, SaveError)  # every caller's "not saved" path
    finally:
        store.close()
    assert seen_writes == []
    _nothing_in_its_place(folder, how)


@pytest.mark.reliability
@pytest.mark.parametrize("how", ["deleted", "replaced", "file deleted"])
@pytest.mark.parametrize("kind", list(QUIET))
def test_backups_and_the_close_write_nothing_after_the_folder_went(
    tmp_path: Path, how: str, kind: str, seen_writes: list[str]
) -> None:
    store, folder = _store(tmp_path)
    try:
        _lose(folder, how)
        seen_writes.clear()
        QUIET[kind](store, folder)
        assert seen_writes == []
    finally:
        store.close()
    assert seen_writes == []
    _nothing_in_its_place(folder, how)


def _nothing_in_its_place(folder: Path, how: str) -> None:
    if how == "deleted":
        assert not folder.exists()
    elif how == "replaced":
        assert list(folder.iterdir()) == []
    else:
        assert not (folder / "campaign.db").exists()


def test_the_same_folder_goes_on_saving(tmp_path: Path, seen_writes: list[str]) -> None:
    """Sensitivity: with the folder in place every listed write writes."""
    store, folder = _store(tmp_path)
    with store:
        assert store.folder_problem() is None
        for kind in ("create_campaign", "save_settings", "a backup (take_backup)"):
            seen_writes.clear()
            WRITES[kind](store, folder)
            assert seen_writes, kind
