"""Provides :func:`payment_bound_from`: an upper bound that pays with whole stored cards.

The relaxation (each constraint holds in every real line, so its optimum is never
below the best final score):

* **One action per card per round.** A card acts at most once a round (it goes
  behind the round tracker, R7-R11, R22); this round only if it is above the tracker.
* **Payments are whole stored cards.** A cost is paid with stored cards that together
  cover one of its alternatives (R15-R17), at most four (R19); each pays with all it
  holds (R16) and is then no longer stored, so one store pays at most one cost. A
  stored card holds its face's resources (R9), so it is told apart here only by
  what it holds (its *kind of store*, e.g. ``1 wood + 2 fish``).
* **A cost's stores are distinct cards.** A stored card is one card turned (R9), so
  the stores paying one cost can be matched to distinct cards of the deck, each able
  to store that kind on a face it can still reach (rotates and flips from its face
  now): covers without such a matching are dropped (per deck, :class:`Covers`).
* **A store lives one pass.** A card stored in round ``t`` lies behind the tracker and
  reaches the top in round ``t + 1``, where it is released (R21) unless it paid
  before. So for each kind of store ``v`` and round ``t``: the ``v`` stores paying in
  round ``t`` are at most those made in rounds ``t - 1`` and ``t`` plus the cards stored
  now that are still alive in round ``t`` (above the tracker: this round; below it:
  this round and the next); and over the whole game, those paying are at most those
  made plus those stored now.
* **At most four stored at a round's end** (R19): the stores paying in round ``t``
  (after this one) are at most those made in round ``t`` plus four.

Dropped: the order of the deck within a round and which two cards can act. The
relaxation is an integer program over the cards' action plans (each rotate, flip or
paid store also choosing the stores that pay it) coupled only by those linear
constraints. Its Lagrangian dual separates into one small dynamic program per card
(rounds x faces): *any* non-negative multipliers give a valid bound (weak duality).
Subgradient steps (Polyak's rule towards a target ``Schedule.delta`` below the best
value so far; :mod:`.subgradient`, the loop both relaxations share) choose the
multipliers; they are kept on a 1/4096 grid so every sum is exact in floating point
and the floor is safe.
"""

from __future__ import annotations

import itertools
import math

from ..engine import (
    ROUNDS,
    STORE_LIMIT,
    Bounded,
    Catalog,
    GameState,
    pack,
    packed_id,
    packed_orientation,
    packed_stored,
    score,
)
from .per_catalog import PerCatalog
from .subgradient import Schedule, search_multipliers

SEARCH_STEPS = 300
_SCHEDULE = Schedule(rate=2.0, patience=20, delta=4.0, give_up=8)


Vector = tuple[int, int, int]


class _Model:
    """For one catalog: its kinds of store, each cost's smallest covers, each card's faces."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        kinds: set[Vector] = set()
        costs: set[Vector] = {(0, 0, 0)}
        for card in catalog.cards:
            if card.is_round_tracker:
                continue
            for face in card.faces:
                for action in face.actions:
                    if action.to is None and face.yields.total:
                        kinds.add((face.yields.wood, face.yields.fish, face.yields.stone))
                    for alt in action.cost:
                        costs.add((alt.wood, alt.fish, alt.stone))
        self.kinds: tuple[Vector, ...] = tuple(sorted(kinds))
        self.index = {v: i for i, v in enumerate(self.kinds)}
        self.minimal = _minimal_covers(self.kinds, costs)
        """Per cost: the multisets (tuples of kind indexes) of at most four stores that
        cover it with no smaller sub-multiset covering it."""
        self.storable = _storable(catalog, self.index)
        """Per packed card: the kinds it can store on the faces it can still reach."""
        self.cover_sets: Bounded[tuple[frozenset[int], ...], Covers] = Bounded(256)
        """Per set of cards' storable kinds: the covers they pay (:func:`covers_of`)."""
        self.cold_searches: Bounded[object, tuple[int, Multipliers]] = Bounded(64)
        """Per what the relaxation sees: a search from zero multipliers
        (:func:`payment_bound_from`)."""
        # every_card: the covers any deck of this catalog can pay (for tests and docs).
        self.every_card = Covers(
            self,
            [
                frozenset().union(*(self.storable[pack(card_id, o)] for o in range(4)))
                for card_id, card in enumerate(catalog.cards)
                if not card.is_round_tracker
            ],
        )
        self.covers = self.every_card.covers
        self.cards: list[_Faces | None] = [
            None if card.is_round_tracker else _Faces(self, card_id)
            for card_id, card in enumerate(catalog.cards)
        ]


