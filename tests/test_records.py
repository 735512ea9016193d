"""Game records: JSON round-trips, replay, and precise errors for bad files."""

from __future__ import annotations

import json
from typing import Any

import pytest

from palm_island.engine import Catalog, new_game
from palm_island.policies import play_out, random_policy
from palm_island.records import (
    GameRecord,
    RecordError,
    build_record,
    dump_record,
    load_record,
    replay,
    verify,
)


@pytest.fixture(scope="module")
def finished(catalog: Catalog) -> GameRecord:
    start = new_game(catalog, seed=8)
    final, moves = play_out(start, random_policy(8))
    return build_record(start, moves, final=final, seed=8, deck_colour="red", undo_count=2)


def as_dict(record: GameRecord) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dump_record(record))
    return data


def test_record_json_round_trips(finished: GameRecord) -> None:
    assert load_record(dump_record(finished)) == finished
    assert dump_record(load_record(dump_record(finished))) == dump_record(finished)


def test_record_keeps_versions_colour_seed_deal_and_result(finished: GameRecord) -> None:
    data = as_dict(finished)
    assert (data["schema_version"], data["rules_version"]) == (3, 1)
    assert data["deck_colour"] == "red" and data["seed"] == 8 and data["undo_count"] == 2
    assert len(data["deal"]) == 16 and data["result"]["score"] >= 0


def test_replay_reproduces_every_state(catalog: Catalog, finished: GameRecord) -> None:
    states = list(replay(finished, catalog))
    assert len(states) == len(finished.moves) + 1 and states[-1].is_over
    assert verify(finished, catalog) == states[-1]


def test_a_record_of_an_unfinished_game_replays_to_where_it_stopped(catalog: Catalog) -> None:
    start = new_game(catalog, seed=2)
    record = build_record(start, [])
    assert verify(record, catalog) == start and record.result is None


def broken(finished: GameRecord, **changes: Any) -> str:
    data = as_dict(finished)
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "kind", "message"),
    [
        ("not json", "not_json", "not JSON"),
        ("[1, 2]", "wrong_kind", "not a Palm Island game record"),
        ('{"format": "something else"}', "wrong_kind", "not a Palm Island game record"),
        ("x" * (1 << 20 + 1), "too_large", "limit is 1 MiB"),
    ],
)
def test_unreadable_files_are_refused(text: str, kind: str, message: str) -> None:
    with pytest.raises(RecordError, match=message) as caught:
        load_record(text)
    assert caught.value.kind == kind


def test_a_newer_schema_is_refused_with_advice(finished: GameRecord) -> None:
    with pytest.raises(
        RecordError, match=r"schema_version 4 is newer.*update palm-island"
    ) as caught:
        load_record(broken(finished, schema_version=4))
    assert caught.value.kind == "newer_version"


def test_unknown_and_wrong_fields_are_named(finished: GameRecord) -> None:
    with pytest.raises(RecordError, match="cheat: Extra inputs are not permitted"):
        load_record(broken(finished, cheat=True))
    with pytest.raises(RecordError, match="seed: Input should be greater than or equal to 0"):
        load_record(broken(finished, seed=-3))


def test_an_illegal_move_names_its_step_and_the_position(
    catalog: Catalog, finished: GameRecord
) -> None:
    moves = list(finished.moves)
    moves[4] = "F2 pay TE1"
    record = load_record(broken(finished, moves=moves))
    with pytest.raises(
        RecordError, match=r"^move 5 \(F2 pay TE1\): not legal here — .*position: 1/4 "
    ) as caught:
        verify(record, catalog)
    assert (caught.value.kind, caught.value.step) == ("illegal_move", 5)


def test_an_unreadable_move_names_its_step(catalog: Catalog, finished: GameRecord) -> None:
    record = load_record(broken(finished, moves=["D", "jump"]))
    with pytest.raises(RecordError, match=r"^move 2: cannot read 'jump'") as caught:
        verify(record, catalog)
    assert caught.value.kind == "invalid_move"


def test_a_bad_deal_is_refused(catalog: Catalog, finished: GameRecord) -> None:
    deal = ["CH1"] * 16
    with pytest.raises(RecordError, match="repeated: CH1"):
        verify(load_record(broken(finished, deal=deal)), catalog)
    deal = ["ZZ9", *finished.deal[1:]]
    with pytest.raises(RecordError, match="unknown cards: ZZ9"):
        verify(load_record(broken(finished, deal=deal)), catalog)


def test_a_result_that_does_not_match_the_moves_is_reported(
    catalog: Catalog, finished: GameRecord
) -> None:
    assert finished.result is not None
    result = {**finished.result.model_dump(), "score": finished.result.score + 5}
    with pytest.raises(RecordError, match="record says score") as caught:
        verify(load_record(broken(finished, result=result)), catalog)
    assert caught.value.kind == "result_mismatch"
