"""Rule knowledge in one place: the packed-card bit layout and the tracker's face per
round are read through engine/layout.py, not worked out again (issue 24).

Every source file is scanned; a new site that decodes a packed entry by hand or
follows the tracker's action itself fails here. The move generator's hot paths
(movegen, the compact rules, rules.apply_move) keep their inlined bit arithmetic
for speed and are listed by name.
"""

from __future__ import annotations

import re
from pathlib import Path

import palm_island
from palm_island.engine import new_game
from palm_island.engine.layout import (
    pack,
    packed_face,
    packed_id,
    packed_orientation,
    packed_stored,
    tracker_by_round,
    tracker_orientation,
)
from palm_island.storage.catalog_files import standard_catalog

SOURCE = Path(palm_island.__file__).parent
PACKED = re.compile(r">>\s*3\b|>>\s*1\)\s*&\s*3|<<\s*3\s*\|")
TRACKER_TURN = re.compile(r"actions\[0\]\.to")
HOT_PATHS = {
    "engine/layout.py",
    "engine/movegen.py",
    "engine/tables.py",  # the tables movegen builds its moves from (split out of movegen)
    "engine/state.py",  # DeckCard.unpack, pack's inverse, on every view of the table
    "engine/search.py",
    "engine/rules.py",
}
"""Where the bit layout may be written out (the layout itself, and the inner loops)."""
TRACKER_SITES = {"engine/layout.py", "engine/cards.py"}
"""The helpers, and the catalog's check that the tracker's faces cycle (R22)."""


def _sources() -> dict[str, str]:
    return {
        str(path.relative_to(SOURCE)): path.read_text(encoding="utf-8")
        for path in sorted(SOURCE.rglob("*.py"))
    }


def test_no_packed_entry_is_decoded_by_hand_outside_the_layout() -> None:
    sources = _sources()
    assert "solver/bound.py" in sources and "records/replay.py" in sources
    found = [
        f"{name}:{number}: {line.strip()}"
        for name, text in sources.items()
        if name not in HOT_PATHS
        for number, line in enumerate(text.splitlines(), 1)
        if PACKED.search(line)
    ]
    assert found == []


def test_the_trackers_face_per_round_is_worked_out_in_one_place() -> None:
    found = [
        name
        for name, text in _sources().items()
        if name not in TRACKER_SITES and TRACKER_TURN.search(text)
    ]
    assert found == []


def test_the_helpers_agree_with_the_engines_view_of_a_deck() -> None:
    catalog = standard_catalog()
    state = new_game(catalog, seed=11)
    for packed, card in zip(state.deck, state.cards, strict=True):
        assert packed_id(packed) == card.spec.id
        assert packed_orientation(packed) == card.orientation
        assert packed_stored(packed) == card.stored
        assert packed_face(catalog, packed) == card.face
        assert pack(card.spec.id, card.orientation, card.stored) == packed
    shown = [tracker_orientation(catalog, r).short for r in range(1, 9)]
    assert len(set(shown[:4])) == 4  # four faces, one per round of a cycle
    assert shown[:4] == shown[4:]
    assert tracker_by_round(catalog)[1:] == tuple(
        pack(catalog.tracker_id, tracker_orientation(catalog, r)) for r in range(1, 9)
    )
