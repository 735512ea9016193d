"""Provides :func:`window_bound_from`: whole stored cards (as in :mod:`.payments`), with time
measured in blocks of places within each round, each store choosing the block it pays
in, and at most four held across every block boundary.

Places. Call a card's *place* in a round the number of cards that leave the top before
it in that round (each turn sends exactly one card to the back, R7-R11; R21 releases
one without a turn), so the places of a round run 0..N-1 over the N building cards,
and the order of a round is the order the cards left the round before (the tracker
comes back up only once every card above it has left, R22). The places of a round
are grouped into ``BLOCKS`` blocks. What holds in every line:

* **A card leaves at most one place earlier than it stood.** Only card 1 or card 2
  can act or be discarded (R7, R12, R13), so the card standing ``p``-th leaves at
  place ``p - 1`` or later: its block in the next round is at most one earlier, and
  in the current round it is known from the deck (the deal's order from the deal).
* **Each place is taken by one card**, so a block of ``n`` places takes ``n`` cards.
* **A card acts at most once a round**, where it leaves (as in :mod:`.payments`).
* **A store pays in one block of its life.** A card stored at place ``p`` goes behind
  the tracker and stands ``p``-th next round; when the cards before it have left it is
  card 1 and is released (R21) unless it paid before (R15; a store pays one cost,
  whole, R16). So a store made in block ``g`` pays in at most one block ``u``,
  ``g <= u <= g + BLOCKS``, and the stores of each kind paying in a block are at most
  those of that kind that chose it (a card stored now: a block up to its release).
* **At most four held** (R19, R20): a store made in block ``g`` that pays in block
  ``u`` is held at the boundaries after blocks ``g..u - 1``, so at most four stores
  span each block boundary.

A cost's stores are held by distinct cards, as in :mod:`.payments` (the same
covers). Dropped: the order of places within a block, that a store never pays for its
own card, and that a store nobody uses costs its card an action. The relaxation is
an integer program over the cards' plans (each round a block and an action, each
store also its block of payment) coupled only by the linear constraints above. Its
Lagrangian separates into one dynamic program per kind of card (rounds x blocks x
faces; a store earns the price of the block it pays in, less the four-limit's prices
of the boundaries it is held across), and *any* non-negative multipliers give a valid
bound (weak duality). The search for them
starts from :mod:`.payments`' (its round prices, spread over each round's blocks).
On the 1/4096 grid every sum is exact, so the floor is safe.
"""

from __future__ import annotations

import math

from ..engine import (
    ROUNDS,
    STORE_LIMIT,
    GameState,
    packed_id,
    packed_orientation,
    packed_stored,
    score,
)
from .payments import (
    Multipliers,
    PriceTable,
    _Faces,
    _pay,
    covers_of,
    price_table,
    store_model,
)
from .subgradient import Schedule, search_multipliers

BLOCKS = 2
"""Blocks of places per round. Measured on deal 1 before the distinct-cards rule (dual
value after a long search): 2 blocks 53.41, 3 blocks 53.36, 4 blocks 53.48, 16 (every
place) 53.85 (its search converges slowest); the exact LP optimum 52.94 with 2 blocks,
52.92 with 4. The gain is the pairing of stores and payments by block (the four-limit
adds 0.14 on the LP), not finer time."""
SEARCH_STEPS = 100
_COLD = Schedule(rate=2.0, patience=15, delta=1.0, give_up=16)
_WARM = Schedule(rate=1.0, patience=15, delta=1.0, give_up=16)
"""From another search's multipliers the first steps are shorter."""


WindowMultipliers = tuple[dict[int, list[float]], dict[int, float], dict[int, float]]
"""Keyed by blocks of the whole game (``(round - 1) * BLOCKS + block``): each kind's
price in the block, the four-limit's price at the boundary after it, the block's
places' price."""


def from_rounds(multipliers: Multipliers, kinds: int) -> WindowMultipliers:
    """A start from :mod:`.payments`' multipliers: each block's kind prices are those its
    round's payments paid there."""
    lam, _ = multipliers
    prices: dict[int, list[float]] = {}
    for (a, b), row in lam.items():
        for r in range(a, b + 1):
            for k in range(BLOCKS):
                into = prices.setdefault((r - 1) * BLOCKS + k, [0.0] * kinds)
                for v, w in enumerate(row):
                    into[v] += w
    return prices, {}, {}


