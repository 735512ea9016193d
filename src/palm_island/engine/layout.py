"""Provides the two facts about the deck that code outside the rules needs: how a
deck entry is packed, and which face the round tracker shows in each round.

One place each (docs/engine-api.md, *Packed cards*): the solver, records and the
engine's own tables read a packed entry and the tracker's face through these
helpers instead of repeating the bit layout or R22's turning of the tracker.

A deck entry is one int (one byte in the compact rules): ``id << 3 |
orientation << 1 | stored``. The tracker shows 1/5, 2/6, 3/7, 4/8 on its four
faces: each round end turns it by the action printed on its current face (R22).
"""

from __future__ import annotations

from .cards import ROUNDS, Catalog, Face, Orientation


def pack(card_id: int, orientation: int, stored: bool = False) -> int:
    """Pack one deck entry into an int: ``id << 3 | orientation << 1 | stored``."""
    return card_id << 3 | orientation << 1 | int(stored)


def packed_id(packed: int) -> int:
    """The card id of a packed entry."""
    return packed >> 3


def packed_orientation(packed: int) -> int:
    """The orientation (0-3, :class:`Orientation`) of a packed entry."""
    return (packed >> 1) & 3


def packed_stored(packed: int) -> bool:
    """Whether a packed entry is a stored card."""
    return bool(packed & 1)


def packed_face(catalog: Catalog, packed: int) -> Face:
    """The face a packed entry shows (its active half)."""
    return catalog.cards[packed >> 3].faces[(packed >> 1) & 3]


def packed_values(card_id: int) -> frozenset[int]:
    """Every packed entry of a card (all faces, stored or not): membership tests on hot paths."""
    return frozenset(card_id << 3 | low for low in range(8))


def tracker_turned(catalog: Catalog, orientation: int) -> int:
    """R22: the tracker's orientation after a round end turns it from ``orientation``."""
    action = catalog.cards[catalog.tracker_id].faces[orientation].actions[0]
    assert action.to is not None, "the tracker's action turns it"
    return int(action.to)


def tracker_orientation(catalog: Catalog, round_: int) -> Orientation:
    """The tracker's face while round ``round_`` is played (R22): 1/5, 2/6, 3/7, 4/8."""
    orientation = int(Orientation.FRONT_UP)
    for _ in range((round_ - 1) % 4):
        orientation = tracker_turned(catalog, orientation)
    return Orientation(orientation)


def tracker_by_round(catalog: Catalog) -> tuple[int, ...]:
    """The tracker's packed entry while each round is played (index 1-8; index 0 is 0)."""
    tracker = catalog.tracker_id
    return (0, *(pack(tracker, tracker_orientation(catalog, r)) for r in range(1, ROUNDS + 1)))
