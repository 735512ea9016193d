"""Issue 45: the backups folder on a shared machine. A ``backups`` that is a symbolic
link is refused, as ``settings.json`` is: nothing is written, rotated or listed
through it (before, backups were written into the folder it named and rotation
deleted files the game never made there). Rotation deletes only the backups the game
made, by their exact names, and never a link."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from palm_island.cli import main
from palm_island.storage import backups
from palm_island.storage.errors import LoadError, SaveError
from palm_island.storage.service import Store


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """Another folder of the player's, with a file named like a backup in it."""
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / "campaign.auto-000001.db").write_bytes(b"the player's own file")
    (other / "notes.txt").write_text("keep me", encoding="utf-8")
    return other


def test_a_linked_backups_folder_is_never_written_rotated_or_listed(
    tmp_path: Path, elsewhere: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "data"
    with Store.open(folder) as store:
        store.create_campaign("Ana")
    (folder / "backups").rename(tmp_path / "old-backups")
    (folder / "backups").symlink_to(elsewhere, target_is_directory=True)
    before = snapshot(elsewhere)
    with Store.open(folder) as store:  # the daily backup is not taken through it
        for number in range(backups.AUTO_KEEP + 2):
            store.create_campaign(f"Bo {number}")
            with pytest.raises(SaveError, match="link"):
                backups.take_backup(store.conn, folder)
            assert store.backup_if_changed() is None  # the game goes on
    assert snapshot(elsewhere) == before
    assert (folder / "backups").is_symlink()
    with pytest.raises(LoadError, match="link"):
        Store.list_backups(folder)
    assert main(["--data-dir", str(folder), "doctor"]) == 1
    said = capsys.readouterr()
    assert "backups" in said.out + said.err and "link" in said.out + said.err
    assert snapshot(elsewhere) == before


def test_an_upgrade_is_not_backed_up_through_a_linked_folder(
    tmp_path: Path, elsewhere: Path
) -> None:
    """The backup before an upgrade is refused with the rest: the old file stays as it
    was (never upgraded without its backup), and the player is told why."""
    folder = tmp_path / "data"
    folder.mkdir()
    v1 = Path(__file__).parent / "data" / "db" / "campaign.v1.db"
    (folder / "campaign.db").write_bytes(v1.read_bytes())
    (folder / "backups").symlink_to(elsewhere, target_is_directory=True)
    before = snapshot(elsewhere)
    with pytest.raises(SaveError, match="link"):
        Store.open(folder)
    assert snapshot(elsewhere) == before
    conn = sqlite3.connect(folder / "campaign.db")
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1  # not upgraded
    finally:
        conn.close()


def test_rotation_deletes_only_the_backups_the_game_made(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with Store.open(folder) as store:
        store.create_campaign("Ana")
        kept = folder / "backups"
        victim = tmp_path / "victim.db"
        victim.write_bytes(b"not the game's")
        planted = {
            "campaign.auto-mine.db": b"a copy the player named",
            "campaign.auto-1.db": b"named almost like ours",
            "campaign.daily-000001.db.txt": b"another kind of file",
        }
        for name, data in planted.items():
            (kept / name).write_bytes(data)
        (kept / "campaign.auto-000000.db").symlink_to(victim)
        for number in range(backups.AUTO_KEEP + 3):
            store.create_campaign(f"Bo {number}")
            backups.take_backup(store.conn, folder)
    for name, data in planted.items():
        assert (kept / name).read_bytes() == data, name
    assert (kept / "campaign.auto-000000.db").is_symlink()
    assert victim.read_bytes() == b"not the game's"
    made = [p for p in kept.iterdir() if backups.made_by_rotation(p, "auto")]
    assert len(made) == backups.AUTO_KEEP
    assert os.path.lexists(kept / "campaign.auto-000000.db")