def _minimal_covers(
    kinds: tuple[Vector, ...], costs: set[Vector]
) -> dict[Vector, tuple[tuple[int, ...], ...]]:
    """Each cost's inclusion-minimal covers by at most four stores of these kinds."""
    minimal: dict[Vector, tuple[tuple[int, ...], ...]] = {}
    for cost in costs:
        found: list[tuple[int, ...]] = [()] if cost == (0, 0, 0) else []
        for size in range(1 if found == [] else STORE_LIMIT + 1, STORE_LIMIT + 1):
            for combo in itertools.combinations_with_replacement(range(len(kinds)), size):
                if not _covers(kinds, combo, cost):
                    continue
                if any(_covers(kinds, combo[:i] + combo[i + 1 :], cost) for i in range(size)):
                    continue
                found.append(combo)
        minimal[cost] = tuple(found)
    return minimal


def _storable(catalog: Catalog, index: dict[Vector, int]) -> dict[int, frozenset[int]]:
    """Per packed card: the kinds of store (``index``) it can make on the faces it can
    still reach by rotating and flipping."""
    storable: dict[int, frozenset[int]] = {}
    for card_id, card in enumerate(catalog.cards):
        for orientation in range(4):
            reach, todo = {orientation}, [orientation]
            while todo:
                for action in card.faces[todo.pop()].actions:
                    if action.to is not None and int(action.to) not in reach:
                        reach.add(int(action.to))
                        todo.append(int(action.to))
            storable[pack(card_id, orientation)] = frozenset(
                index[(f.yields.wood, f.yields.fish, f.yields.stone)]
                for f in (card.faces[o] for o in reach)
                if f.yields.total and any(action.to is None for action in f.actions)
            )
    return storable


class Covers:
    """The covers of each cost that the cards of one deck can pay: a cost's stores are
    held by distinct cards (a stored card is one card turned, R9), so a cover is kept
    only if its stores can be matched to distinct cards, each able to store that kind
    on a face it can still reach. For speed, a cover's price is one or two lookups in
    a table of each kind's price and each pair's (``singles``, ``doubles``)."""

    __slots__ = ("covers", "doubles", "pairs", "singles")

    def __init__(self, model: _Model, makers: list[frozenset[int]]) -> None:
        count = len(model.kinds)
        self.pairs = [(i, j) for i in range(count) for j in range(i, count)]
        slot: dict[tuple[int, ...], int] = {pair: count + n for n, pair in enumerate(self.pairs)}
        self.covers: dict[Vector, tuple[tuple[int, ...], ...]] = {}
        self.singles: dict[Vector, tuple[int, ...]] = {}
        self.doubles: dict[Vector, tuple[tuple[int, int], ...]] = {}
        for cost, minimal in model.minimal.items():
            kept = [combo for combo in minimal if _held_apart(combo, makers)]
            ones = [c for c in kept if len(c) <= 2]
            twos = [c for c in kept if len(c) > 2]
            self.covers[cost] = (*ones, *twos)
            self.singles[cost] = tuple(c[0] if len(c) == 1 else slot[c] for c in ones if c)
            self.doubles[cost] = tuple(
                (slot[c[:2]], c[2] if len(c) == 3 else slot[c[2:]]) for c in twos
            )


