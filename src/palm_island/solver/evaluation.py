"""Provides the evaluation the beam ranks positions by: expected final stars.

The value of a position is a sum over its cards, so it is a table lookup per
packed card (``sum(map(table.__getitem__, deck))``), fast enough for millions of
positions. By default (``Weights.pricing``, ``"windows"``) a card's worth is its best
plan at the windows relaxation's prices, by the block of the round it stands in
(:mod:`.window_values`, solver version 3); ``"rounds"`` values it at the payments
relaxation's round prices, wherever it stands (:mod:`.plan_values`, version 2). Both
are stronger at equal width than fixed prices (version 1, kept for experiments), with
which each card is worth:

* its stars now (R26), plus
* a share of what it could still gain: the best upgrade path it can finish in the
  actions it has left, each step's cost priced in resources. A card acts at most
  once per pass through the deck, so a card above the tracker has one action more
  than one below it (the rounds left bound the path's length), and
* if it is stored, what it holds (usable until it comes back to the top, R21), and
* a little for what it could still produce when stored later (upgraded resource
  cards yield more).

Only positions with the same progress are compared, so the tables are built per
(round, tracker place, deck size) and cached, as runs of deck indices sharing one
table (*segments*: the cards above the tracker and those below it, split further by
block with the windows prices); at the end of round 8 the value is the score.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from ..engine import (
    DECK_SIZE,
    ROUNDS,
    Bounded,
    Catalog,
    Face,
    Resources,
    pack,
    packed_face,
    packed_id,
    packed_stored,
    tracker_by_round,
)
from .per_catalog import PerCatalog
from .plan_values import plan_tables
from .window_values import Segments, window_tables


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's constants: the fixed-price formula's were tuned by a coordinate
    search (docs/solver.md says how); the round prices have none."""

    price: tuple[float, float, float] = (0.4375, 0.35, 0.3)
    """Stars one wood, fish and stone are worth when spent on upgrades."""
    potential: float = 0.75
    """Share of a card's reachable extra stars counted now."""
    produce: float = 0.98304
    """Share of a resource card's yield counted per store it can still make."""
    held: float = 1.25
    """Share of a stored card's resources counted (times ``price``)."""
    held_horizon: int = 1
    """Turns left below which stored resources lose value linearly (unused ones are lost)."""
    icons: float = 2.4
    """Stars per upgrade icon on an active half, early in the game (see ``icon_power``)."""
    icon_power: float = 1.2
    """The icon weight falls as (share of the game left) ** icon_power."""
    step_discount: float = 0.6
    """Each further upgrade step's extra stars count this much less (1 = no discount)."""
    type_potential: tuple[tuple[str, float], ...] = (
        ("housing", 0.48),
        ("quarry", 1.6),
        ("tool_maker", 1.6),
    )
    """Per card type (``temple`` …), a multiplier on ``potential``; 1 when absent."""
    pricing: Literal["windows", "rounds", "fixed"] = "windows"
    """``"windows"``: each card as its best plan at the windows relaxation's prices, by
    its block (:mod:`.window_values`; the default, strongest at equal width, see
    docs/solver.md); ``"rounds"``: at the payments relaxation's round prices
    (:mod:`.plan_values`); ``"fixed"``: the formula above with its fixed ``price``,
    whose other constants are then the ones used."""


def evaluator_for(catalog: Catalog, weights: Weights, feats: tuple[int, ...] = ()) -> Evaluator:
    """A shared evaluator for this catalog, these weights and games with these feat
    cards (sorted ids, :func:`feats_of`).

    Building the tables costs more than a small search (an analysis runs over a
    hundred), and they never change once built, so searches share them; a race
    between threads can only build the same table twice.
    """
    kept = _EVALUATORS(catalog)
    found = kept.get((weights, feats))
    if found is None:
        found = kept.keep((weights, feats), Evaluator(catalog, weights, feats))
    return found


def feats_of(catalog: Catalog, deck: Sequence[int]) -> tuple[int, ...]:
    """The feat cards (R30) in a deck of packed cards, as sorted ids: with the
    catalog, what the round prices are worked out for."""
    return tuple(sorted({packed_id(p) for p in deck} & set(catalog.feat_ids)))


