"""Golden data: perft counts and complete recorded games pinned to their scores.

A change here means the rules changed: that needs a new rules_version and a
deliberate update of these files (see tests/perft.py), never a silent one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.perft import perft

from palm_island.engine import Catalog, new_game, parse_position, score
from palm_island.records import load_record, verify

DATA = Path(__file__).parent.parent / "data"
CASES: list[dict[str, Any]] = json.loads((DATA / "perft.json").read_text())
GOLDEN_SCORES = {101: 20, 102: 21, 103: 27, 104: 17, 105: 24}


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_perft_counts_are_pinned(catalog: Catalog, case: dict[str, Any]) -> None:
    if "seed" in case:
        start = new_game(catalog, seed=case["seed"])
    else:
        start = parse_position(case["position"], catalog)
    counts = [perft(start, depth) for depth in range(1, len(case["counts"]) + 1)]
    assert counts == case["counts"]


@pytest.mark.parametrize("seed", sorted(GOLDEN_SCORES))
def test_golden_games_replay_to_their_pinned_scores(catalog: Catalog, seed: int) -> None:
    record = load_record((DATA / "golden" / f"greedy-seed-{seed}.json").read_text())
    final = verify(record, catalog)
    assert final.is_over and record.seed == seed
    assert score(final).total == GOLDEN_SCORES[seed]
    assert [catalog.card(i).code for i in new_game(catalog, seed=seed).deal or ()] == list(
        record.deal
    )