def window_bound_from(
    state: GameState, start: WindowMultipliers | None, steps: int
) -> tuple[int, WindowMultipliers]:
    """The bound from ``state`` with the search for multipliers starting at ``start``
    (``None``: all zero), and where it ended. Any multipliers give a valid bound."""
    if state.is_over:
        return score(state).total, ({}, {}, {})
    problem = WindowProblem(state)
    schedule = _COLD if start is None else _WARM
    best, best_at = search_multipliers(problem, problem.unpack(start), steps, schedule)
    return math.floor(best), problem.pack(best_at)


def window_bound_at(state: GameState, multipliers: WindowMultipliers) -> int:
    """The bound from ``state`` at these multipliers, without a search."""
    if state.is_over:
        return score(state).total
    problem = WindowProblem(state)
    return math.floor(problem.evaluate(problem.unpack(multipliers))[0])


Plan = tuple[int, tuple[int, ...], tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...]]
"""One card's plan in the relaxation: the face it ends on, the blocks it leaves in, the
stores it pays with (block, kind), and the stores it makes (block made, block it pays
in, kind)."""
PlayerKey = tuple[int, int, int]
"""Cards that plan alike: (kind of card, face now, the first block it can leave in)."""


class WindowProblem:
    """The windows relaxation of one position (not finished): its blocks' places, the
    cards stored now, the cards grouped by how they plan, and the covers they can pay.
    :meth:`evaluate` gives the Lagrangian's value at any multipliers."""

    def __init__(self, state: GameState) -> None:
        catalog = state.catalog
        deck = state.deck
        self.model = model = store_model(catalog)
        self.covers = covers_of(model, deck)
        self.kinds = len(model.kinds)
        tracker = catalog.tracker_id
        cut = next(i for i, p in enumerate(deck) if packed_id(p) == tracker)
        size = len(deck) - 1
        behind = size - cut
        self.rounds = rounds = ROUNDS - state.round + 1
        self.slots = slots = rounds * BLOCKS

        def block(place: int) -> int:
            return place * BLOCKS // size

        self.capacity = capacity = [0] * slots
        for t in range(rounds):
            for place in range(behind if t == 0 else 0, size):
                capacity[t * BLOCKS + block(place)] += 1
        self.held: list[tuple[int, int]] = []  # (kind, block released) of each card stored now
        self.players: dict[PlayerKey, int] = {}
        for index, packed in enumerate(deck):
            card_id = packed_id(packed)
            if card_id == tracker:
                continue
            if index < cut:
                first = block(behind + max(index - 1, 0))
                release = block(behind + index)
            else:
                place = index - cut - 1
                first = BLOCKS + block(max(place - 1, 0))
                release = BLOCKS + block(place)
            face = catalog.cards[card_id].faces[packed_orientation(packed)]
            if packed_stored(packed) and face.yields.total:
                kind = model.index[(face.yields.wood, face.yields.fish, face.yields.stone)]
                self.held.append((kind, min(release, slots - 1)))
            key = (catalog.first_copy[card_id], packed_orientation(packed), first)
            self.players[key] = self.players.get(key, 0) + 1
        self.base = (state.round - 1) * BLOCKS
        self.types = sorted({key[0] for key in self.players})

    def unpack(self, start: WindowMultipliers | None) -> list[float]:
        """This position's blocks' multipliers from ``start`` (keyed by blocks of the
        game; ``None`` or another card set's: all zero), flat in :meth:`split`'s order."""
        slots, kinds, base = self.slots, self.kinds, self.base
        if start is not None:
            price = [list(start[0].get(base + h, [0.0] * kinds)) for h in range(slots)]
            if all(len(row) == kinds for row in price):
                sigma = [start[1].get(base + h, 0.0) for h in range(slots)]
                pi = [start[2].get(base + h, 0.0) for h in range(slots)]
                return [w for row in price for w in row] + sigma + pi
        return [0.0] * (slots * kinds + 2 * slots)

    def pack(self, flat: list[float]) -> WindowMultipliers:
        """The multipliers keyed by blocks of the whole game (the inverse of :meth:`unpack`)."""
        base = self.base
        price, sigma, pi = self.split(flat)
        return (
            {base + h: row for h, row in enumerate(price)},
            {base + h: w for h, w in enumerate(sigma)},
            {base + h: w for h, w in enumerate(pi)},
        )

    def split(self, flat: list[float]) -> tuple[list[list[float]], list[float], list[float]]:
        """Flat multipliers (each block's kind prices, the four-limit's, the places')
        back into their three parts."""
        slots, kinds = self.slots, self.kinds
        price = [flat[h * kinds : (h + 1) * kinds] for h in range(slots)]
        return price, flat[slots * kinds : slots * kinds + slots], flat[slots * kinds + slots :]

    def evaluate(
        self, flat: list[float], best: dict[PlayerKey, Plan] | None = None
    ) -> tuple[float, list[float]]:
        """The Lagrangian's value at these multipliers (flat, :meth:`split`'s order; a
        valid bound for any non-negative ones), and the constraints' slacks in the
        same order (negative: violated by the cards' best plans): a subgradient.
        ``best``, if given, gets each group of cards' best plan
        (``tools/bound_multipliers.py`` mixes them in a linear program)."""
        price, sigma, pi = self.split(flat)
        kinds, slots, model = self.kinds, self.slots, self.model
        held_cost = held_costs(sigma)
        earn, pays_in = store_earnings(price, held_cost)
        total = STORE_LIMIT * sum(sigma)
        total += sum(w * c for w, c in zip(pi, self.capacity, strict=True))
        chosen = [[0] * kinds for _ in range(slots)]  # stores paying in each block
        spans = [0] * (slots + 1)  # a difference array of the stores held per boundary
        for kind, release in self.held:
            top, at = -math.inf, 0
            for u in range(release + 1):
                value = price[u][kind] - held_cost[u]
                if value > top:
                    top, at = value, u
            total += top
            chosen[at][kind] += 1
            spans[0] += 1
            spans[at] -= 1
        cheapest = [price_table(self.covers, price[h]) for h in range(slots)]
        used = [[0] * kinds for _ in range(slots)]
        taken = [0] * slots
        plans = {t: card_plans(model.cards[t], self.rounds, earn, cheapest, pi) for t in self.types}
        for (card_type, orientation, first), count in self.players.items():
            if first >= slots:
                faces = model.cards[card_type]
                assert faces is not None
                total += count * faces.stars[orientation]
                if best is not None:
                    best[(card_type, orientation, first)] = (orientation, (), (), ())
                continue
            value, plan = _trace(plans[card_type], orientation, first, pays_in)
            if best is not None:
                best[(card_type, orientation, first)] = plan
            _, leaves, pays, stores = plan
            total += count * value
            for h in leaves:
                taken[h] += count
            for h, v in pays:
                used[h][v] += count
            for g, u, v in stores:
                chosen[u][v] += count
                spans[g] += count
                spans[u] -= count
        slacks = [float(chosen[h][v] - used[h][v]) for h in range(slots) for v in range(kinds)]
        running = 0
        for h in range(slots):
            running += spans[h]
            slacks.append(float(STORE_LIMIT - running))
        slacks += [float(self.capacity[h] - taken[h]) for h in range(slots)]
        return total, slacks


