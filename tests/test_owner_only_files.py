"""Issue 45: on a shared machine every file the game makes in its data and cache folders
is the player's alone: files 0600, folders 0700, whatever the umask. The campaign file
and its ``-wal``/``-shm`` were 0644 (SQLite made them under the umask); backups,
settings and exports were already 0600.

The class, not the case: the fault-injection suite's operations reach every write site
of ``src/`` (``test_fault_injection.py::test_every_write_site_goes_through_the_seam_and_is_covered``
fails on a site none reaches, and on a raw write or file-creating ``sqlite3.connect``
outside the seam); here each of those operations runs under umask 022 and everything it
leaves is checked, so a new creation site is covered or fails one of the two.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from palm_island.storage.service import Store
from test_fault_injection import OPERATIONS, V1, Operation

pytestmark = pytest.mark.reliability


@pytest.fixture
def loose_umask() -> Iterator[None]:
    """umask 022, the common default: what the operating system gives a plain create."""
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


def not_owner_only(root: Path) -> list[str]:
    """Files under ``root`` (itself included) that group or others may use: a regular
    file other than 0600, a folder other than 0700, a link (the game makes none)."""
    found: list[str] = []
    for path in [root, *sorted(root.rglob("*"))]:
        info = path.lstat()
        mode = stat.S_IMODE(info.st_mode)
        if stat.S_ISDIR(info.st_mode) and mode != 0o700:
            found.append(f"{path.relative_to(root.parent)}/ {mode:o}")
        elif stat.S_ISREG(info.st_mode) and mode != 0o600:
            found.append(f"{path.relative_to(root.parent)} {mode:o}")
        elif not (stat.S_ISDIR(info.st_mode) or stat.S_ISREG(info.st_mode)):
            found.append(f"{path.relative_to(root.parent)}: not a file or folder")
    return found


@pytest.mark.parametrize("op", OPERATIONS, ids=lambda op: op.name)
def test_every_write_operation_leaves_only_owner_only_files(
    op: Operation, tmp_path: Path, loose_umask: None
) -> None:
    """Setup and act of each operation (the files a test writes itself, such as a
    damaged campaign file or an old release's, are the player's old files: the game
    tightens them when it opens or sets them aside)."""
    folder = tmp_path / "data"
    folder.mkdir(mode=0o700)
    op.setup(folder)
    op.act(folder, lambda _: None)
    assert not_owner_only(folder) == []


def test_a_new_campaign_file_and_its_log_are_owner_only_while_open(
    tmp_path: Path, loose_umask: None
) -> None:
    """The ``-wal`` and ``-shm`` exist only while the file is open: looked at then."""
    with Store.open(tmp_path / "data") as store:
        store.create_campaign("Ana")
        assert (tmp_path / "data" / "campaign.db-wal").exists()
        assert not_owner_only(tmp_path / "data") == []


def test_an_older_releases_loose_campaign_file_is_tightened_when_opened(
    tmp_path: Path, loose_umask: None
) -> None:
    folder = tmp_path / "data"
    folder.mkdir(mode=0o700)
    db = folder / "campaign.db"
    db.write_bytes(V1.read_bytes())
    db.chmod(0o644)
    with Store.open(folder):
        assert stat.S_IMODE(db.stat().st_mode) == 0o600
        assert stat.S_IMODE((folder / "campaign.db-wal").stat().st_mode) == 0o600


def test_a_read_only_open_changes_no_mode(tmp_path: Path, loose_umask: None) -> None:
    """Commands that only read write nothing, not even a mode."""
    folder = tmp_path / "data"
    with Store.open(folder) as store:
        store.create_campaign("Ana")
    db = folder / "campaign.db"
    db.chmod(0o640)
    with Store.open(folder, read_only=True) as store:
        assert [c.name for c in store.campaigns()] == ["Ana"]
    assert stat.S_IMODE(db.stat().st_mode) == 0o640


def test_a_file_sqlite_would_create_through_a_planted_link_is_refused(
    tmp_path: Path, loose_umask: None
) -> None:
    """A dangling link planted as ``campaign.db`` in a fresh folder: SQLite would create
    its target; the owner-only create refuses the link (nothing made where it points)."""
    folder = tmp_path / "data"
    folder.mkdir(mode=0o700)
    elsewhere = tmp_path / "elsewhere.db"
    (folder / "campaign.db").symlink_to(elsewhere)
    with pytest.raises((OSError, sqlite3.Error)):
        Store.open(folder).close()
    assert not elsewhere.exists()


def test_a_damaged_file_set_aside_by_a_restore_is_owner_only(
    tmp_path: Path, loose_umask: None
) -> None:
    """An older release's 0644 file, damaged: kept aside by the restore, tightened."""
    folder = tmp_path / "data"
    with Store.open(folder) as store:
        store.create_campaign("Ana")
    db = folder / "campaign.db"
    db.write_bytes(b"garbage" * 1000)
    db.chmod(0o644)
    kept = Store.restore_backup(Store.list_backups(folder)[0], folder)
    assert kept is not None and stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert not_owner_only(folder) == []
