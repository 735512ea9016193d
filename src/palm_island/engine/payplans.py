"""Provides the ways stored cards pay for an action (R15-R17, R20): inclusion-minimal
sets of them covering one cost alternative, in the order moves list them.

Bit masks over the (at most four, R19) stored cards in code order stand for sets of
them; amounts are packed with :func:`~.tables.packed_resources`, so covering is one
subtraction (:func:`~.tables.covers`). :class:`~.movegen.MoveMemo` keeps the plans per
holdings and action; :func:`payments` is the same for the public API.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TypeVar

from .cards import Resources
from .state import STORE_LIMIT
from .tables import GUARD, MEMBERS, packed_resources

_T = TypeVar("_T")

Plan = tuple[int, int, int]
"""One way to pay for an action: bit masks (over the stored cards in code order) of
the cards paid and of every card un-stored, and the index of the card released first
(R20) or -1."""

BY_SIZE = tuple(sorted(range(1, 16), key=lambda m: (len(MEMBERS[m]), MEMBERS[m])))
"""Masks in payment order: fewest cards first, then by the cards' order."""
ORDER = tuple(tuple(m for m in BY_SIZE if m < 1 << n) for n in range(5))
"""Per number of stored cards: the masks over them in payment order."""
SUPERSETS = tuple(sum(1 << s for s in range(16) if s & m == m) for m in range(16))
"""Per mask: one bit per mask that holds it."""


def _payment_masks(cost: tuple[int, ...], holds: tuple[int, ...]) -> tuple[int, ...]:
    """Bit masks of the inclusion-minimal sets of ``holds`` that pay one alternative.

    Amounts are packed with :func:`~.tables.packed_resources`.
    """
    size = 1 << len(holds)
    totals = [0] * size
    for mask in range(1, size):
        low = mask & -mask
        totals[mask] = totals[mask ^ low] + holds[low.bit_length() - 1]
    order = ORDER[len(holds)]
    found = 0  # one bit per mask found
    for alternative in cost:
        covered = 0  # one bit per superset of a mask found for this alternative
        for mask in order:
            # :func:`~.tables.covers`, inlined (one call per subset): every field of
            # total - alternative stays >= 0 exactly when no guard bit is borrowed.
            if not covered >> mask & 1 and ((totals[mask] | GUARD) - alternative) & GUARD == GUARD:
                covered |= SUPERSETS[mask]
                found |= 1 << mask
    return tuple([mask for mask in order if found >> mask & 1])


def plans(index: int, cost: tuple[int, ...], holds: tuple[int, ...]) -> tuple[Plan, ...]:
    """The ways to pay for an action (``KINDS[index]``) with cards holding ``holds``
    (code order), in move order; a store that leaves four cards stored releases one
    first (R20)."""
    count = len(holds)
    found: list[Plan] = []
    for mask in _payment_masks(cost, holds) if cost else (0,):
        paid = MEMBERS[mask]
        if not index and count - len(paid) >= STORE_LIMIT:
            found.extend(
                (mask, mask | 1 << free, free) for free in range(count) if free not in paid
            )
        else:
            found.append((mask, mask, -1))
    return tuple(found)


def payments(
    cost: tuple[Resources, ...], holdings: tuple[tuple[str, Resources], ...]
) -> list[tuple[str, ...]]:
    """Every inclusion-minimal set of stored cards that pays one cost alternative.

    ``holdings`` pairs each stored card's code with what it holds, alphabetically
    by code. A free action has one payment, the empty one (R14); an unaffordable
    action has none. Payments come fewest cards first, then alphabetically.
    """
    if not cost:
        return [()]
    masks = _payment_masks(
        tuple(map(packed_resources, cost)), tuple(packed_resources(h) for _, h in holdings)
    )
    return [tuple(holdings[i][0] for i in MEMBERS[m]) for m in masks]


def _picker(indices: tuple[int, ...]) -> Callable[[Sequence[_T]], tuple[_T, ...]]:
    if len(indices) > 1:
        return itemgetter(*indices)
    if indices:
        index = indices[0]
        return lambda items: (items[index],)
    return lambda items: ()


PICK = tuple(_picker(members) for members in MEMBERS)
"""For each bit mask: the items at its indices, in order (a tuple even for one)."""
PICK_BACK = tuple(_picker(members[::-1]) for members in MEMBERS)
"""For each bit mask: the items at its indices, highest index first."""