def held_costs(sigma: list[float]) -> list[float]:
    """``held_cost[h]``: the four-limit's prices of the boundaries after blocks 0..h-1."""
    held_cost = [0.0]
    for weight in sigma:
        held_cost.append(held_cost[-1] + weight)
    return held_cost


def store_earnings(
    price: list[list[float]], held_cost: list[float]
) -> tuple[list[list[float]], list[list[int]]]:
    """``earn[g][v]``, ``pays_in[g][v]``: what a store of kind ``v`` made in block ``g``
    earns at best (the price of the block it pays in, less the four-limit's prices of
    the boundaries it is held across), and the block it pays in then."""
    slots, kinds = len(price), len(price[0]) if price else 0
    earn = [[0.0] * kinds for _ in range(slots)]
    pays_in = [[0] * kinds for _ in range(slots)]
    for g in range(slots):
        last = min(g + BLOCKS, slots - 1)
        row, where = earn[g], pays_in[g]
        for v in range(kinds):
            top, at = -math.inf, g
            for u in range(g, last + 1):
                value = price[u][v] - held_cost[u]
                if value > top:
                    top, at = value, u
            row[v] = top + held_cost[g]
            where[v] = at
    return earn, pays_in


Values = list[list[list[float]]]
"""values[t][k][o]: the best priced rest of the game for a card that leaves in block
``k`` of round ``t`` showing face ``o`` (before acting)."""
Choice = tuple[int, int, tuple[int, ...]]
"""What a card does where it leaves: the face it shows after, the kind of store it
makes (-1: none) and the kinds of store it pays with."""


