"""T5/T8: loaders fed mutated, random and oversized input give only LoadError.

Each loader gets 5,000 derandomised Hypothesis examples (CI; x10 nightly):
byte-level mutations of a valid file, structural mutations (a random field
replaced by random JSON), random JSON and random bytes. Every failure must be
our one error type, with a short, specific message.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from palm_island.engine import new_game
from palm_island.policies import play_out, random_policy
from palm_island.records import MAX_RECORD_BYTES, build_record, dump_record
from palm_island.storage.catalog_files import standard_feats
from palm_island.storage.errors import LoadError
from palm_island.storage.loading import (
    check_record,
    parse_record,
    read_record_file,
    record_from_rows,
)
from storage_helpers import scale

pytestmark = pytest.mark.reliability
FEATS = standard_feats()
EXAMPLES = scale(5000)
SETTINGS = settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)


def _valid_text() -> str:
    ids = (FEATS.by_code("FT2").card_id,)
    start = new_game(FEATS.catalog, seed=5, feats=ids)
    final, moves = play_out(start, random_policy(5))
    return dump_record(build_record(start, moves, final=final, seed=5, campaign="Ana"))


VALID = _valid_text()
VALID_RAW = json.loads(VALID)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def byte_mutations(draw: st.DrawFn) -> bytes:
    data = bytearray(VALID.encode())
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(data) - 1))
        op = draw(st.sampled_from(["flip", "delete", "insert", "truncate"]))
        if op == "flip":
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif op == "delete":
            del data[at : at + draw(st.integers(1, 30))]
        elif op == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        else:
            del data[at:]
        if not data:
            break
    return bytes(data)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:6]):
            found += _paths(item, (*prefix, index))
    return found


PATHS = [p for p in _paths(VALID_RAW) if p]


@st.composite
def field_mutations(draw: st.DrawFn) -> bytes:
    raw = json.loads(VALID)
    path = draw(st.sampled_from(PATHS))
    target = raw
    for key in path[:-1]:
        target = target[key]
    if draw(st.booleans()):
        target[path[-1]] = draw(json_values)
    elif isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = draw(st.sampled_from(["D", "S1", "F2 pay MK", "R1 pay ZZ9", 17, None]))
    return json.dumps(raw).encode()


inputs = st.one_of(
    byte_mutations(),
    field_mutations(),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=200),
)


def _assert_good_error(exc: LoadError) -> None:
    assert exc.message and len(exc.message) <= 200, exc.message
    assert "\n" not in exc.message
    if exc.kind == "invalid_field":
        assert ":" in exc.message or "stored" in exc.message, exc.message


@pytest.mark.sweep  # fuzzing, ~10 s: make sweep (CI), not make test
@SETTINGS
@given(data=inputs)
def test_replay_import_loader_gives_only_load_errors(data: bytes) -> None:
    try:
        record = parse_record(data, "game.json")
        check_record(record, FEATS.catalog, "game.json")
    except LoadError as exc:
        _assert_good_error(exc)


@pytest.mark.sweep  # fuzzing, ~10 s: make sweep (CI), not make test
@SETTINGS
@given(
    data=inputs, moves=st.lists(st.tuples(st.integers(-2, 200), st.text(max_size=12)), max_size=5)
)
def test_stored_row_loader_gives_only_load_errors(
    data: bytes, moves: list[tuple[int, str]]
) -> None:
    raw = VALID_RAW["moves"]
    rows = moves or [(i, text) for i, text in enumerate(raw, start=1)]
    try:
        header = data.decode("utf-8", errors="replace")
        record = record_from_rows(header, rows, "game 7")
        check_record(record, FEATS.catalog, "game 7")
    except LoadError as exc:
        _assert_good_error(exc)


def _load_error(path: Path) -> LoadError:
    """The one LoadError that reading and checking ``path`` gives (timings: bench)."""
    with pytest.raises(LoadError) as info:
        record = read_record_file(path)
        check_record(record, FEATS.catalog, path.name)
    return info.value


def test_oversized_and_hostile_files_are_refused_with_a_load_error(tmp_path: Path) -> None:
    cases = {
        "cap_plus_one.json": b" " * (MAX_RECORD_BYTES + 1),
        "deep.json": b"[" * 10_000 + b"]" * 10_000,
        "digits.json": VALID.replace('"seed": 5', '"seed": ' + "9" * 5000).encode(),
        "many_moves.json": VALID.replace('"moves": [', '"moves": [' + '"D",' * 1_000_000).encode(),
    }
    kinds = {}
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        kinds[name] = _load_error(path).kind
    assert kinds == {
        "cap_plus_one.json": "too_large",
        "deep.json": "not_json",
        "digits.json": "not_json",
        "many_moves.json": "too_large",
    }


def test_a_missing_file_is_a_load_error(tmp_path: Path) -> None:
    assert "cannot read it" in _load_error(tmp_path / "nope.json").message


cells = st.one_of(
    st.none(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(),
    st.text(max_size=70),
    st.binary(max_size=10),
    st.sampled_from(["FT1", "Ana", "2026-11-29T12:00:00.000+00:00", 1, 0]),
)
campaign_rows = st.one_of(
    st.tuples(st.integers(1, 9), st.just("Ana"), st.just("t"), st.just("t"), st.just(0)).map(list),
    st.lists(cells, min_size=4, max_size=6),
)


@st.composite
def mutated_campaign_row(draw: st.DrawFn) -> tuple[list[Any], list[list[Any]]]:
    row: list[Any] = [3, "Ana", "2026-11-29", "2026-11-29", 0]
    unlocks: list[list[Any]] = [["FT1", 7, "2026-11-29"], ["FT2", 8, "2026-11-29"]]
    target = draw(st.sampled_from(["row", "unlock", "random"]))
    if target == "row":
        row[draw(st.integers(0, 4))] = draw(cells)
    elif target == "unlock":
        unlocks[draw(st.integers(0, 1))][draw(st.integers(0, 2))] = draw(cells)
    else:
        row = draw(campaign_rows)
        unlocks = draw(st.lists(st.lists(cells, min_size=2, max_size=4), max_size=3))
    return row, unlocks


@settings(SETTINGS, max_examples=scale(500))
@given(case=mutated_campaign_row())
def test_campaign_row_loader_gives_only_load_errors(
    case: tuple[list[Any], list[list[Any]]],
) -> None:
    check_campaign_row(case)


@pytest.mark.slow
@pytest.mark.sweep
@SETTINGS
@given(case=mutated_campaign_row())
def test_campaign_row_loader_gives_only_load_errors_on_many_rows(
    case: tuple[list[Any], list[list[Any]]],
) -> None:
    """The same at 5,000 rows (fuzzing, about 15 s): make sweep (CI); 500 in make test."""
    check_campaign_row(case)


def check_campaign_row(case: tuple[list[Any], list[list[Any]]]) -> None:
    from palm_island.storage.rows import campaign_from_rows

    row, unlocks = case
    try:
        campaign = campaign_from_rows(row, unlocks)
    except LoadError as exc:
        _assert_good_error(exc)
    else:
        assert isinstance(campaign.name, str) and campaign.id > 0
