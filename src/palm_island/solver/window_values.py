"""Provides :func:`window_tables`: each card's worth as its best plan at the windows
relaxation's prices, by where it stands in the deck.

The evaluation the beam ranks positions by sums a value per card. Here a card's worth
is what the windows relaxation (:mod:`.windows`, the upper bound's tightest) says its
best plan is worth at the prices its Lagrangian multipliers put on stores, on the four
stores held and on the places of each block of a round: the stars of the face it ends
on, plus what each of its stores earns, less what its upgrades and stores pay and the
places it takes, leaving each round in a block no more than one earlier than the round
before. A stored card also gets the best price of what it holds in a block before it
comes back to the top (R21), less the four-limit's prices of the boundaries it is held
across.

Why: the round prices (:mod:`.plan_values`, solver version 2) see neither where a card
stands in a round nor the four-limit between blocks; these do, so a card about to
leave early in the round, or a store that can still pay before its release, is worth
what the relaxation says. At width 900 on seeds 9001-9060 the mean went from 44.45 to
45.18, on 11001-11060 from 44.85 to 45.20 (docs/solver.md).

The multipliers are searched once per card set, from the deal of its cards in catalog
order (round 1, every card at its start face above the tracker), starting from the
payments relaxation's (a set with feat cards: from the buildings' prices, which
:mod:`.card_set_prices` says why), about 0.5 s; every position is then valued with the same
prices. A card's block follows from its index in the deck and the tracker's place, so
the tables are built per (round, tracker place, deck size) as a few runs of indices
that share one table, and kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import ROUNDS, Catalog, pack
from .card_set_prices import card_set_deal, spread_prices
from .payments import SEARCH_STEPS as PAYMENT_STEPS
from .payments import covers_of, payment_bound_from, price_table, store_model
from .per_catalog import PerCardSet
from .windows import (
    BLOCKS,
    SEARCH_STEPS,
    Values,
    WindowMultipliers,
    best_block,
    card_plans,
    from_rounds,
    held_costs,
    store_earnings,
    window_bound_from,
)

EVALUATION_STEPS = 3 * SEARCH_STEPS
"""The multipliers' search from the card set's deal: it stops when it stalls, before
300 steps (the bound's 100 from a position gave 44.82 instead of 45.18 on seeds
9001-9060; a longer search with more patience, 44.98: what ranks well is not only the
lowest dual value)."""

Segments = tuple[tuple[int, list[float]], ...]
"""Runs of deck indices valued with one table: ``(end, table)``, each run starting
where the one before ends (the first at index 0), the last ending at the deck's size."""


