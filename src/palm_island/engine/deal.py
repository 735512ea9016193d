"""Provides the shuffle: a seed in, an explicit card order out.

Python only promises that ``random.Random(seed).random()`` repeats its sequence
across versions; ``shuffle`` and ``randrange`` may change. So we run our own
Fisher–Yates on ``random()`` and records keep the order it produced as well.
"""

from __future__ import annotations

import random

from .cards import BUILDINGS


def deal_from_seed(seed: int, cards: int = BUILDINGS) -> tuple[int, ...]:
    """The order of the building cards (ids, top first) for a seed (R5).

    For i from the last index down to 1, swap item i with item
    ``j = floor(random() * (i + 1))``: the textbook Fisher–Yates.

    >>> deal_from_seed(1)[:4]
    (1, 13, 9, 14)
    """
    if seed < 0:
        raise ValueError(f"a seed is a whole number from 0 up, not {seed}")
    rng = random.Random(seed)
    order = list(range(cards))
    for i in range(cards - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        order[i], order[j] = order[j], order[i]
    return tuple(order)
