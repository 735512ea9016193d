"""Provides :func:`window_bound`: the whole-stored-card relaxation of :mod:`.payments`,
with time measured in blocks of places within a round, so that the deal's order counts.

Places. Call a card's *place* in a round the number of cards that leave the top before
it in that round (each turn sends exactly one card to the back, R7-R11; R21 releases
one without a turn), so the places of a round run 0..N-1 over the N building cards,
and the order of a round is the order the cards left the round before (the tracker
comes back up only once every card above it has left, R22). What holds in every line:

* **A card leaves at most one place earlier than it stood.** Only card 1 or card 2 can
  act or be discarded (R7, R13), so the card standing ``p``-th leaves at place
  ``p - 1`` or later. So a card's place in the next round is at least its place in
  this one minus one; in the current round it is at least its position in the deck
  minus one (the positions are known exactly: the deal's order from the deal).
* **Each place is taken by one card.** So at most ``size`` cards leave in a block of
  ``size`` places.
* **A store lives one pass.** A card stored at place ``p`` of round ``t`` goes behind
  the tracker and stands ``p``-th in round ``t + 1``; when the ``p`` cards before it
  have left it is card 1 and is released (R21) unless it paid before (R15). So it can
  pay only the actions at places after ``p`` in round ``t`` and before ``p`` in round
  ``t + 1``: in block terms, from its own block to the same block one round later.
* **At most four stored at once** (R19, R20): the stores that pay in a span of blocks
  were made in that span or were held when it began, at most four.

Blocks: places are grouped into ``BLOCKS`` blocks per round; a span of blocks ``a..b``
is paid by at most the stores made in blocks ``a - BLOCKS..b`` plus the cards stored
now that are released in block ``a`` or later. With one block per round this is
:mod:`.payments`' relaxation; with more, a store lives about one round instead of
two and each block holds only its places' cards, which is where the order matters.

As in :mod:`.payments`, the relaxation is an integer program over the cards' plans
(now each round also choosing the block the card leaves in), coupled only by linear
constraints; its Lagrangian dual is one small dynamic program per kind of card
(rounds x blocks x faces) and *any* non-negative multipliers give a valid bound.
"""

from __future__ import annotations

import math

from ..engine import ROUNDS, STORE_LIMIT, GameState, packed_id, packed_orientation, packed_stored
from .payments import SEARCH_STEPS as PAYMENT_STEPS
from .payments import (
    Multipliers,
    PriceTable,
    _Faces,
    _model,
    _pay,
    payment_bound_from,
    price_table,
)

BLOCKS = 4
"""Blocks of places per round (measured from the deal with 80 steps: 2 blocks gained
less mid-game, 16 blocks cost 20 times as much for about half a point more)."""
SEARCH_STEPS = 80
"""Steps of the search, started where :mod:`.payments`' search ended (cold, this
relaxation's dual converges far slower than that one's)."""
_GRID = 4096.0
_RATE = 2.0
_WARM_RATE = 0.5
_BETA = 0.5
_PATIENCE = 20
_DELTA = 1.0
_GIVE_UP = 8

WindowMultipliers = tuple[
    dict[tuple[int, int], list[float]], dict[tuple[int, int], float], dict[int, float]
]
"""Keyed by blocks of the whole game (``(round - 1) * BLOCKS + block``): per span of
blocks each kind's multipliers, per span the four-stored ones, per block its places'."""


def window_bound(state: GameState, steps: int = SEARCH_STEPS) -> int:
    """A final score no line from ``state`` can beat (see the module doc): the search
    starts from where :mod:`.payments`' search ends."""
    _, rounds = payment_bound_from(state, None, PAYMENT_STEPS)
    return window_bound_from(state, from_rounds(rounds), steps)[0]


