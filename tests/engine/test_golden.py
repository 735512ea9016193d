"""Golden data: perft counts, and recorded games pinned to their results forever.

The games (``tests/data/golden``, listed with their expected results in
``index.json``, the one place they are pinned): a 0-point game, a high score,
games earning every feat, each difficulty with feat cards in play, and five
greedy games from seeds. A change here means the rules changed: that needs a new
``rules_version`` and a deliberate update of these files (see tests/perft.py),
never a silent one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from palm_island.campaign.service import earned
from palm_island.engine import Catalog, new_game, parse_position
from palm_island.records import load_record, state_sha256, verify
from palm_island.storage.catalog_files import standard_feats
from perft import perft

DATA = Path(__file__).parent.parent / "data"
CASES: list[dict[str, Any]] = json.loads((DATA / "perft.json").read_text())
GOLDEN = DATA / "golden"
INDEX: dict[str, dict[str, Any]] = json.loads((GOLDEN / "index.json").read_text())
FEATS = standard_feats()


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_perft_counts_are_pinned(catalog: Catalog, case: dict[str, Any]) -> None:
    if "seed" in case:
        start = new_game(catalog, seed=case["seed"])
    else:
        start = parse_position(case["position"], catalog)
    counts = [perft(start, depth) for depth in range(1, len(case["counts"]) + 1)]
    assert counts == case["counts"]


@pytest.mark.parametrize("name", sorted(INDEX))
def test_golden_game_reproduces_its_score_hash_and_feats(name: str) -> None:
    record = load_record((GOLDEN / name).read_text(encoding="utf-8"))
    final = verify(record, FEATS.catalog)
    expected = INDEX[name]
    assert final.is_over
    assert state_sha256(final) == expected["state_sha256"]
    assert record.result is not None and record.result.score == expected["score"]
    assert list(earned(record, FEATS)) == expected["earned"]
    if record.seed is not None:  # a seeded deal is the seed's deal (R5)
        deal = new_game(FEATS.catalog, seed=record.seed).deal or ()
        assert [FEATS.catalog.card(i).code for i in deal] == list(record.deal)


def test_every_golden_file_is_pinned_and_the_set_covers_every_feat_and_difficulty() -> None:
    assert sorted(p.name for p in GOLDEN.glob("*.json") if p.name != "index.json") == sorted(INDEX)
    records = [load_record((GOLDEN / n).read_text(encoding="utf-8")) for n in INDEX]
    assert min(entry["score"] for entry in INDEX.values()) == 0
    assert {code for entry in INDEX.values() for code in entry["earned"]} == set(FEATS.codes)
    assert {r.setup.difficulty for r in records} == {"easy", "medium", "hard"}
