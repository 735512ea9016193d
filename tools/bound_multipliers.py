"""Solves the windows relaxation's dual optimum for every set of cards a player can
deal (the 16 buildings with any feat cards) and writes
``src/palm_island/solver/bound_multipliers.json``, which the bound reads
(:mod:`palm_island.solver.solved_multipliers` says why).

Needs scipy (HiGHS), which the game does not: ``make bound-multipliers`` runs it in a
venv of its own. Run it again when the card data changes (a test fails until then).

How: column generation with a box around the best multipliers (box-step). The master
linear program mixes, for each group of cards that plan alike, the plans the
Lagrangian picked so far, and prices the coupling constraints; its dual prices within
the box are the next multipliers tried; a try that lowers the Lagrangian enough moves
the box there (and widens it), another one only adds its plans. It stops when the master
predicts no more gain. Every value written is the Lagrangian worked out by
:meth:`~palm_island.solver.windows.WindowProblem.evaluate` at the grid multipliers
written, so the LP's tolerances never enter the bound.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
from scipy.optimize import linprog
from scipy.sparse import csc_array

from palm_island.engine import STORE_LIMIT, Catalog, new_game
from palm_island.solver.payments import payment_bound_from, store_model
from palm_island.solver.solved_file import SolvedFile, SolvedSet
from palm_island.solver.solved_multipliers import FILE, card_set_key
from palm_island.solver.subgradient import GRID
from palm_island.solver.windows import (
    BLOCKS,
    Plan,
    PlayerKey,
    WindowProblem,
    from_rounds,
    window_bound_from,
)
from palm_island.storage.catalog_files import standard_feats

ROUNDS = 300
"""Column-generation rounds at most (about 80 for the 16 buildings)."""
BOX = 1 / 16
"""The box's first half-width (stars per unit of a constraint)."""
GROW = 2.0
"""The box doubles when a try lowers the Lagrangian enough (a serious step)."""
SHRINK = 1.0
"""and keeps its width otherwise: narrowing it then stalled (the 16 buildings, 300
rounds: 52.00 halving it, 51.93 by 0.8, 51.92 keeping it; 2026-12-02)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=FILE)
    parser.add_argument("--sets", type=int, help="only the first N sets of cards (a quick run)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count(), help="processes at once")
    options = parser.parse_args()
    catalog = standard_feats().catalog
    feat_sets = [
        combo
        for size in range(len(catalog.feat_ids) + 1)
        for combo in itertools.combinations(catalog.feat_ids, size)
    ]
    entries = []
    with ProcessPoolExecutor(options.jobs) as pool:
        for entry, spent in pool.map(_timed, feat_sets[: options.sets]):
            print(f"feats {entry.feats}: {entry.value / GRID:.4f} ({spent:.1f} s)", flush=True)
            entries.append(entry)
    document = SolvedFile(version=1, grid=int(GRID), blocks=BLOCKS, sets=tuple(entries))
    options.out.write_text(json.dumps(document.model_dump(), separators=(",", ":")) + "\n")
    print(f"wrote {options.out}: {len(entries)} set(s) of cards")


def _timed(feats: tuple[int, ...]) -> tuple[SolvedSet, float]:
    began = time.process_time()
    entry = solve_set(standard_feats().catalog, feats)
    return entry, time.process_time() - began


def solve_set(catalog: Catalog, feats: tuple[int, ...]) -> SolvedSet:
    """One set of cards' entry: the multipliers found and the value they give."""
    buildings = [
        c.id for c in catalog.cards if not c.is_round_tracker and c.id not in catalog.feat_ids
    ]
    deal = new_game(catalog, deal=buildings, feats=feats)
    model = store_model(catalog)
    _, rounds = payment_bound_from(deal, None, 300)
    _, start = window_bound_from(deal, from_rounds(rounds, len(model.kinds)), 100)
    problem = WindowProblem(deal)
    order_free: dict[PlayerKey, int] = {}
    for (kind, face, first), count in problem.players.items():
        key = (kind, face, 0 if first < BLOCKS else first)  # anywhere in round 1
        order_free[key] = order_free.get(key, 0) + count
    problem.players = order_free
    value, flat = box_step(problem, problem.unpack(start))
    price, sigma, pi = problem.split(flat)
    return SolvedSet(
        feats=tuple(catalog.cards[f].code for f in feats),
        cards=card_set_key(catalog, feats),
        kinds=model.kinds,
        value=round(value * GRID),
        price=tuple(
            (h, v, round(w * GRID)) for h, row in enumerate(price) for v, w in enumerate(row) if w
        ),
        limit=tuple((h, round(w * GRID)) for h, w in enumerate(sigma) if w),
        places=tuple((h, round(w * GRID)) for h, w in enumerate(pi) if w),
    )


