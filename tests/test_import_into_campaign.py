"""Moving one game: a record keeps when its game finished (``finished_at``, record
version 3), ``export`` writes the stored finish time and ``import`` keeps it; and
``import --campaign NAME FILE`` puts the game in that campaign by its rules (its feat
cards unlocked there, what it earns unlocked), in one transaction, or refuses it
with a specific message and writes nothing. Databases written before version 3
(headers of version 2) still load."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from palm_island.campaign.service import LockedFeats, NoSuchCampaign
from palm_island.cli import main
from palm_island.storage.errors import LoadError
from palm_island.storage.service import Store

GOLDEN = Path(__file__).parent / "data" / "golden"
OLD_DB = Path(__file__).parent / "data" / "db" / "campaign.v4.db"
FINISHED = "2026-11-02T09:30:00.000+00:00"


def record_file(folder: Path, name: str, finished_at: str | None = FINISHED) -> Path:
    """A golden game's record (version 2) as version 3 with ``finished_at``."""
    raw: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    if finished_at is not None:
        raw |= {"schema_version": 3, "finished_at": finished_at}
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def test_import_keeps_the_files_finish_time_and_export_writes_the_stored_one(
    tmp_path: Path,
) -> None:
    source = record_file(tmp_path, "g01-hard-earns-FT1")
    with Store.open(tmp_path / "here") as store:
        game_id = store.import_game(source)
        assert store.game(game_id).finished_at == FINISHED
        assert [entry.finished_at for entry in store.history()] == [FINISHED]
        store.export_game(game_id, tmp_path / "out.json")
        (header,) = store.conn.execute(
            "SELECT header FROM game WHERE id = ?", (game_id,)
        ).fetchone()
    written = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert (written["schema_version"], written["finished_at"]) == (3, FINISHED)
    assert "finished_at" not in json.loads(header)  # the column is the one truth
    with Store.open(tmp_path / "there") as store:
        moved = store.import_game(tmp_path / "out.json")
        assert store.game(moved).finished_at == FINISHED
        # A file older than version 3 says no finish time: stored as finished when
        # imported, as before.
        older = store.import_game(record_file(tmp_path, "g02-hard-earns-FT2", finished_at=None))
        stamp = store.game(older).finished_at
        assert stamp is not None and stamp > FINISHED


def test_a_database_from_before_finish_times_still_loads_and_exports_them(
    tmp_path: Path,
) -> None:
    shutil.copy(OLD_DB, tmp_path / "campaign.db")
    with sqlite3.connect(tmp_path / "campaign.db") as conn:
        versions = {
            json.loads(h)["schema_version"] for (h,) in conn.execute("SELECT header FROM game")
        }
    conn.close()
    assert versions == {2}
    with Store.open(tmp_path) as store:
        history = store.history()
        assert [entry.game_id for entry in history] == [1, 2]
        store.replay_data(1)
        store.export_game(1, tmp_path / "out.json")
    written = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert written["finished_at"] == history[0].finished_at == "2026-11-29T12:45:25.216+00:00"


def test_a_game_imported_into_a_campaign_unlocks_what_it_earns_on_its_own_date(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path / "here") as store:
        store.create_campaign("Ana")
        game_id, unlocked = store.import_into_campaign(
            record_file(tmp_path, "g01-hard-earns-FT1"), "Ana"
        )
        assert unlocked == ("FT1",)
        (entry,) = store.history("Ana")
        assert (entry.game_id, entry.campaign, entry.finished_at) == (game_id, "Ana", FINISHED)
        assert store.game(game_id).record.setup.campaign == "Ana"
        (unlock,) = store.campaign("Ana").unlocks
        assert (unlock.feat, unlock.game_id, unlock.unlocked_at) == ("FT1", game_id, FINISHED)
        assert [check.ok for check in store.verify_campaign("Ana")] == [True]