@dataclass(slots=True)
class WindowTables:
    """For one card set: the prices, each kind of card's plans, and the tables built."""

    catalog: Catalog
    price: list[list[float]]
    """Each kind of store's price in each block of the game."""
    held_cost: list[float]
    """The four-limit's prices of the boundaries before each block (a prefix sum)."""
    plans: dict[int, Values]
    """Per kind of card (:attr:`~palm_island.engine.Catalog.first_copy`): its plan values by round,
    block and face."""
    multipliers: WindowMultipliers
    """Where the search ended: the prices (a feat card set's search starts from the
    buildings')."""
    _segments: dict[tuple[int, int, int], Segments] = field(default_factory=dict)

    def segments(self, round_: int, cut: int, cards: int) -> Segments:
        """The tables for decks of ``cards`` cards in ``round_`` with the tracker at
        index ``cut`` (built once: a race between threads can only build them twice; the
        tracker is worth 0 in all of them)."""
        key = (round_, cut, cards)
        found = self._segments.get(key)
        if found is None:
            found = self._segments[key] = self._build(round_, cut, cards)
        return found

    def _build(self, round_: int, cut: int, cards: int) -> Segments:
        size = cards - 1
        behind = size - cut
        base = (round_ - 1) * BLOCKS

        def block(place: int) -> int:
            return place * BLOCKS // size

        # The block the next card leaves in: what a stored card can still pay from.
        now = base + block(behind) if behind < size else base + BLOCKS
        runs: list[tuple[int, tuple[int, int]]] = []
        for index in range(cards):
            if index < cut:  # leaves this round, at most one place earlier than now
                first = base + block(behind + max(index - 1, 0))
                release = base + block(behind + index)
            else:  # the tracker and the cards behind it: from the next round on
                place = max(index - cut - 1, 0)
                first = base + BLOCKS + block(max(place - 1, 0))
                release = base + BLOCKS + block(place)
            if runs and runs[-1][1] == (first, release):
                runs[-1] = (index + 1, runs[-1][1])
            else:
                runs.append((index + 1, (first, release)))
        return tuple((end, self._table(first, release, now)) for end, (first, release) in runs)

    def _table(self, first: int, release: int, now: int) -> list[float]:
        """Each packed card's worth leaving block ``first`` or later, held stores
        released in block ``release``."""
        model = store_model(self.catalog)
        slots = len(self.price)
        table = [0.0] * (len(self.catalog.cards) * 8)
        for card in self.catalog.cards:
            if card.is_round_tracker:
                continue
            kind_of_card = self.catalog.first_copy[card.id]
            for orientation, face in enumerate(card.faces):
                if first >= slots:  # no action left: the face's stars
                    worth = float(face.stars)
                else:
                    values = self.plans[kind_of_card][first // BLOCKS]
                    leave = best_block(values, first % BLOCKS, orientation)
                    worth = values[leave][orientation]
                kind = model.index.get((face.yields.wood, face.yields.fish, face.yields.stone))
                held = 0.0
                if kind is not None and now <= min(release, slots - 1):
                    held = max(
                        self.price[u][kind] - (self.held_cost[u] - self.held_cost[now])
                        for u in range(now, min(release, slots - 1) + 1)
                    )
                table[pack(card.id, orientation)] = worth
                table[pack(card.id, orientation, True)] = worth + held
        return table


def window_tables(catalog: Catalog, feats: tuple[int, ...]) -> WindowTables:
    """The tables for games of ``catalog`` with these feat cards (sorted ids): the
    prices searched once per card set."""
    return _kept(catalog, feats)


def _search(catalog: Catalog, feats: tuple[int, ...]) -> WindowTables:
    start = card_set_deal(catalog, feats)
    model = store_model(catalog)
    kinds = len(model.kinds)
    _, found = window_bound_from(start, _search_start(catalog, feats), EVALUATION_STEPS)
    slots = ROUNDS * BLOCKS
    price = [list(found[0].get(h, [0.0] * kinds)) for h in range(slots)]
    held_cost = held_costs([found[1].get(h, 0.0) for h in range(slots)])
    pi = [found[2].get(h, 0.0) for h in range(slots)]
    earn, _ = store_earnings(price, held_cost)
    covers = covers_of(model, start.deck)
    cheapest = [price_table(covers, price[h]) for h in range(slots)]
    plans = {  # copies plan alike: once per kind of card
        kind: card_plans(model.cards[kind], ROUNDS, earn, cheapest, pi)[0]
        for kind in sorted(set(catalog.first_copy))
        if model.cards[kind] is not None
    }
    return WindowTables(catalog, price, held_cost, plans, found)


def _search_start(catalog: Catalog, feats: tuple[int, ...]) -> WindowMultipliers:
    """Where a card set's search starts: for the buildings alone, the payments
    relaxation's multipliers; with feat cards, the buildings' prices
    (:mod:`.card_set_prices` says why)."""
    if feats:
        price, sigma, pi = window_tables(catalog, ()).multipliers
        return spread_prices(catalog, price), sigma, pi
    _, rounds = payment_bound_from(card_set_deal(catalog, ()), None, PAYMENT_STEPS)
    return from_rounds(rounds, len(store_model(catalog).kinds))


_kept = PerCardSet(_search)
