"""Provides :func:`plan_tables`: each card's worth as its best plan at round prices.

The evaluation the beam ranks positions by sums a value per card. A card's worth here
is what the payment relaxation (:mod:`.payments`, the upper bound's) says its best plan
is worth at the prices its Lagrangian multipliers put on stores: the stars of the face
it ends on, plus what each of its stores earns, less what each of its upgrades and
stores pays, acting at most once a round from now to the end. A stored card also gets
the price of what it holds in the rounds it can still pay.

Why these prices: the relaxation's multipliers are the prices at which the cards'
plans, each chosen alone, come closest to respecting the shared limits (stores made
before they are used, each store paying once, at most four held). They differ by
round and by kind of store: a store is worth about twice as much in rounds 1-2 as in
rounds 4-8, and two fish in one card more than two one-fish cards. The earlier
evaluation priced every resource the same in every round with tuned constants. On
the benchmark deals at width 400 the mean went from 42.81 to 44.22 (seeds 1-100) and
from 42.98 to 44.08 (101-200); docs/solver.md has the figures and commands.

The prices come from the deal of the deck's cards (all at their start faces, above the
tracker, round 1; the relaxation does not see the order, so one deal stands for all):
one search of multipliers per card set (with feat cards, from the buildings' prices:
:mod:`.card_set_prices` says why), about 0.3 s, kept per catalog. Every position
of a game, from any starting point, is valued with the same tables, so a search from
a position and a search from the deal agree on what they rank.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import ROUNDS, Catalog, pack
from .card_set_prices import card_set_deal, spread_prices
from .payments import (
    SEARCH_STEPS,
    Multipliers,
    covers_of,
    payment_bound_from,
    plan_value,
    price_table,
    round_prices,
    store_model,
)
from .per_catalog import PerCardSet


@dataclass(frozen=True, slots=True)
class PlanTables:
    """Per round (1-8, index 0 unused), each packed card's worth above the tracker (it
    can still act this round) and below it (from the next round on)."""

    above: tuple[list[float], ...]
    below: tuple[list[float], ...]


def plan_tables(catalog: Catalog, feats: tuple[int, ...]) -> PlanTables:
    """The tables for games of ``catalog`` with these feat cards (sorted ids), built once
    and shared by every search of the card set."""
    return _kept(catalog, feats)


def _build(catalog: Catalog, feats: tuple[int, ...]) -> PlanTables:
    start = card_set_deal(catalog, feats)
    _, multipliers = payment_bound_from(start, _search_start(catalog, feats), SEARCH_STEPS)
    model = store_model(catalog)
    use, earn = round_prices(multipliers, len(model.kinds))
    covers = covers_of(model, start.deck)
    cheapest = [price_table(covers, prices) for prices in use]
    size = len(catalog.cards) * 8
    above: list[list[float]] = [[]]
    below: list[list[float]] = [[]]
    for round_ in range(1, ROUNDS + 1):
        for first, held_price, into in (
            (round_, use[round_], above),  # stored in the last round: pays in this one
            (round_ + 1, earn[round_], below),  # stored this round: pays in this or the next
        ):
            table = [0.0] * size
            for card in catalog.cards:
                if card.is_round_tracker:
                    continue
                for orientation, face in enumerate(card.faces):
                    worth = plan_value(model, card.id, orientation, first, earn, cheapest)
                    made = (face.yields.wood, face.yields.fish, face.yields.stone)
                    kind = model.index.get(made)
                    held = held_price[kind] if kind is not None else 0.0
                    table[pack(card.id, orientation)] = worth
                    table[pack(card.id, orientation, True)] = worth + held
            into.append(table)
    return PlanTables(tuple(above), tuple(below))


def _search_start(catalog: Catalog, feats: tuple[int, ...]) -> Multipliers | None:
    """Where a card set's search starts: for the buildings alone, zero; with feat
    cards, the buildings' prices (:mod:`.card_set_prices` says why)."""
    if not feats:
        return None
    _, (spans, carried) = payment_bound_from(card_set_deal(catalog, ()), None, SEARCH_STEPS)
    return spread_prices(catalog, spans), carried


_kept = PerCardSet(_build)
