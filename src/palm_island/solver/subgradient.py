"""Provides :func:`search_multipliers`: the dual search of the bound's two Lagrangian
relaxations (:mod:`.payments`, :mod:`.windows`), and :func:`projected_step`, its step.

Both relaxations are a :class:`DualProblem`: the Lagrangian's value and a subgradient
at any flat vector of multipliers. Both are searched the same way, so the loop lives
here once: a subgradient with momentum (``BETA`` of the previous direction),
components that would push a zero multiplier below zero dropped, Polyak's step size
towards a target ``Schedule.delta`` below the best value so far, the rate halved after
``Schedule.patience`` steps without a better value, and the result kept non-negative
on a 1/``GRID`` grid, so every sum the problems form is exact in floating point and
the floor they take is safe. Any non-negative multipliers give a valid bound (weak
duality): the search only decides how fast the bound falls, never whether it is right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

GRID = 4096.0
BETA = 0.5


class DualProblem(Protocol):
    """A relaxation's Lagrangian at one position, on flat vectors of multipliers."""

    def evaluate(self, flat: list[float]) -> tuple[float, list[float]]:
        """The Lagrangian's value at ``flat`` and the constraints' slacks in the same
        order (negative: violated by the best plans there)."""
        ...


@dataclass(frozen=True, slots=True)
class Schedule:
    """How a search moves: the first rate, the steps without a better value before it
    halves, how far below the best value it aims, and by how much the rate may fall
    (``rate / give_up``) before it stops."""

    rate: float
    patience: int
    delta: float
    give_up: int


def search_multipliers(
    problem: DualProblem, start: list[float], steps: int, schedule: Schedule
) -> tuple[float, list[float]]:
    """The smallest value met in at most ``steps`` evaluations (at least one) from
    ``start``, and the multipliers where it was met."""
    rate, stall = schedule.rate, 0
    floor = rate / schedule.give_up
    best, best_at = math.inf, start
    weights = start
    direction: list[float] = []
    for _ in range(max(steps, 1)):
        total, slacks = problem.evaluate(weights)
        if total < best:
            best, best_at, stall = total, weights, 0
        else:
            stall += 1
            if stall >= schedule.patience:
                rate, stall = rate / 2, 0
                if rate < floor:
                    break
        stepped = projected_step(weights, slacks, direction, rate, total - best + schedule.delta)
        if stepped is None:
            break
        weights, direction = stepped
    return best, best_at


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