def box_step(problem: WindowProblem, center: list[float]) -> tuple[float, list[float]]:
    """The least Lagrangian value found from ``center`` on, and where (flat multipliers
    on the grid, in :meth:`~palm_island.solver.windows.WindowProblem.split`'s order)."""
    pool: dict[PlayerKey, dict[Plan, None]] = {key: {} for key in problem.players}
    top = _try(problem, center, pool)
    width = BOX
    for _ in range(ROUNDS):
        model, flat = _master(problem, pool, center, width)
        predicted = top - model
        if predicted < 1e-4:
            break
        value = _try(problem, flat, pool)
        if top - value >= 0.1 * predicted:
            center, top = flat, value
            width = min(width * GROW, 1.0)
        else:
            width = max(width * SHRINK, 1 / 512)
    return top, center


def _try(
    problem: WindowProblem, flat: list[float], pool: dict[PlayerKey, dict[Plan, None]]
) -> float:
    """The Lagrangian at ``flat``; its plans join the pool."""
    best: dict[PlayerKey, Plan] = {}
    value, _ = problem.evaluate(flat, best)
    for key, plan in best.items():
        pool[key][plan] = None
    return value


def _master(
    problem: WindowProblem,
    pool: dict[PlayerKey, dict[Plan, None]],
    center: list[float],
    width: float,
) -> tuple[float, list[float]]:
    """The plans' model of the Lagrangian at its least within ``width`` of ``center``:
    its value and where (the LP's dual prices, on the grid)."""
    slots, kinds = problem.slots, problem.kinds
    limit_row = slots * kinds
    place_row = limit_row + slots
    coupling = place_row + slots
    rows: list[int] = []
    cols: list[int] = []
    coefs: list[float] = []
    costs: list[float] = []
    groups: list[int] = []

    def column(cost: float, group: int, entries: list[tuple[int, float]]) -> None:
        for row, coef in entries:
            rows.append(row)
            cols.append(len(costs))
            coefs.append(coef)
        costs.append(cost)
        groups.append(group)

    counts: list[float] = []
    for group, (key, plans) in enumerate(pool.items()):
        card = problem.model.cards[key[0]]
        assert card is not None
        for face, leaves, pays, stores in plans:
            entries = [(place_row + h, 1.0) for h in leaves]
            entries += [(h * kinds + v, 1.0) for h, v in pays]
            for g, u, v in stores:
                entries.append((u * kinds + v, -1.0))
                entries += [(limit_row + k, 1.0) for k in range(g, u)]
            column(-float(card.stars[face]), group, entries)
        counts.append(float(problem.players[key]))
    for row in range(coupling):  # the box: each constraint bought or sold at its edges
        column(center[row] + width, -1, [(row, -1.0)])
        if center[row] > width:
            column(-(center[row] - width), -1, [(row, 1.0)])
    size = len(costs)
    upper = csc_array((coefs, (rows, cols)), shape=(coupling, size))
    mixed = [(g, i) for i, g in enumerate(groups) if g >= 0]
    equal = csc_array(
        ([1.0] * len(mixed), ([g for g, _ in mixed], [i for _, i in mixed])),
        shape=(len(counts), size),
    )
    limits = [0.0] * (slots * kinds) + [float(STORE_LIMIT)] * slots
    limits += [float(c) for c in problem.capacity]
    found = linprog(
        np.array(costs),
        A_ub=upper,
        b_ub=np.array(limits),
        A_eq=equal,
        b_eq=np.array(counts),
        bounds=(0, None),
        method="highs",
    )
    if found.status != 0:
        raise SystemExit(f"the master LP failed: {found.message}")
    duals = [max(0.0, round(-m * GRID) / GRID) for m in found.ineqlin.marginals]
    return -float(found.fun), duals


if __name__ == "__main__":
    main()
