"""doctor and permissions: a campaign file the player may not read is a permission to
fix (named, with its owner and the chmod), never damage with a restore offered;
doctor's own output does not tell the player to run doctor; a restore leaves the
damaged file as one file."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from palm_island.cli import main
from palm_island.storage.errors import LoadError
from palm_island.storage.service import Store
from storage_helpers import finished_games


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    with Store.open(folder) as store:
        store.create_campaign("Ana")
        finished_games(store, "Ana", range(2))
    return folder


@pytest.fixture
def unreadable(data: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """campaign.db at mode 000; as root (who reads it anyway) os.access says what it
    says to the player."""
    db = data / "campaign.db"
    db.chmod(0)
    if os.geteuid() == 0:
        real = os.access
        monkeypatch.setattr(os, "access", lambda p, m, **k: Path(p) != db and real(p, m, **k))
    yield db
    db.chmod(0o600)


STORE_COMMANDS = [
    ["doctor"],
    ["doctor", "--restore", "--yes"],
    ["history"],
    ["campaign", "list"],
    ["campaign", "create", "Bo"],
    ["export", "1", "{tmp}/out.json"],
    ["analyse", "1"],
    ["verify", "--campaign", "Ana"],
]


@pytest.mark.parametrize("argv", STORE_COMMANDS, ids=" ".join)
def test_a_campaign_file_the_player_cannot_read_is_a_permission_not_damage(
    unreadable: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(["--data-dir", str(unreadable.parent), *argv]) == 1
    said = capsys.readouterr()
    text = said.out + said.err
    assert "permission denied" in text and str(unreadable) in text, text
    assert "chmod u+rw" in text and "it is yours" in text and "not damaged" in text
    for never in ("damaged (", "restore", "backup"):
        assert never not in text, text
    assert unreadable.stat().st_mode & 0o777 == 0  # nothing was changed


def test_the_game_is_told_the_same_and_its_notice_offers_no_backup(unreadable: Path) -> None:
    """The app's notice (screens/damaged.py) offers backups for ``db_damaged`` only."""
    with pytest.raises(LoadError) as caught:
        Store.open(unreadable.parent)
    assert caught.value.kind == "unreadable"
    assert "chmod" in caught.value.message


def test_a_file_of_another_user_says_whose_it_is_and_chown(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from palm_island.storage import permissions

    db = data / "campaign.db"
    monkeypatch.setattr(os, "access", lambda p, m, **k: False)
    monkeypatch.setattr(os, "geteuid", lambda: os.stat(db).st_uid + 4242)
    monkeypatch.setattr(permissions, "_user", lambda uid: f"u{uid}")
    denied = permissions.no_permission(db)
    assert denied is not None
    owner, me = os.stat(db).st_uid, os.stat(db).st_uid + 4242
    assert f"it belongs to u{owner}, not u{me}" in denied.message
    assert f"`sudo chown u{me} {db}` fixes it" in denied.message


def damage(db: Path) -> None:
    with db.open("r+b") as file:
        file.seek(4096 * 2)
        file.write(b"\xff" * 4096)


def test_doctor_restore_does_not_tell_the_player_to_run_doctor_restore(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    damage(data / "campaign.db")
    assert main(["--data-dir", str(data), "doctor", "--restore", "--yes"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("palm-island: campaign.db: campaign file is damaged (")
    assert "doctor --restore" not in out, out


def test_a_restore_leaves_the_damaged_file_as_one_file(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its -wal is checkpointed into it (as any open would) and -wal/-shm are gone."""
    db = data / "campaign.db"
    log = data / "campaign.db-wal"
    writer = sqlite3.connect(db)  # a window that wrote and has not checkpointed...
    writer.execute("PRAGMA wal_autocheckpoint = 0")
    writer.execute("UPDATE campaign SET updated_at = 'after the last checkpoint'")
    writer.commit()
    crashed = db.read_bytes(), log.read_bytes()
    writer.close()
    db.write_bytes(crashed[0])  # ...and was killed: its files as it left them
    log.write_bytes(crashed[1])
    assert log.stat().st_size > 0
    damage(db)
    assert main(["--data-dir", str(data), "doctor", "--restore", "--yes"]) == 0
    kept = [p.name for p in data.iterdir() if p.name.startswith("campaign.damaged-")]
    assert len(kept) == 1 and kept[0].endswith(".db"), kept
    capsys.readouterr()