@dataclass(slots=True)
class Evaluator:
    """Builds and caches the per-(round, tracker place) value tables for one catalog."""

    catalog: Catalog
    weights: Weights = field(default_factory=Weights)
    feats: tuple[int, ...] = ()
    """The feat cards of the games valued (sorted ids): the round prices depend on the
    deck's cards (``Weights.pricing``)."""
    tracker_packed: tuple[int, ...] = ()
    """The tracker's packed value while each round (index 1-8) is played."""
    _card_values: list[list[float]] = field(default_factory=list)
    _upgrades: list[int] = field(default_factory=list)
    """Upgrade icons on each packed card's active half (0 for the tracker)."""
    _held: list[float] = field(default_factory=list)
    """Priced resources each packed card holds when stored (0 when not stored)."""
    _cache: dict[tuple[int, int, int], Callable[[Sequence[int]], float]] = field(
        default_factory=dict
    )
    _tables: dict[tuple[int, int, int], Segments] = field(default_factory=dict)
    _marked: dict[tuple[int, int, int], tuple[tuple[int, list[complex]], ...]] = field(
        default_factory=dict
    )

    def __post_init__(self) -> None:
        tracker = self.catalog.tracker_id
        self.tracker_packed = tracker_by_round(self.catalog)
        self._card_values = [self._values_with_actions(k) for k in range(ROUNDS + 2)]
        size = len(self.catalog.cards) * 8
        self._upgrades = [
            0 if packed_id(p) == tracker else self._face(p).upgrades for p in range(size)
        ]
        self._held = [
            self._priced(self._face(p).yields)
            if packed_stored(p) and packed_id(p) != tracker
            else 0.0
            for p in range(size)
        ]

    def value_function(
        self, round_: int, cut: int, cards: int = DECK_SIZE
    ) -> Callable[[Sequence[int]], float]:
        """The value function for decks of ``cards`` cards in ``round_`` with the
        tracker at index ``cut``."""
        key = (round_, cut, cards)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._build(round_, cut, cards)
        return found

    def values(self, decks: list[bytes], round_: int, cut: int) -> list[float]:
        """The evaluation of many positions of one progress step (same round and cut)."""
        if not decks:
            return []
        value = self.value_function(round_, cut, len(decks[0]))
        return [value(deck) for deck in decks]

    def marked_values(self, decks: list[bytes], round_: int, cut: int) -> list[complex]:
        """Like :meth:`values`, each with its deck's village mark as the imaginary part.

        The village mark is the sum of :data:`VILLAGE_MARKS` over the cards: equal for
        decks holding the same cards (faces, stored marks) in any order. Carrying it
        in the same sums as the value saves the search a pass per position; the marks
        are integers below 2**46, so their sums (at most 32 cards) are exact floats and
        do not depend on the order of addition.
        """
        if not decks:
            return []
        key = (round_, cut, len(decks[0]))  # one progress step: one deck size
        found = self._marked.get(key)
        if found is None:
            found = self._marked[key] = tuple(
                (end, [complex(v, m) for v, m in zip(table, VILLAGE_MARKS, strict=False)])
                for end, table in self.tables(*key)
            )
        # Each part's runs as (from, to) within the part and the table's look-up. The
        # beam's hot path: the sums are written out here rather than calling
        # ``_summed`` per part (as ``value_function`` does): with it, ``_summed`` took
        # 16 % of a profiled analysis (cProfile, seed 6). The same sums in the same
        # order, so the values are bit for bit those of ``value`` (tested).
        top_runs = [(a, b, t.__getitem__) for a, b, t in _runs(found, 0, cut)]
        size = len(decks[0])
        bottom_runs = [(a - cut, b - cut, t.__getitem__) for a, b, t in _runs(found, cut, size)]
        if not top_runs:  # the tracker on top: nothing above it
            top_runs = [(0, 0, bottom_runs[0][2])]
        (_, top_end, top_get), *more_top = top_runs
        (_, bottom_end, bottom_get), *more_bottom = bottom_runs
        # Decks of one step often share their part above the tracker (four in five on
        # the benchmark's deals) or below it (two in five), so each part's sum is kept
        # for the step: the same sums in the same order, hence the same values, for a
        # quarter less time.
        above_sums: dict[bytes, complex] = {}
        below_sums: dict[bytes, complex] = {}
        found_values: list[complex] = []
        for deck in decks:
            top_part = deck[:cut]
            high = above_sums.get(top_part)
            if high is None:
                high = sum(map(top_get, top_part[:top_end]))
                for start, end, get in more_top:
                    high += sum(map(get, top_part[start:end]))
                above_sums[top_part] = high
            bottom_part = deck[cut:]
            low = below_sums.get(bottom_part)
            if low is None:
                low = sum(map(bottom_get, bottom_part[:bottom_end]))
                for start, end, get in more_bottom:
                    low += sum(map(get, bottom_part[start:end]))
                below_sums[bottom_part] = low
            found_values.append(high + low)
        return found_values

    def tables(self, round_: int, cut: int, cards: int = DECK_SIZE) -> Segments:
        """Each packed card's worth by where it stands, in positions of ``round_`` with
        the tracker at index ``cut`` in a deck of ``cards`` cards: runs of indices
        ``(end, table)``, the first from index 0."""
        key = (round_, cut, cards)
        found = self._tables.get(key)
        if found is None:
            pricing = self.weights.pricing
            if pricing == "windows":
                found = window_tables(self.catalog, self.feats).segments(round_, cut, cards)
            elif pricing == "rounds":
                plans = plan_tables(self.catalog, self.feats)
                found = ((cut, plans.above[round_]), (cards, plans.below[round_]))
            else:
                left_after = ROUNDS - round_
                per_round = cards - 1  # a turn per card but the tracker: 16 + feat cards (R30)
                turns_left = left_after * per_round + cut
                above = self._with_held(self._card_values[left_after + 1], turns_left, per_round)
                below = self._with_held(self._card_values[left_after], turns_left, per_round)
                found = ((cut, above), (cards, below))
            self._tables[key] = found
        return found

    def _build(self, round_: int, cut: int, cards: int) -> Callable[[Sequence[int]], float]:
        top_runs = _runs(self.tables(round_, cut, cards), 0, cut)
        bottom_runs = _runs(self.tables(round_, cut, cards), cut, cards)

        def value(deck: Sequence[int]) -> float:
            return float(_summed(deck, top_runs) + _summed(deck, bottom_runs))

        return value

    def _with_held(self, base: list[float], turns_left: int, per_round: int) -> list[float]:
        w = self.weights
        share = w.held * min(1.0, turns_left / w.held_horizon)
        icon = w.icons * min(1.0, turns_left / (ROUNDS * per_round)) ** w.icon_power
        return [
            value + icon * upgrades + share * held
            for value, upgrades, held in zip(base, self._upgrades, self._held, strict=True)
        ]

    def _face(self, packed: int) -> Face:
        return packed_face(self.catalog, packed)

    def _priced(self, resources: Resources) -> float:
        pw, pf, ps = self.weights.price
        return pw * resources.wood + pf * resources.fish + ps * resources.stone

    def _values_with_actions(self, actions: int) -> list[float]:
        """Each packed card's worth when it can still act ``actions`` times."""
        w = self.weights
        tracker = self.catalog.tracker_id
        table = [0.0] * (len(self.catalog.cards) * 8)
        for card in self.catalog.cards:
            if card.id == tracker:
                continue
            # best[o]: stars reachable from orientation o in k actions, net of prices.
            best = [float(f.stars) for f in card.faces]
            for _ in range(actions):
                nxt = list(best)
                for o, face in enumerate(card.faces):
                    for action in face.actions:
                        cost = min((self._priced(alt) for alt in action.cost), default=0.0)
                        if action.kind == "store":
                            gain = w.produce * (self._priced(face.yields) - cost) + best[o]
                        else:
                            assert action.to is not None
                            to = int(action.to)
                            stars = card.faces[to].stars
                            gain = stars + w.step_discount * (best[to] - stars) - cost
                        nxt[o] = max(nxt[o], gain)
                best = nxt
            share = w.potential * dict(w.type_potential).get(card.type, 1.0)
            for o, face in enumerate(card.faces):
                worth = face.stars + share * (best[o] - face.stars)
                for stored in (0, 1):
                    table[pack(card.id, o, bool(stored))] = worth
        return table