def window_bound_from(
    state: GameState, start: WindowMultipliers | None, steps: int
) -> tuple[int, WindowMultipliers]:
    """The bound from ``state`` with the search for multipliers starting at ``start``
    (``None``: all zero), and where it ended. Any multipliers give a valid bound."""
    catalog = state.catalog
    deck = state.deck
    if state.is_over:
        stars = sum(catalog.cards[packed_id(p)].faces[packed_orientation(p)].stars for p in deck)
        return stars, ({}, {}, {})
    model = _model(catalog)
    kinds = len(model.kinds)
    tracker = catalog.tracker_id
    cut = next(i for i, p in enumerate(deck) if packed_id(p) == tracker)
    size = len(deck) - 1  # building cards: places per round
    behind = size - cut  # places of this round already taken
    rounds = ROUNDS - state.round + 1
    slots = rounds * BLOCKS

    def block(place: int) -> int:
        return place * BLOCKS // size

    capacity = [0] * slots
    for t in range(rounds):
        for place in range(behind if t == 0 else 0, size):
            capacity[t * BLOCKS + block(place)] += 1
    # alive[a][v]: cards stored now, holding kind v, released in block a or later.
    alive = [[0] * kinds for _ in range(slots + 1)]
    players: dict[tuple[int, int, int], int] = {}
    for index, packed in enumerate(deck):
        card_id = packed_id(packed)
        if card_id == tracker:
            continue
        if index < cut:  # leaves this round, at place behind + index - 1 or later
            first = block(behind + max(index - 1, 0))
            release = block(behind + index)
        else:  # stands index - cut - 1 in the next round
            place = index - cut - 1
            first = BLOCKS + block(max(place - 1, 0))
            release = BLOCKS + block(place)
        face = catalog.cards[card_id].faces[packed_orientation(packed)]
        if packed_stored(packed) and face.yields.total:
            kind = model.index[(face.yields.wood, face.yields.fish, face.yields.stone)]
            for a in range(min(release, slots - 1) + 1):
                alive[a][kind] += 1
        key = (model.same[card_id], packed_orientation(packed), first)
        players[key] = players.get(key, 0) + 1
    spans = [(a, b) for a in range(slots) for b in range(a, slots) if _kept(a, b, slots)]
    carried = [(a, a + BLOCKS - 1) for a in range(slots - BLOCKS + 1)]
    base = (state.round - 1) * BLOCKS
    if start is not None:
        lam = [list(start[0].get((base + a, base + b), [0.0] * kinds)) for a, b in spans]
        mu = [start[1].get((base + a, base + b), 0.0) for a, b in carried]
        pi = [start[2].get(base + h, 0.0) for h in range(slots)]
        if any(len(row) != kinds for row in lam):
            lam = [[0.0] * kinds for _ in spans]
    else:
        lam = [[0.0] * kinds for _ in spans]
        mu = [0.0] * len(carried)
        pi = [0.0] * slots
    types = sorted({key[0] for key in players})
    best_at: WindowMultipliers = ({}, {}, {})
    best = math.inf
    rate, stall = (_RATE if start is None else _WARM_RATE), 0
    floor = rate / _GIVE_UP
    direction: list[float] = []
    for _ in range(steps):
        use = [[0.0] * kinds for _ in range(slots)]
        earn = [[0.0] * kinds for _ in range(slots)]
        total = 0.0
        for (a, b), row in zip(spans, lam, strict=True):
            if not any(row):
                continue
            for h in range(a, b + 1):
                into = use[h]
                for v in range(kinds):
                    into[v] += row[v]
            for h in range(max(a - BLOCKS, 0), b + 1):
                into = earn[h]
                for v in range(kinds):
                    into[v] += row[v]
            here = alive[a]
            for v in range(kinds):
                total += row[v] * here[v]
        for (a, b), weight in zip(carried, mu, strict=True):
            if not weight:
                continue
            total += weight * STORE_LIMIT
            for h in range(a, b + 1):
                into, out = use[h], earn[h]
                for v in range(kinds):
                    into[v] += weight
                    out[v] += weight
        for h in range(slots):
            total += pi[h] * capacity[h]
        cheapest = [price_table(model, use[h]) for h in range(slots)]
        used = [[0] * kinds for _ in range(slots)]
        made = [[0] * kinds for _ in range(slots)]
        taken = [0] * slots
        plans = {
            card_type: _values(model.cards[card_type], rounds, earn, cheapest, pi)
            for card_type in types
        }
        for (card_type, orientation, first), count in players.items():
            if first >= slots:  # below the tracker in the last round: no more actions
                faces = model.cards[card_type]
                assert faces is not None
                total += count * faces.stars[orientation]
                continue
            total += count * _trace(plans[card_type], orientation, first, count, used, made, taken)
        if total < best:
            best, stall = total, 0
            best_at = (
                {(base + a, base + b): row for (a, b), row in zip(spans, lam, strict=True)},
                {(base + a, base + b): w for (a, b), w in zip(carried, mu, strict=True)},
                {base + h: w for h, w in enumerate(pi)},
            )
        else:
            stall += 1
            if stall >= _PATIENCE:
                rate, stall = rate / 2, 0
                if rate < floor:
                    break
        made_before = [[0] * kinds]
        used_before = [[0] * kinds]
        for h in range(slots):
            made_before.append([x + y for x, y in zip(made_before[-1], made[h], strict=True)])
            used_before.append([x + y for x, y in zip(used_before[-1], used[h], strict=True)])
        flat_w: list[float] = []
        flat_g: list[float] = []
        for (a, b), row in zip(spans, lam, strict=True):
            low = max(a - BLOCKS, 0)
            here = alive[a]
            for v in range(kinds):
                slack = made_before[b + 1][v] - made_before[low][v]
                slack -= used_before[b + 1][v] - used_before[a][v]
                slack += here[v]
                flat_w.append(row[v])
                flat_g.append(float(slack))
        for (a, b), weight in zip(carried, mu, strict=True):
            slack = STORE_LIMIT + sum(made_before[b + 1]) - sum(made_before[a])
            slack -= sum(used_before[b + 1]) - sum(used_before[a])
            flat_w.append(weight)
            flat_g.append(float(slack))
        for h in range(slots):
            flat_w.append(pi[h])
            flat_g.append(float(capacity[h] - taken[h]))
        if direction:
            flat_g = [g + _BETA * d for g, d in zip(flat_g, direction, strict=True)]
        flat_g = [g if g < 0 or w > 0 else 0.0 for g, w in zip(flat_g, flat_w, strict=True)]
        direction = flat_g
        norm = sum(g * g for g in flat_g)
        if norm == 0:
            break
        size_ = rate * (total - best + _DELTA) / norm
        flat = [_step(w, size_, g) for w, g in zip(flat_w, flat_g, strict=True)]
        lam = [flat[n * kinds : (n + 1) * kinds] for n in range(len(spans))]
        mu = flat[len(spans) * kinds : len(spans) * kinds + len(carried)]
        pi = flat[len(spans) * kinds + len(carried) :]
    return math.floor(best), best_at