def covers_of(model: _Model, deck: tuple[int, ...]) -> Covers:
    """The covers the cards of ``deck`` can pay (kept per set of cards' storable kinds)."""
    tracker = model.catalog.tracker_id
    makers = sorted((model.storable[p & ~1] for p in deck if packed_id(p) != tracker), key=sorted)
    key = tuple(makers)
    found = model.cover_sets.get(key)
    if found is None:
        found = model.cover_sets.keep(key, Covers(model, makers))
    return found


def _held_apart(combo: tuple[int, ...], makers: list[frozenset[int]]) -> bool:
    """Whether the stores of ``combo`` (kind indexes) can be held by distinct cards,
    ``makers[c]`` being the kinds card ``c`` can store (a bipartite matching)."""
    holder: dict[int, int] = {}  # card -> the store of combo it holds

    def place(store: int, seen: set[int]) -> bool:
        for card, kinds in enumerate(makers):
            if combo[store] in kinds and card not in seen:
                seen.add(card)
                if card not in holder or place(holder[card], seen):
                    holder[card] = store
                    return True
        return False

    return all(place(store, set()) for store in range(len(combo)))


def _covers(kinds: tuple[Vector, ...], combo: tuple[int, ...], cost: Vector) -> bool:
    if not combo:
        return cost == (0, 0, 0)
    return all(sum(kinds[i][k] for i in combo) >= cost[k] for k in range(3))


class _Faces:
    """One card's faces: stars, its store (kind made, cost alternatives) and moves."""

    __slots__ = ("moves", "stars", "stores")

    def __init__(self, model: _Model, card_id: int) -> None:
        spec = model.catalog.cards[card_id]
        self.stars = tuple(face.stars for face in spec.faces)
        self.stores: list[tuple[int, tuple[Vector, ...]] | None] = []
        self.moves: list[tuple[tuple[int, tuple[Vector, ...]], ...]] = []
        for face in spec.faces:
            store = None
            moves = []
            for action in face.actions:
                alts: tuple[Vector, ...] = tuple(
                    (alt.wood, alt.fish, alt.stone) for alt in action.cost
                ) or ((0, 0, 0),)
                if action.to is None:
                    made = (face.yields.wood, face.yields.fish, face.yields.stone)
                    store = (model.index[made] if made != (0, 0, 0) else -1, alts)
                else:
                    moves.append((int(action.to), alts))
            self.stores.append(store)
            self.moves.append(tuple(moves))


store_model = PerCatalog(_Model)
"""The kinds of store, covers and card faces of a catalog, built once per catalog
(the windows relaxation and the bound read it too)."""


Multipliers = tuple[dict[tuple[int, int], list[float]], dict[tuple[int, int], float]]
"""Per span of rounds of the game (first, last; 1-8): each kind's multipliers, and the
four carried's."""


def payment_bound_from(
    state: GameState, start: Multipliers | None, steps: int
) -> tuple[int, Multipliers]:
    """The bound from ``state`` with the search for multipliers starting at ``start``
    (the ones another position ended with; ``None``: all zero), and where it ended.

    Any multipliers give a valid bound, so a warm start is only faster, never wrong.
    A search from zero (``start`` ``None``) is a function of what the relaxation sees
    (:attr:`PaymentProblem.seen`), which leaves out the order of the deck, so it is
    kept under that: every deal of a set of cards (the evaluation's prices search its
    canonical deal, the bound the deal played) searches once.
    """
    if state.is_over:
        return score(state).total, ({}, {})
    problem = PaymentProblem(state)
    key = (problem.seen, steps)
    if start is None:
        kept = problem.model.cold_searches.get(key)
        if kept is not None:
            return kept
    best, best_at = search_multipliers(problem, problem.unpack(start), steps, _SCHEDULE)
    found = math.floor(best), problem.pack(best_at)
    if start is None:
        problem.model.cold_searches.keep(key, found)
    return found


