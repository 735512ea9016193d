"""The campaign file: opening, campaigns, saving, continuing, history, export/import."""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from conftest import PLAYERS_OPEN
from palm_island.campaign.service import CampaignError
from palm_island.engine import legal_moves
from palm_island.policies import random_policy
from palm_island.records import load_record
from palm_island.storage import db
from palm_island.storage.errors import LoadError, SaveError
from palm_island.storage.paths import ENV_VAR, data_dir
from palm_island.storage.service import Store
from storage_helpers import finished_games, play_to_end

FIXTURES = Path(__file__).parent / "data" / "db"


@pytest.fixture
def store(tmp_path: Path):  # type: ignore[no-untyped-def]
    with Store.open(tmp_path) as opened:
        opened.create_campaign("Ana")
        yield opened


def test_the_data_dir_comes_from_the_option_then_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "env"))
    assert data_dir() == tmp_path / "env"
    assert data_dir(tmp_path / "opt") == tmp_path / "opt"
    assert (tmp_path / "opt").stat().st_mode & 0o777 == 0o700


def test_a_new_file_gets_our_pragmas(tmp_path: Path, durable: None) -> None:
    with Store.open(tmp_path) as store:
        pragma = {
            name: store.conn.execute(f"PRAGMA {name}").fetchone()[0]
            for name in ("application_id", "user_version", "journal_mode", "synchronous")
        }
    assert pragma == {
        "application_id": db.APPLICATION_ID,
        "user_version": db.SCHEMA_VERSION,
        "journal_mode": "wal",
        "synchronous": 2,
    }