def _kept(first: int, last: int, slots: int) -> bool:
    """The spans whose per-kind constraints the dual keeps: up to one round and a block
    long, one or two whole rounds (those of :mod:`.payments`), and the whole game."""
    if last - first <= BLOCKS or (first == 0 and last == slots - 1):
        return True
    return first % BLOCKS == 0 and (last + 1) % BLOCKS == 0 and last - first < 2 * BLOCKS


def from_rounds(multipliers: Multipliers) -> WindowMultipliers:
    """:mod:`.payments`' multipliers as this relaxation's: a span of rounds is the span of
    their blocks (its stores made a round earlier are those made ``BLOCKS`` blocks
    earlier), so the bound starts where that search ended."""
    lam, mu = multipliers
    return (
        {((a - 1) * BLOCKS, b * BLOCKS - 1): row for (a, b), row in lam.items()},
        {((a - 1) * BLOCKS, b * BLOCKS - 1): w for (a, b), w in mu.items()},
        {},
    )


def _step(weight: float, size: float, slack: float) -> float:
    return max(0.0, math.floor((weight - size * slack) * _GRID) / _GRID)


Values = list[list[list[float]]]
"""values[t][k][o]: the best priced rest of the game for a card that leaves in block
``k`` of round ``t`` showing face ``o`` (before acting)."""
Choice = tuple[int, int, tuple[int, ...]]
"""What a card does where it leaves: the face it shows after, the kind of store it
makes (-1: none) and the kinds of store it pays with."""


def _values(
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
        # after[k][o] (and where): the best from round t + 1 on for a card leaving
        # block k now, which leaves block k - 1 or later next round.
        after: list[list[float]] = []
        where: list[list[int]] = []
        if t + 1 < rounds:
            later = values[t + 1]
            for k in range(BLOCKS):
                row_after: list[float] = []
                row_where: list[int] = []
                for o in range(4):
                    j = _best_block(later, max(k - 1, 0), o)
                    row_after.append(later[j][o])
                    row_where.append(j)
                after.append(row_after)
                where.append(row_where)
        else:
            after = [stars] * BLOCKS
            where = [[-1] * 4] * BLOCKS
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


def _best_block(row: list[list[float]], low: int, face: int) -> int:
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
    count: int,
    used: list[list[int]],
    made: list[list[int]],
    taken: list[int],
) -> float:
    """The best plan of one card from face ``start``, leaving block ``first`` (of the
    blocks from now on) or later first; adds ``count`` times its stores used and made
    and the blocks it takes. Its value."""
    values, choices, moves_to = plan
    t, low = divmod(first, BLOCKS)
    o = start
    k = _best_block(values[t], low, o)
    found = values[t][k][o]
    while k >= 0:
        h = t * BLOCKS + k
        taken[h] += count
        target, kind, pay = choices[t][k][o]
        if kind >= 0:
            made[h][kind] += count
        for i in pay:
            used[h][i] += count
        k = moves_to[t][k][o]
        o = target
        t += 1
    return found