class PaymentProblem:
    """The payments relaxation of one position (not finished): the cards stored now
    and alive in each round, the cards grouped by how they plan, the constraints'
    spans of rounds, and the covers the cards can pay. :meth:`evaluate` gives the
    Lagrangian's value at any multipliers (the interface of
    :class:`~.windows.WindowProblem`)."""

    def __init__(self, state: GameState) -> None:
        catalog = state.catalog
        deck = state.deck
        self.model = model = store_model(catalog)
        self.covers = covers_of(model, deck)
        self.kinds = kinds = len(model.kinds)
        tracker = catalog.tracker_id
        cut = next(i for i, p in enumerate(deck) if packed_id(p) == tracker)
        self.first_round = state.round
        self.rounds = rounds = ROUNDS - state.round + 1
        self.alive = alive = [[0] * kinds for _ in range(rounds)]
        """Per round from now and kind: the cards stored now still alive then."""
        self.players: dict[tuple[int, int, int], int] = {}
        """Per kind of card, face and whether below the tracker (0: above): how many."""
        for index, packed in enumerate(deck):
            card_id = packed_id(packed)
            if card_id == tracker:
                continue
            face = catalog.cards[card_id].faces[packed_orientation(packed)]
            if packed_stored(packed) and face.yields.total:
                kind = model.index[(face.yields.wood, face.yields.fish, face.yields.stone)]
                for t in range(min(rounds, 1 if index < cut else 2)):
                    alive[t][kind] += 1
            key = (catalog.first_copy[card_id], packed_orientation(packed), 0 if index < cut else 1)
            self.players[key] = self.players.get(key, 0) + 1
        self.seen = (state.round, tuple(sorted(self.players.items())), tuple(map(tuple, alive)))
        """What the relaxation sees (not the deck's order): the round, the players and
        the cards stored now."""
        # The constraints: spans[n] = (a, b) for rounds a..b; kind ones for every span
        # and kind v (the v stores paying in rounds a..b are at most those made in
        # rounds a - 1..b plus the cards stored now alive in round a), and the four
        # carried for every span with a >= 1 (all stores paying in a..b are at most
        # those made in a..b plus four).
        self.spans = [
            (a, b) for a in range(rounds) for b in range(a, rounds) if _kept(a, b, rounds)
        ]
        self.carried = [(a, a) for a in range(1, rounds)]

    def unpack(self, start: Multipliers | None) -> list[float]:
        """This position's multipliers from ``start`` (keyed by rounds of the game;
        ``None``: all zero; another card set's kinds: zero), flat in :meth:`split`'s
        order."""
        kinds, first = self.kinds, self.first_round
        lam = [[0.0] * kinds for _ in self.spans]
        mu = [0.0] * len(self.carried)
        if start is not None:
            mu = [start[1].get((first + a, first + b), 0.0) for a, b in self.carried]
            given = [
                list(start[0].get((first + a, first + b), [0.0] * kinds)) for a, b in self.spans
            ]
            if all(len(row) == kinds for row in given):
                lam = given
        return [w for row in lam for w in row] + mu

    def split(self, flat: list[float]) -> tuple[list[list[float]], list[float]]:
        """Flat multipliers back into each span's kind prices and the four-limit's."""
        kinds, count = self.kinds, len(self.spans)
        return [flat[n * kinds : (n + 1) * kinds] for n in range(count)], flat[count * kinds :]

    def pack(self, flat: list[float]) -> Multipliers:
        """The multipliers keyed by rounds of the game (the inverse of :meth:`unpack`)."""
        lam, mu = self.split(flat)
        first = self.first_round
        return (
            {(first + a, first + b): row for (a, b), row in zip(self.spans, lam, strict=True)},
            {(first + a, first + b): w for (a, b), w in zip(self.carried, mu, strict=True)},
        )

    def evaluate(self, flat: list[float]) -> tuple[float, list[float]]:
        """The Lagrangian's value at these multipliers (flat, :meth:`split`'s order; a
        valid bound for any non-negative ones), and the constraints' slacks in the
        same order (negative: violated by the cards' best plans): a subgradient."""
        lam, mu = self.split(flat)
        kinds, rounds, alive = self.kinds, self.rounds, self.alive
        use, earn = store_prices(self.spans, lam, self.carried, mu, rounds, kinds)
        total = 0.0
        for (a, _), row in zip(self.spans, lam, strict=True):
            if a <= 1 and any(row):
                here = alive[a]
                for v in range(kinds):
                    total += row[v] * here[v]
        for weight in mu:
            if weight:
                total += weight * STORE_LIMIT
        cheapest = [price_table(self.covers, use[t]) for t in range(rounds)]
        used = [[0] * kinds for _ in range(rounds)]
        made = [[0] * kinds for _ in range(rounds)]
        cards = self.model.cards
        for (card_id, orientation, first), count in self.players.items():
            faces = cards[card_id]
            assert faces is not None
            value = _plan(faces, orientation, first, rounds, earn, cheapest, count, used, made)
            total += count * value
        return total, self._slacks(made, used)

    def _slacks(self, made: list[list[int]], used: list[list[int]]) -> list[float]:
        """Each constraint's right side less its left side at the plans' stores
        ``made`` and ``used`` per round and kind (:meth:`split`'s order)."""
        kinds = self.kinds
        made_before = [[0] * kinds]  # made_before[t][v]: made in rounds < t
        used_before = [[0] * kinds]
        for t in range(self.rounds):
            made_before.append([x + y for x, y in zip(made_before[-1], made[t], strict=True)])
            used_before.append([x + y for x, y in zip(used_before[-1], used[t], strict=True)])
        slacks: list[float] = []
        for a, b in self.spans:
            low = max(a - 1, 0)
            here = self.alive[a] if a <= 1 else [0] * kinds
            for v in range(kinds):
                slack = made_before[b + 1][v] - made_before[low][v]
                slack -= used_before[b + 1][v] - used_before[a][v]
                slack += here[v]
                slacks.append(float(slack))
        for a, b in self.carried:
            slack = STORE_LIMIT + sum(made_before[b + 1]) - sum(made_before[a])
            slack -= sum(used_before[b + 1]) - sum(used_before[a])
            slacks.append(float(slack))
        return slacks


