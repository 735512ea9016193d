"""An "every card" goal's count in play (issue 47, item 6): the number the game shows
as it goes is the one the end of the game checks, on every golden game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from palm_island.campaign.service import earned
from palm_island.engine import CatalogError, goal_progress, parse_feats
from palm_island.records import load_record, verify
from palm_island.storage.catalog_files import standard_catalog, standard_feats

GOLDEN = Path(__file__).parent.parent / "data" / "golden"
INDEX: dict[str, dict[str, Any]] = json.loads((GOLDEN / "index.json").read_text())
FEATS = standard_feats()
COUNTED = tuple(feat for feat in FEATS.feats if feat.progress is not None)


def test_every_card_upgraded_has_a_count_in_the_data() -> None:
    assert [feat.code for feat in COUNTED] == ["FT6"]


@pytest.mark.parametrize("name", sorted(INDEX))
def test_the_count_is_full_exactly_when_the_goal_is_earned(name: str) -> None:
    record = load_record((GOLDEN / name).read_text(encoding="utf-8"))
    final = verify(record, FEATS.catalog)
    earned_here = set(earned(record, FEATS))
    for progress in goal_progress(COUNTED, final):
        cards = [c for c in final.cards if not c.spec.is_round_tracker]
        assert progress.total == len(cards)  # feat cards in play count too
        assert progress.done == sum(c.face.upgrades >= 1 for c in cards)
        assert (progress.done == progress.total) == (progress.feat.code in earned_here)
        assert progress.text == f"{progress.done} of {progress.total} cards upgraded"


def feats_text(**changes: object) -> str:
    """The shipped feat file with FT6's entry changed."""
    data = json.loads((Path(__file__).parents[2] / "data" / "feats.json").read_text())
    data["feats"][5].update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"progress": "{done} of {all} cards"}, "must name {done} and {total}"),
        ({"progress": "{done} cards"}, "must name {done} and {total}"),
        ({"progress": "{0} of {1}"}, "must name {done} and {total}"),
        (
            {"unlock": {"test": "score", "at_least": 3}},
            "only for a cards goal with every: true",
        ),
    ],
)
def test_a_progress_sentence_that_cannot_be_filled_is_refused(
    changes: dict[str, object], says: str
) -> None:
    with pytest.raises(CatalogError, match=says.replace("{", r"\{").replace("}", r"\}")):
        parse_feats(feats_text(**changes), standard_catalog())