def test_only_a_caller_that_asks_commits_without_waiting_for_the_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game's files are always FULL: no environment variable turns it off (the test
    suite asks for OFF by passing ``durable=False``, tests/conftest.py)."""
    for name in ("PALM_ISLAND_TEST_NO_SYNC", "PALM_ISLAND_NO_SYNC"):
        monkeypatch.setenv(name, "1")
    for options, synchronous in (({}, 2), ({"durable": True}, 2), ({"durable": False}, 0)):
        conn = db.connect(tmp_path / "campaign.db", **options)
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == synchronous, options
        conn.close()
    with PLAYERS_OPEN(tmp_path / "player") as store:
        assert store.conn.execute("PRAGMA synchronous").fetchone()[0] == 2
    with Store.open(tmp_path / "throwaway") as store:  # the suite's own default
        assert store.conn.execute("PRAGMA synchronous").fetchone()[0] == 0


def test_a_database_that_is_not_ours_is_refused_and_left_untouched(tmp_path: Path) -> None:
    other = sqlite3.connect(tmp_path / "campaign.db")
    other.execute("CREATE TABLE notes (text TEXT)")
    other.commit()
    other.close()
    before = (tmp_path / "campaign.db").read_bytes()
    with pytest.raises(LoadError, match="not a Palm Island campaign file") as info:
        Store.open(tmp_path)
    assert info.value.kind == "wrong_kind"
    assert (tmp_path / "campaign.db").read_bytes() == before


def test_a_newer_database_is_refused_clearly(tmp_path: Path) -> None:
    Store.open(tmp_path).close()
    conn = sqlite3.connect(tmp_path / "campaign.db")
    conn.execute(f"PRAGMA user_version = {db.SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(LoadError, match="newer palm-island") as info:
        Store.open(tmp_path)
    assert info.value.kind == "newer_version"


@pytest.mark.parametrize("fixture", sorted(FIXTURES.glob("campaign.v*.db")), ids=lambda p: p.name)
def test_every_past_database_version_opens_with_its_games(tmp_path: Path, fixture: Path) -> None:
    shutil.copy(fixture, tmp_path / "campaign.db")
    with Store.open(tmp_path) as store:
        assert store.campaign("Fixture").unlocked == ("FT1", "FT2")
        assert len(store.history("Fixture")) == 2
        assert all(check.ok for check in store.verify_campaign("Fixture"))
        session = store.continue_game("Fixture")
        assert session is not None and len(session.moves) == 20
        play_to_end(session, 1)
    version = int(fixture.name.split(".")[1][1:])
    if version < db.SCHEMA_VERSION:
        assert (tmp_path / "backups" / f"campaign.v{version}.db").exists()


def test_every_past_schema_version_has_a_fixture() -> None:
    """A fixture per version a player's file can be at (docs/storage.md says how to add
    one), so every migration runs on a file of its own version."""
    versions = sorted(int(p.name.split(".")[1][1:]) for p in FIXTURES.glob("campaign.v*.db"))
    assert versions == list(range(1, db.SCHEMA_VERSION))
    for version in versions:
        conn = sqlite3.connect(FIXTURES / f"campaign.v{version}.db")
        try:
            assert conn.execute("PRAGMA user_version").fetchone()[0] == version
        finally:
            conn.close()


def test_the_v4_to_v5_migration_removes_a_dealt_game_with_no_move_and_keeps_the_rest(
    tmp_path: Path,
) -> None:
    """campaign.v4.db holds game 4, in play with no move (older releases stored a game
    as soon as it was dealt); version 5 keeps hints in game_play and drops such games."""
    shutil.copy(FIXTURES / "campaign.v4.db", tmp_path / "campaign.db")
    with Store.open(tmp_path) as store:
        games = store.conn.execute("SELECT id, status FROM game ORDER BY id").fetchall()
        assert games == [(1, "finished"), (2, "finished"), (3, "playing")]
        assert store.conn.execute("SELECT count(*) FROM game_play").fetchone()[0] == 0
        assert [g.game_id for g in store.saved_games()] == [3]
    assert (tmp_path / "backups" / "campaign.v4.db").exists()


def test_a_migration_backs_the_file_up_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(FIXTURES / "campaign.v1.db", tmp_path / "campaign.db")
    conn = sqlite3.connect(tmp_path / "campaign.db")
    conn.execute("PRAGMA user_version = 0")
    conn.close()
    seen: list[bool] = []
    monkeypatch.setitem(
        db.MIGRATIONS, 0, lambda c: seen.append((tmp_path / "backups" / "campaign.v0.db").exists())
    )
    Store.open(tmp_path).close()
    assert seen == [True]


def test_campaigns_are_created_renamed_and_deleted_only_with_confirm(store: Store) -> None:
    store.create_campaign("Ben")
    with pytest.raises(CampaignError, match="already exists"):
        store.create_campaign("Ben")
    store.rename_campaign("Ben", "Bo ⛵ ../x")
    assert {c.name for c in store.campaigns()} == {"Ana", "Bo ⛵ ../x"}
    with pytest.raises(CampaignError, match="confirm=True"):
        store.delete_campaign("Bo ⛵ ../x", confirm=False)
    store.delete_campaign("Bo ⛵ ../x", confirm=True)
    assert [c.name for c in store.campaigns()] == ["Ana"]
    for bad in ("", "   ", "x" * 65, "a\x00b", "tab\there"):
        with pytest.raises(CampaignError):
            store.create_campaign(bad)


def test_r29_unlocks_are_stored_with_the_game_that_earned_them(store: Store) -> None:
    sessions = finished_games(store, "Ana", range(6))
    earned = [(f.code, s.game_id) for s in sessions for f in s.newly_unlocked]
    campaign = store.campaign("Ana")
    assert [(u.feat, u.game_id) for u in campaign.unlocks] == earned
    assert all(check.ok for check in store.verify_campaign("Ana"))


def test_r31_difficulty_limits_the_feats_a_campaign_game_may_use(store: Store) -> None:
    with pytest.raises(CampaignError, match="not unlocked"):
        store.new_game("Ana", difficulty="easy", feats=["FT1"])
    store.conn.execute(
        "INSERT INTO feat_unlock VALUES (1, 'FT1', ?, 'x'), (1, 'FT2', ?, 'x')",
        (finished_games(store, "Ana", range(1))[0].game_id,) * 2,
    )
    with pytest.raises(CampaignError, match="hard allows no feats"):
        store.new_game("Ana", difficulty="hard", feats=["FT1"])
    with pytest.raises(CampaignError, match="medium allows at most 1 feat"):
        store.new_game("Ana", difficulty="medium", feats=["FT1", "FT2"])
    session = store.new_game("Ana", difficulty="easy", feats=["FT1", "FT2"], seed=3)
    assert [c.code for c in session.state.cards][-3:] == ["FT1", "FT2", "RT"]
    play_to_end(session, 3)
    entry = store.history("Ana")[-1]
    assert (entry.difficulty, entry.feats) == ("easy", ("FT1", "FT2"))


def test_r32_continue_restores_the_exact_position_and_keeps_undo(store: Store) -> None:
    session = store.new_game("Ana", seed=4)
    policy = random_policy(4)
    for _ in range(30):
        session.play(policy(session.state))
    session.undo()
    with Store.open(store.directory) as other:
        saved = other.unfinished_game("Ana")
        assert saved is not None and saved.record.undo_count == 1
        resumed = other.continue_game("Ana")
        assert resumed is not None and resumed.state == session.state
        resumed.undo()
        assert resumed.state == session.states[-2]
    assert store.unfinished_game("Ana") is not None


def test_a_finished_game_cannot_take_more_moves(store: Store) -> None:
    session = play_to_end(store.new_game("Ana", seed=2), 2)
    with pytest.raises(SaveError, match="no longer in play"):
        from palm_island.storage import repositories

        assert session.game_id is not None
        repositories.append_move(store.conn, session.game_id, "D", based_on=session.based_on)
    assert store.unfinished_game("Ana") is None


def test_history_statistics_and_sparkline(store: Store) -> None:
    from palm_island.campaign.stats import sparkline

    sessions = finished_games(store, "Ana", range(4))
    stats = store.statistics("Ana")
    scores = [e.score for e in store.history("Ana")]
    assert stats.games == 4 and stats.best == max(scores)
    assert stats.scores == tuple(scores)
    assert sum(n for _, n in stats.ranks) == 4
    assert len(sparkline(stats.scores)) == 4
    assert [e.game_id for e in store.history("Ana")] == [s.game_id for s in sessions]


def test_export_then_import_gives_the_same_game(store: Store, tmp_path: Path) -> None:
    session = finished_games(store, "Ana", range(1))[0]
    target = tmp_path / "game.json"
    assert session.game_id is not None
    store.export_game(session.game_id, target)
    record = load_record(target.read_text(encoding="utf-8"))
    assert record.setup.campaign == "Ana" and record.result is not None
    with Store.open(tmp_path / "other") as other:
        imported = other.import_game(target)
        data = other.replay_data(imported)
        assert data.states[-1] == session.state
        assert other.history()[-1].campaign is None


def test_an_illegal_move_in_an_import_names_its_step(store: Store, tmp_path: Path) -> None:
    session = finished_games(store, "Ana", range(1))[0]
    target = tmp_path / "game.json"
    assert session.game_id is not None
    store.export_game(session.game_id, target)
    text = target.read_text(encoding="utf-8").replace(
        '"moves": [\n    "', '"moves": [\n    "F2 pay MK", "', 1
    )
    target.write_text(text, encoding="utf-8")
    with pytest.raises(LoadError, match=r"^move 1 \(F2 pay MK\): not legal here") as info:
        store.import_game(target)
    assert info.value.kind == "illegal_move" and info.value.where == "game.json"


def test_verify_labels_a_campaign_with_a_forged_feat_modified(store: Store) -> None:
    session = finished_games(store, "Ana", range(1))[0]
    store.conn.execute(
        "INSERT OR IGNORE INTO feat_unlock VALUES (1, 'FT6', ?, 'x')", (session.game_id,)
    )
    checks = store.verify_campaign("Ana")
    assert [c.ok for c in checks if c.feat == "FT6"] == [False]
    assert store.campaign("Ana").modified
    assert store.campaigns()[0].modified


def test_two_processes_creating_the_same_new_file_both_succeed(tmp_path: Path) -> None:

    pids = []
    for _ in range(2):
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            code = 1
            try:
                Store.open(tmp_path).close()
                code = 0
            finally:
                os._exit(code)
        pids.append(pid)
    assert [os.waitstatus_to_exitcode(os.waitpid(p, 0)[1]) for p in pids] == [0, 0]
    with Store.open(tmp_path) as store:
        assert store.campaigns() == []


def test_continue_offers_the_newest_game_in_play_and_abandon_removes_it(store: Store) -> None:
    first = store.new_game("Ana", seed=1)
    first.play(legal_moves(first.state)[0])
    second = store.new_game("Ana", seed=2)
    assert store.unfinished_game("Ana").game_id == first.game_id  # type: ignore[union-attr]
    second.play(legal_moves(second.state)[0])  # no move, no saved game: one move
    assert store.campaigns()[0].has_unfinished
    saved = store.unfinished_game("Ana")
    assert saved is not None and saved.game_id == second.game_id
    store.abandon_game(second.game_id)
    saved = store.unfinished_game("Ana")
    assert saved is not None and saved.game_id == first.game_id
    store.abandon_game(first.game_id)
    assert store.unfinished_game("Ana") is None and not store.campaigns()[0].has_unfinished
    with pytest.raises(SaveError, match="no longer in play"):
        store.abandon_game(first.game_id)


def test_a_schema_damaged_into_other_valid_sql_is_damage_never_written_or_backed_up(
    tmp_path: Path,
) -> None:
    """A flipped bit in a column's name leaves a file quick_check passes; it is still
    damage: refused at open (read-only too), so no write and no backup copies it."""
    with Store.open(tmp_path) as store:
        store.create_campaign("Dee")
        finished_games(store, "Dee", range(1))
    backups_before = sorted(p.name for p in (tmp_path / "backups").iterdir())
    conn = sqlite3.connect(tmp_path / "campaign.db")
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute(
        "UPDATE sqlite_master SET sql = replace(sql, 'unlocked_at', 'unlockEd_xt') "
        "WHERE name = 'feat_unlock'"
    )
    conn.commit()
    conn.close()
    conn = sqlite3.connect(tmp_path / "campaign.db")
    assert conn.execute("PRAGMA quick_check").fetchone() == ("ok",)  # SQLite sees no fault
    conn.close()
    with pytest.raises(LoadError, match="feat_unlock"):
        Store.open(tmp_path)
    with pytest.raises(LoadError, match="feat_unlock"):
        Store.open(tmp_path, read_only=True)
    assert sorted(p.name for p in (tmp_path / "backups").iterdir()) == backups_before