def card_plans(
    faces: _Faces | None,
    rounds: int,
    earn: list[list[float]],
    cheapest: list[PriceTable],
    pi: list[float],
) -> tuple[Values, list[list[list[Choice]]], list[list[list[int]]]]:
    """The dynamic program of one kind of card, from the last round back: the values,
    the choice at each (round, block, face), and per (round, block, face) the block
    of the next round to leave in (-1 in the last round)."""
    assert faces is not None
    values: Values = [[[0.0] * 4 for _ in range(BLOCKS)] for _ in range(rounds)]
    choices: list[list[list[Choice]]] = []
    moves_to: list[list[list[int]]] = []
    stars = [float(s) for s in faces.stars]
    for t in range(rounds - 1, -1, -1):
        if t + 1 < rounds:
            after, where = _next_round(values[t + 1])
        else:
            after, where = [stars] * BLOCKS, [[-1] * 4] * BLOCKS
        round_choices: list[list[Choice]] = []
        for k in range(BLOCKS):
            h = t * BLOCKS + k
            table, gains, nexts = cheapest[h], earn[h], after[k]
            row = values[t][k]
            picks: list[Choice] = []
            for o in range(4):
                best = nexts[o]
                pick: Choice = (o, -1, ())
                store = faces.stores[o]
                if store is not None:
                    kind, alts = store
                    cost, paid = _pay(table, alts)
                    gain = (gains[kind] if kind >= 0 else 0.0) - cost + nexts[o]
                    if gain > best:
                        best, pick = gain, (o, kind, paid)
                for target, alts in faces.moves[o]:
                    cost, paid = _pay(table, alts)
                    gain = nexts[target] - cost
                    if gain > best:
                        best, pick = gain, (target, -1, paid)
                row[o] = best - pi[h]
                picks.append(pick)
            round_choices.append(picks)
        choices.append(round_choices)
        moves_to.append(where)
    choices.reverse()
    moves_to.reverse()
    return values, choices, moves_to


def _next_round(later: list[list[float]]) -> tuple[list[list[float]], list[list[int]]]:
    """``after[k][o]`` and where: the best of the rounds from the next on (``later``) for
    a card leaving block ``k`` now with face ``o``, which leaves block ``k - 1`` or
    later next round, and that block."""
    after: list[list[float]] = []
    where: list[list[int]] = []
    for k in range(BLOCKS):
        row_after: list[float] = []
        row_where: list[int] = []
        for o in range(4):
            j = best_block(later, max(k - 1, 0), o)
            row_after.append(later[j][o])
            row_where.append(j)
        after.append(row_after)
        where.append(row_where)
    return after, where


def best_block(row: list[list[float]], low: int, face: int) -> int:
    """The block from ``low`` on where leaving with ``face`` is worth most (the first)."""
    best = low
    for block in range(low + 1, BLOCKS):
        if row[block][face] > row[best][face]:
            best = block
    return best


def _trace(
    plan: tuple[Values, list[list[list[Choice]]], list[list[list[int]]]],
    start: int,
    first: int,
    pays_in: list[list[int]],
) -> tuple[float, Plan]:
    """The best plan of one card from face ``start``, leaving block ``first`` (of the
    blocks from now on) or later first: its priced value and the plan."""
    values, choices, moves_to = plan
    t, low = divmod(first, BLOCKS)
    o = start
    k = best_block(values[t], low, o)
    found = values[t][k][o]
    taken: list[int] = []
    uses: list[tuple[int, int]] = []
    stores: list[tuple[int, int, int]] = []
    while k >= 0:
        h = t * BLOCKS + k
        taken.append(h)
        target, kind, pay = choices[t][k][o]
        if kind >= 0:
            stores.append((h, pays_in[h][kind], kind))
        for i in pay:
            uses.append((h, i))
        k = moves_to[t][k][o]
        o = target
        t += 1
    return found, (o, tuple(taken), tuple(uses), tuple(stores))