def test_a_game_using_feats_the_campaign_has_not_unlocked_is_refused_whole(
    tmp_path: Path,
) -> None:
    using = record_file(tmp_path, "g06-medium-FT5", "2026-11-05T09:30:00.000+00:00")
    with Store.open(tmp_path / "here") as store:
        store.create_campaign("Ana")
        with pytest.raises(LockedFeats) as caught:
            store.import_into_campaign(using, "Ana")
        assert (caught.value.name, caught.value.codes) == ("Ana", ("FT5",))
        assert store.history() == [] and store.campaign("Ana").unlocks == ()
        # Once a game of the campaign earned FT5, the same file is welcome.
        store.import_into_campaign(record_file(tmp_path, "g03-hard-earns-FT3-FT4-FT5"), "Ana")
        game_id, unlocked = store.import_into_campaign(using, "Ana")
        assert unlocked == () and store.game(game_id).campaign_id is not None
        assert [e.feats for e in store.history("Ana")] == [(), ("FT5",)]


def test_an_unknown_campaign_or_a_game_stored_already_writes_nothing(tmp_path: Path) -> None:
    source = record_file(tmp_path, "g01-hard-earns-FT1")
    with Store.open(tmp_path / "here") as store:
        store.create_campaign("Ana")
        with pytest.raises(NoSuchCampaign) as caught:
            store.import_into_campaign(source, "Bo")
        assert caught.value.name == "Bo" and store.history() == []
        first, _ = store.import_into_campaign(source, "Ana")
        with pytest.raises(LoadError, match=f"already stored as game {first}"):
            store.import_into_campaign(source, "Ana")
        assert [e.game_id for e in store.history()] == [first]
        assert len(store.campaign("Ana").unlocks) == 1


# --- the command ----------------------------------------------------------------------


def test_cli_import_into_a_campaign_says_what_it_unlocked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = ["--data-dir", str(tmp_path / "here")]
    assert main([*data, "campaign", "create", "Ana"]) == 0
    source = record_file(tmp_path, "g01-hard-earns-FT1")
    capsys.readouterr()
    assert main([*data, "import", "--campaign", "Ana", str(source)]) == 0
    assert capsys.readouterr().out == (
        f"{source} imported as game 1 in campaign 'Ana'; feat unlocked: FT1\n"
    )
    assert main([*data, "export", "1", str(tmp_path / "out.json")]) == 0
    assert json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["finished_at"] == (
        FINISHED
    )


def test_cli_import_into_a_campaign_refuses_locked_feats_and_unknown_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = ["--data-dir", str(tmp_path / "here")]
    assert main([*data, "campaign", "create", "Ana"]) == 0
    using = record_file(tmp_path, "g06-medium-FT5")
    capsys.readouterr()
    assert main([*data, "import", "--campaign", "Ana", str(using)]) == 1
    assert capsys.readouterr().err == (
        f"palm-island: {using} was played with the feat card FT5, which is not unlocked in "
        "campaign 'Ana'; nothing was imported (import it without --campaign to keep it apart)\n"
    )
    assert main([*data, "import", "--campaign", "Bo", str(using)]) == 2
    assert capsys.readouterr().err == (
        "palm-island: there is no campaign named 'Bo' (`palm-island campaign list` lists "
        "them); nothing was imported\n"
    )
    with Store.open(tmp_path / "here") as store:
        assert store.history() == []


def test_cli_import_into_a_campaign_is_for_one_game_not_a_campaign_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = ["--data-dir", str(tmp_path / "here")]
    assert main([*data, "campaign", "create", "Ana"]) == 0
    assert main([*data, "export", "--campaign", "Ana", str(tmp_path / "ana.json")]) == 0
    capsys.readouterr()
    assert main([*data, "import", "--campaign", "Ana", str(tmp_path / "ana.json")]) == 2
    assert "is a whole campaign: --campaign is for one game" in capsys.readouterr().err
