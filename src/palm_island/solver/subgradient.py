"""Provides :func:`projected_step`: one step of the dual searches of the bound's two
Lagrangian relaxations (:mod:`.payments`, :mod:`.windows`).

Both search their multipliers the same way, so the step lives here once: a
subgradient with momentum (``BETA`` of the previous direction), components that
would push a zero multiplier below zero dropped, Polyak's step size towards the
caller's target, and the result kept non-negative on a 1/``GRID`` grid, so every sum
the callers form is exact in floating point and the floor they take is safe. Any
non-negative multipliers give a valid bound (weak duality): the step only decides how
fast the bound falls, never whether it is right.
"""

from __future__ import annotations

import math

GRID = 4096.0
BETA = 0.5


def projected_step(
    weights: list[float], slacks: list[float], direction: list[float], rate: float, gap: float
) -> tuple[list[float], list[float]] | None:
    """The next multipliers and the direction taken (the next call's ``direction``),
    from the current ``weights`` and the constraints' ``slacks`` (negative: violated);
    ``gap``: how far the relaxation's value stands above the target. ``None`` when no
    component can move (every violated-free constraint slack at a zero multiplier)."""
    if direction:
        slacks = [g + BETA * d for g, d in zip(slacks, direction, strict=True)]
    slacks = [g if g < 0 or w > 0 else 0.0 for g, w in zip(slacks, weights, strict=True)]
    norm = sum(g * g for g in slacks)
    if norm == 0:
        return None
    size = rate * gap / norm
    moved = [
        max(0.0, math.floor((w - size * g) * GRID) / GRID)
        for w, g in zip(weights, slacks, strict=True)
    ]
    return moved, slacks