PriceTable = dict[Vector, tuple[float, tuple[int, ...]]]
"""Per cost: the price of its cheapest cover by whole stores, and the stores' kinds."""


def store_prices(
    spans: list[tuple[int, int]],
    lam: list[list[float]],
    carried: list[tuple[int, int]],
    mu: list[float],
    rounds: int,
    kinds: int,
) -> tuple[list[list[float]], list[list[float]]]:
    """``(use, earn)``: a store of kind ``v`` paying in round ``t`` costs ``use[t][v]``,
    one made in round ``t`` earns ``earn[t][v]`` (the sums of the multipliers of the
    constraints it is in; rounds ``0 .. rounds - 1`` as the spans count them)."""
    use = [[0.0] * kinds for _ in range(rounds)]
    earn = [[0.0] * kinds for _ in range(rounds)]
    for (a, b), row in zip(spans, lam, strict=True):
        if not any(row):
            continue
        for t in range(a, b + 1):
            into = use[t]
            for v in range(kinds):
                into[v] += row[v]
        for t in range(max(a - 1, 0), b + 1):
            into = earn[t]
            for v in range(kinds):
                into[v] += row[v]
    for (a, b), weight in zip(carried, mu, strict=True):
        if not weight:
            continue
        for t in range(a, b + 1):
            into, out = use[t], earn[t]
            for v in range(kinds):
                into[v] += weight
                out[v] += weight
    return use, earn


def round_prices(
    multipliers: Multipliers, kinds: int
) -> tuple[list[list[float]], list[list[float]]]:
    """:func:`store_prices` of multipliers found from a deal (round 1), indexed by the
    round of the game (1-8; index 0 unused)."""
    spans = sorted(multipliers[0])
    carried = sorted(multipliers[1])
    return store_prices(
        spans,
        [multipliers[0][span] for span in spans],
        carried,
        [multipliers[1][span] for span in carried],
        ROUNDS + 1,
        kinds,
    )


