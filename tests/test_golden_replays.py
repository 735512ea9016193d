"""T13: golden replays — committed records that must reproduce their hashes forever.

24 games under rules version 1: a 0-point game, a high score, games earning every
feat, and each difficulty with feat cards in play. A change that alters any of
them must come with a ``rules_version`` bump (and new golden files).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from palm_island.campaign.service import earned
from palm_island.records import load_record, state_sha256, verify
from palm_island.storage.catalog_files import standard_feats

GOLDEN = Path(__file__).parent / "data" / "golden"
INDEX = json.loads((GOLDEN / "index.json").read_text(encoding="utf-8"))
FEATS = standard_feats()


@pytest.mark.parametrize("name", sorted(INDEX))
def test_t13_golden_game_reproduces_its_score_hash_and_feats(name: str) -> None:
    record = load_record((GOLDEN / name).read_text(encoding="utf-8"))
    final = verify(record, FEATS.catalog)
    expected = INDEX[name]
    assert state_sha256(final) == expected["state_sha256"]
    assert record.result is not None and record.result.score == expected["score"]
    assert list(earned(record, FEATS)) == expected["earned"]


def test_t13_the_golden_set_covers_zero_points_every_feat_and_every_difficulty() -> None:
    records = [load_record((GOLDEN / n).read_text(encoding="utf-8")) for n in INDEX]
    assert len(records) >= 20
    assert min(entry["score"] for entry in INDEX.values()) == 0
    assert {code for entry in INDEX.values() for code in entry["earned"]} == set(FEATS.codes)
    assert {r.setup.difficulty for r in records} == {"easy", "medium", "hard"}