_Table = TypeVar("_Table", list[float], list[complex])


def _runs(
    segments: tuple[tuple[int, _Table], ...], start: int, end: int
) -> tuple[tuple[int, int, _Table], ...]:
    """The runs ``(from, to, table)`` of ``segments`` that cover indices ``start..end``."""
    runs = []
    begin = 0
    for stop, table in segments:
        low, high = max(begin, start), min(stop, end)
        if low < high:
            runs.append((low, high, table))
        begin = stop
    return tuple(runs)


def _summed(deck: Sequence[int], runs: tuple[tuple[int, int, _Table], ...]) -> Any:
    """The sum of each run's table over its part of the deck, in index order."""
    total: Any = 0
    for low, high, table in runs:
        total += sum(map(table.__getitem__, deck[low:high]))
    return total


_EVALUATORS: PerCatalog[Bounded[tuple[Weights, tuple[int, ...]], Evaluator]] = PerCatalog(
    lambda _: Bounded(8)
)

_DRAW = random.Random(20261130)
VILLAGE_MARKS: tuple[int, ...] = tuple(_DRAW.getrandbits(46) for _ in range(256))
"""A fixed pseudo-random number per packed card: a deck's *village* (its cards, faces
and stored marks, ignoring order) is told apart by their sum. Two different villages
of one progress step share a sum with odds near 2**-20 (thousands of villages, 46-bit
marks); that would only make the beam's pruning a little less diverse, never a line
wrong. A fixed seed keeps every search deterministic."""