def plan_value(
    model: _Model,
    card_id: int,
    orientation: int,
    first: int,
    earn: list[list[float]],
    cheapest: list[PriceTable],
) -> float:
    """A card's best plan at these prices: its final stars, plus what its stores earn,
    less what its upgrades and stores pay, acting once in each round ``first`` ..
    ``len(earn) - 1`` (the same dynamic program as the bound's, one card)."""
    faces = model.cards[model.catalog.first_copy[card_id]]
    if faces is None:
        return 0.0
    rounds = len(earn)
    unused: list[list[int]] = [[0] * len(model.kinds) for _ in range(rounds)]
    return _plan(faces, orientation, first, rounds, earn, cheapest, 0, unused, unused)


def price_table(model: Covers, prices: list[float]) -> PriceTable:
    """Each cost's cheapest cover at these prices of one store of each kind."""
    table: PriceTable = {}
    slots = prices + [prices[i] + prices[j] for i, j in model.pairs]
    for cost, covers in model.covers.items():
        if cost == (0, 0, 0):
            table[cost] = (0.0, ())
            continue
        if not covers:
            table[cost] = (math.inf, ())
            continue
        values = [slots[a] for a in model.singles[cost]]
        values += [slots[a] + slots[b] for a, b in model.doubles[cost]]
        top = min(values)
        table[cost] = (top, covers[values.index(top)])
    return table


def _kept(first: int, last: int, rounds: int) -> bool:
    """The spans of rounds whose constraints the dual keeps: every span is valid, but
    with all of them the search for multipliers converged worse (measured), so single
    rounds, pairs of rounds and the whole game."""
    return last - first <= 1 or (first == 0 and last == rounds - 1)


def _pay(
    table: dict[Vector, tuple[float, tuple[int, ...]]], alts: tuple[Vector, ...]
) -> tuple[float, tuple[int, ...]]:
    """The cheapest alternative's price and the stores that pay it."""
    found = table[alts[0]]
    for alt in alts[1:]:
        other = table[alt]
        if other[0] < found[0]:
            found = other
    return found


def _plan(
    faces: _Faces,
    start: int,
    first: int,
    rounds: int,
    earn: list[list[float]],
    cheapest: list[dict[Vector, tuple[float, tuple[int, ...]]]],
    count: int,
    used: list[list[int]],
    made: list[list[int]],
) -> float:
    """The card's best priced plan from face ``start``, acting in rounds ``first``..;
    adds ``count`` times its stores used and made into ``used`` and ``made``."""
    value = [float(s) for s in faces.stars]
    choice: list[list[tuple[int, int, tuple[int, ...]]]] = []
    for t in range(rounds - 1, first - 1, -1):
        now = value[:]
        picks: list[tuple[int, int, tuple[int, ...]]] = [(o, -1, ()) for o in range(4)]
        table = cheapest[t]
        gains = earn[t]
        for o in range(4):
            store = faces.stores[o]
            if store is not None:
                kind, alts = store
                cost, pay = _pay(table, alts)
                gain = (gains[kind] if kind >= 0 else 0.0) - cost + value[o]
                if gain > now[o]:
                    now[o] = gain
                    picks[o] = (o, kind, pay)
            for target, alts in faces.moves[o]:
                cost, pay = _pay(table, alts)
                gain = value[target] - cost
                if gain > now[o]:
                    now[o] = gain
                    picks[o] = (target, -1, pay)
        value = now
        choice.append(picks)
    choice.reverse()
    face = start
    for offset, picks in enumerate(choice):
        target, kind, pay = picks[face]
        t = first + offset
        if kind >= 0:
            made[t][kind] += count
        for i in pay:
            used[t][i] += count
        face = target
    return value[start]
