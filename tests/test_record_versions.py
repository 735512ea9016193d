"""Record versions: every past version loads and replays, migrations, the setup a record
holds (difficulty, feats, campaign) and the final hash a replay must reach."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from palm_island.engine import new_game
from palm_island.policies import play_out, random_policy
from palm_island.records import (
    SCHEMA_VERSION,
    RecordError,
    build_record,
    dump_record,
    load_record,
    state_sha256,
    verify,
)
from palm_island.storage.catalog_files import standard_feats

FIXTURES = Path(__file__).parent / "data" / "records"
FEATS = standard_feats()


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("record.v*.json")), ids=lambda p: p.name)
def test_every_past_record_version_still_loads_and_replays(path: Path) -> None:
    record = load_record(path.read_text(encoding="utf-8"))
    assert record.schema_version == SCHEMA_VERSION
    verify(record, FEATS.catalog)


def test_a_v1_record_is_migrated_to_a_game_without_feats() -> None:
    record = load_record((FIXTURES / "record.v1.finished.json").read_text(encoding="utf-8"))
    assert record.setup.feats == () and record.setup.difficulty == "hard"
    assert record.result is not None and record.result.score == 19


def test_a_newer_schema_version_is_refused_clearly() -> None:
    raw = json.loads((FIXTURES / "record.v1.finished.json").read_text(encoding="utf-8"))
    raw["schema_version"] = SCHEMA_VERSION + 1
    with pytest.raises(RecordError, match="newer than this program knows") as info:
        load_record(json.dumps(raw))
    assert info.value.kind == "newer_version"


def _game(seed: int, feats: tuple[str, ...], difficulty: str = "easy") -> tuple[str, object]:
    ids = tuple(FEATS.by_code(c).card_id for c in feats)
    start = new_game(FEATS.catalog, seed=seed, feats=ids)
    final, moves = play_out(start, random_policy(seed))
    record = build_record(start, moves, final=final, seed=seed, difficulty=difficulty)  # type: ignore[arg-type]
    return dump_record(record), final


def test_r30_a_record_with_feats_replays_to_the_same_final_hash() -> None:
    text, final = _game(4, ("FT2", "FT6"))
    record = load_record(text)
    assert record.setup.feats == ("FT2", "FT6")
    assert record.result is not None
    assert record.result.state_sha256 == state_sha256(final)  # type: ignore[arg-type]
    assert verify(record, FEATS.catalog) == final


@pytest.mark.parametrize(("difficulty", "feats"), [("medium", ("FT1", "FT2")), ("hard", ("FT1",))])
def test_r31_difficulty_limits_the_feats_in_a_record(
    difficulty: str, feats: tuple[str, ...]
) -> None:
    with pytest.raises(ValidationError, match="R31"):
        _game(1, feats, difficulty)
    text, _ = _game(1, feats, "easy")
    raw = json.loads(text)
    raw["setup"]["difficulty"] = difficulty
    with pytest.raises(RecordError, match="R31") as info:
        load_record(json.dumps(raw))
    assert info.value.kind == "invalid_field"


def test_a_record_naming_an_unknown_feat_is_refused_on_replay() -> None:
    text, _ = _game(2, ("FT1",))
    record = load_record(text.replace('"FT1"', '"ZZ9"'))
    with pytest.raises(RecordError, match="unknown feats: ZZ9"):
        verify(record, FEATS.catalog)


def test_a_changed_final_hash_is_a_result_mismatch() -> None:
    text, final = _game(3, ())
    tampered = text.replace(state_sha256(final), "0" * 64)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match=r"another position|in round 8") as info:
        verify(load_record(tampered), FEATS.catalog)
    assert info.value.kind == "result_mismatch"


def test_checkpoints_name_the_round_where_a_replay_diverges() -> None:
    text, _ = _game(6, ())
    record = load_record(text)
    assert record.result is not None and len(record.result.checkpoints) == 8
    third = record.result.checkpoints[2]
    tampered = text.replace(third.state_sha256, "f" * 64)
    with pytest.raises(RecordError, match="diverges from the record in round 3") as info:
        verify(load_record(tampered), FEATS.catalog)
    assert info.value.step == third.after_move


def test_a_v2_record_is_migrated_to_a_game_without_a_finish_time() -> None:
    record = load_record((FIXTURES / "record.v2.finished.json").read_text(encoding="utf-8"))
    assert record.schema_version == 3 and record.finished_at is None
    assert record.setup.feats == ("FT2",) and record.setup.campaign == "Ana"


def test_a_record_keeps_its_finish_time_and_refuses_a_bad_one() -> None:
    raw = json.loads((FIXTURES / "record.v2.finished.json").read_text(encoding="utf-8"))
    raw |= {"schema_version": 3, "finished_at": "2026-11-30T18:21:05.932+00:00"}
    record = load_record(json.dumps(raw))
    assert record.finished_at == "2026-11-30T18:21:05.932+00:00"
    assert load_record(dump_record(record)).finished_at == record.finished_at
    with pytest.raises(RecordError, match="finished_at") as info:
        load_record(json.dumps(raw | {"finished_at": "yesterday"}))
    assert info.value.kind == "invalid_field"
    with pytest.raises(RecordError, match="finished_at is for a finished game"):
        load_record(json.dumps(raw | {"result": None}))
