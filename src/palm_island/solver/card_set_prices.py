"""Provides where the evaluation's price searches start for a set of cards: the
buildings' own prices (:func:`spread_prices`), and the deal both search on
(:func:`card_set_deal`).

Why: the evaluation values each card at the prices of a relaxation's dual
(:mod:`.window_values`, :mod:`.plan_values`), searched once per card set on its deal.
With FT1, FT3 or FT6 in the deck the relaxations hardly bind there: the spare stores
of that one card (it can store on every face) pay for about every upgrade in them.
With FT1 or FT3 the dual optimum is the sum of every card's best face, 59, met at zero
multipliers (``tools/bound_multipliers.py``'s linear program finds no lower); with FT6
it is 59.3 against 60 there. A search from zero never left zero: every price was 0, so
the evaluation saw no cost in an upgrade and no worth in a store, and the beam ranked
blind (solver 15-21 against the greedy player's 25-34 on seeds 9001-9002). A dual
optimum only says what the relaxation can still pay for; which prices rank positions
well is another question (docs/solver.md). The buildings bind (their dual value is
51.9 against 57 for every best face), so their prices say what a store is worth: a
feat card set's search starts from them and keeps the lowest dual value it meets from
there.

A kind of store no building makes (``2 fish + 1 stone`` is FT3's alone) has no
price of the buildings' own: it starts at the dearest price of the kinds it pays for
(the engine's rule for what a stored card pays, :func:`~palm_island.engine.covers`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from ..engine import Catalog, GameState, Resources, covers, new_game, packed_resources
from .payments import store_model

_Key = TypeVar("_Key")


def card_set_deal(catalog: Catalog, feats: tuple[int, ...]) -> GameState:
    """The deal the prices of a card set are searched on: the buildings in catalog
    order, then the feat cards (sorted ids), round 1 (the relaxations do not see the
    order, so one deal stands for all)."""
    feat_ids = set(catalog.feat_ids)
    buildings = [c.id for c in catalog.cards if not c.is_round_tracker and c.id not in feat_ids]
    return new_game(catalog, deal=buildings, feats=feats)


def building_kinds(catalog: Catalog) -> frozenset[int]:
    """The kinds of store (indices in :func:`~.payments.store_model`'s ``kinds``) some
    building of ``catalog`` makes on one of its faces."""
    model = store_model(catalog)
    feat_ids = set(catalog.feat_ids)
    return frozenset(
        model.index[(face.yields.wood, face.yields.fish, face.yields.stone)]
        for card in catalog.cards
        if not card.is_round_tracker and card.id not in feat_ids
        for face in card.faces
        if face.yields.total and any(action.to is None for action in face.actions)
    )


def spread_prices(
    catalog: Catalog, rows: Mapping[_Key, Sequence[float]]
) -> dict[_Key, list[float]]:
    """The buildings' prices ``rows`` (per block or span, one price per kind of store)
    with each kind no building makes priced as the dearest kind it pays for."""
    model = store_model(catalog)
    known = building_kinds(catalog)
    held = [packed_resources(Resources(*kind)) for kind in model.kinds]
    pays_for = [
        [u for u in sorted(known) if covers(held[v], held[u])] for v in range(len(model.kinds))
    ]
    return {
        key: [
            row[v] if v in known else max((row[u] for u in pays_for[v]), default=0.0)
            for v in range(len(model.kinds))
        ]
        for key, row in rows.items()
    }
