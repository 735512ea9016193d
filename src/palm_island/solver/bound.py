"""Provides :func:`upper_bound`: a score no line from a position can beat.

The bound solves a relaxation of the rules exactly. What is kept:

* **Actions per card.** A card acts at most once per round: the card that acts goes
  to the back, below the round tracker, and comes above it again only when the
  round has ended (R7-R11, R22). So a card above the tracker can still act
  ``rounds left + 1`` times, one below it ``rounds left`` times.
* **Turns.** Every turn sends one card from above the tracker to the back, so this
  round has at most (cards above the tracker) turns left and every later round at
  most (cards - 1).
* **Resources.** Each rotate or flip costs at least the smallest total of its cost
  alternatives (R15-R17), paid from what stored cards hold; stored resources come
  from what is stored now and from store actions, each a turn yielding at most
  ``Y``, the largest yield on any face that can store.

What is dropped: which card is on top, the order of the deck, which resource
kind is paid, R20/R21 losses, and that a card's stores count among its actions.
With ``T`` turns left and ``H`` resources stored now, any line with ``U`` rotates
and flips and ``S`` stores has ``U + S <= T`` and ``sum(cost) <= H + Y * S``, so
``sum(Y + cost) <= Y * T + H``. The bound is the best sum of final stars over the
cards when each card chooses a face it can reach in its actions, paying ``Y +
cost`` units per step from that one budget: a knapsack over the cards, exact over
small integer budgets. Every real line is a choice in the relaxation, so the bound
is never below the best final score (R26).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import (
    ROUNDS,
    Bounded,
    Catalog,
    GameState,
    packed_face,
    packed_id,
    packed_orientation,
    packed_stored,
)
from .evaluation import feats_of
from .payments import SEARCH_STEPS, Multipliers, payment_bound_from, store_model
from .per_catalog import PerCatalog
from .solved_multipliers import solved_multipliers
from .windows import SEARCH_STEPS as WINDOW_STEPS
from .windows import WindowMultipliers, from_rounds, window_bound_at, window_bound_from


class _CardPaths:
    """For one catalog: per (packed card, actions left), the cheapest way to each face."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        storing = [
            face.yields.total
            for card in catalog.cards
            if not card.is_round_tracker
            for face in card.faces
            if any(a.kind == "store" for a in face.actions)
        ]
        self.max_yield = max(storing, default=0)
        self._memo: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
        self._balances: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}

    def options(self, packed: int, actions: int) -> tuple[tuple[int, int], ...]:
        """``(units, stars)`` pairs worth choosing: the card's final face reached within
        ``actions`` rotates/flips, each costing ``Y + smallest cost`` units; only the
        pairs where more units buy more stars."""
        key = (packed, actions)
        found = self._memo.get(key)
        if found is not None:
            return found
        card = self.catalog.cards[packed_id(packed)]
        start = packed_orientation(packed)
        cheapest = {start: 0}
        frontier = {start: 0}
        for _ in range(actions):
            reached: dict[int, int] = {}
            for orientation, units in frontier.items():
                for action in card.faces[orientation].actions:
                    if action.to is None:
                        continue  # store keeps the face (R9)
                    cost = min((alt.total for alt in action.cost), default=0)
                    target, spent = int(action.to), units + self.max_yield + cost
                    if spent < cheapest.get(target, 1 << 30) and spent < reached.get(
                        target, 1 << 30
                    ):
                        reached[target] = spent
            for orientation, units in reached.items():
                cheapest[orientation] = min(units, cheapest.get(orientation, 1 << 30))
            frontier = reached
            if not frontier:
                break
        pairs = sorted((units, card.faces[o].stars) for o, units in cheapest.items())
        useful: list[tuple[int, int]] = []
        for units, stars in pairs:
            if not useful or stars > useful[-1][1]:
                useful.append((units, stars))
        found = self._memo[key] = tuple(useful)
        return found

    def balances(self, packed: int, actions: int) -> tuple[tuple[int, int], ...]:
        """``(net resources, stars)`` pairs worth choosing for one card: for each face
        it can end on within ``actions`` of its own actions, the most resources its
        stores can make (a store yields its face's resources, less its own cost) net
        of the smallest cost of each rotate or flip on the way."""
        key = (packed, actions)
        found = self._balances.get(key)
        if found is not None:
            return found
        card = self.catalog.cards[packed_id(packed)]
        net: list[int | None] = [None] * 4
        net[packed_orientation(packed)] = 0
        for _ in range(actions):
            after = list(net)
            for orientation, have in enumerate(net):
                if have is None:
                    continue
                face = card.faces[orientation]
                for action in face.actions:
                    cost = min((alt.total for alt in action.cost), default=0)
                    target = orientation if action.to is None else int(action.to)
                    gain = face.yields.total if action.kind == "store" else 0
                    value = have + gain - cost
                    known = after[target]
                    if known is None or value > known:
                        after[target] = value
            net = after
        by_stars: dict[int, int] = {}
        for orientation, have in enumerate(net):
            if have is not None:
                stars = card.faces[orientation].stars
                by_stars[stars] = max(have, by_stars.get(stars, have))
        found = self._balances[key] = tuple((n, s) for s, n in sorted(by_stars.items()))
        return found


_paths = PerCatalog(_CardPaths)


def upper_bound(state: GameState) -> int:
    """A final score no line from ``state`` can beat (the module doc proves why): the
    smallest of four relaxations' optima, each admissible on its own (the third,
    whole stored cards that live one pass, in :mod:`.payments`; the fourth, the same
    with each round's places in blocks, each store paying in one block of its life and
    at most four held across each block boundary, so the deck's order counts, in
    :mod:`.windows`, its search started where the third's ended, and the same at the
    multipliers solved for these cards ahead of time, :mod:`.solved_multipliers`).

    Exact for a finished game (its score). Deterministic: a function of ``state`` only,
    so the few recent answers are kept (the end screen, ``solve`` and the analysis ask
    for the same deal's bound; about 0.1-0.3 s each from a deal).
    """
    return _bound_and_multipliers(state)[0]


Warm = tuple[Multipliers, WindowMultipliers]
"""Where the searches of the third and fourth relaxations ended."""
_RECENT: PerCatalog[Bounded[tuple[tuple[int, ...], int], tuple[int, Warm]]] = PerCatalog(
    lambda _: Bounded(32)
)
"""Per catalog, the latest bounds asked (by deck and round)."""


def _bound_and_multipliers(state: GameState) -> tuple[int, Warm]:
    """:func:`upper_bound`, and the multipliers its third and fourth relaxations ended with."""
    recent = _RECENT(state.catalog)
    key = (state.deck, state.round)
    found = recent.get(key)
    if found is not None:
        return found
    paid, rounds = payment_bound_from(state, None, SEARCH_STEPS)
    start = from_rounds(rounds, len(store_model(state.catalog).kinds))
    windowed, blocks = window_bound_from(state, start, WINDOW_STEPS)
    solved = solved_multipliers(state.catalog, feats_of(state.catalog, state.deck))
    if solved is not None:
        at_solved = window_bound_at(state, solved)
        if at_solved < windowed:
            windowed, blocks = at_solved, solved
    multipliers = (rounds, blocks)
    bound = min(_turn_budget_bound(state), _card_resources_bound(state), paid, windowed)
    return recent.keep(key, (bound, multipliers))


_WARM_STEPS = 20
_WARM_EVERY = 8
_WARM_WINDOW_STEPS = 10
_WINDOWS_EVERY = 16


def upper_bounds_along(states: Sequence[GameState]) -> list[int]:
    """:func:`upper_bound` of each position of a game, each ``states[i + 1]`` reached from
    ``states[i]`` by one move: the first exactly as :func:`upper_bound`, the later ones
    cheaper. Every line from a position after a move is a line from the position
    before it, so each bound is at most the previous one; the third relaxation is
    searched again only every ``_WARM_EVERY`` moves, a few steps starting where the
    previous search ended (any multipliers give a valid bound); the fourth's every
    ``_WINDOWS_EVERY`` moves (every 8 cost the analysis about 0.1 s more for little).
    About 0.4 s for a game, most of it the first position's (docs/solver.md).
    """
    found: list[int] = []
    warm: Warm | None = None
    for i, state in enumerate(states):
        cheap = min(_turn_budget_bound(state), _card_resources_bound(state))
        if i == 0:
            bound, warm = _bound_and_multipliers(state)
        elif i % _WARM_EVERY == 0:
            assert warm is not None
            paid, rounds = payment_bound_from(state, warm[0], _WARM_STEPS)
            blocks = warm[1]
            if i % _WINDOWS_EVERY == 0:
                windowed, blocks = window_bound_from(state, blocks, _WARM_WINDOW_STEPS)
                paid = min(paid, windowed)
            warm = (rounds, blocks)
            bound = min(paid, found[-1])
        else:
            bound = found[-1]
        found.append(min(bound, cheap))
    return found


def _horizon(state: GameState) -> tuple[int, int, int]:
    """What both relaxations start from: the cards before the tracker (this round's
    turns), the rounds after this one, and the resources the stored cards hold now."""
    deck, catalog = state.deck, state.catalog
    held = sum(packed_face(catalog, p).yields.total for p in deck if packed_stored(p))
    if state.is_over:
        return 0, 0, held
    cut = next(i for i, p in enumerate(deck) if packed_id(p) == catalog.tracker_id)
    return cut, ROUNDS - state.round, held


def _turn_budget_bound(state: GameState) -> int:
    """Relaxation 1: one budget of ``Y + cost`` units per upgrade over the turns left."""
    catalog = state.catalog
    paths = _paths(catalog)
    deck = state.deck
    tracker = catalog.tracker_id
    cut, later, held = _horizon(state)
    turns = cut + later * (len(deck) - 1)
    budget = paths.max_yield * turns + held
    # best[u]: the most stars the cards seen so far reach with exactly u units or fewer.
    best: dict[int, int] = {0: 0}
    for index, packed in enumerate(deck):
        if packed_id(packed) == tracker:
            continue
        actions = later + (1 if index < cut else 0)
        options = paths.options(packed, actions)
        merged: dict[int, int] = {}
        for used, stars in best.items():
            for units, gain in options:
                total = used + units
                if total <= budget and merged.get(total, -1) < stars + gain:
                    merged[total] = stars + gain
        best = {}
        top = -1
        for units in sorted(merged):
            if merged[units] > top:
                top = best[units] = merged[units]
    return max(best.values())


def _card_resources_bound(state: GameState) -> int:
    """Relaxation 2: each card's own actions make or spend resources; the cards'
    total made plus what is stored now covers the total spent."""
    catalog = state.catalog
    paths = _paths(catalog)
    deck = state.deck
    tracker = catalog.tracker_id
    cut, later, held = _horizon(state)
    # best[r]: the most stars the cards seen so far reach while ending with a net
    # resource balance of r (stored now plus made minus spent); only the pairs where
    # fewer resources left buy more stars are kept.
    best: dict[int, int] = {held: 0}
    for index, packed in enumerate(deck):
        if packed_id(packed) == tracker:
            continue
        options = paths.balances(packed, later + (1 if index < cut else 0))
        merged: dict[int, int] = {}
        for balance, stars in best.items():
            for net, gain in options:
                total = balance + net
                if merged.get(total, -1) < stars + gain:
                    merged[total] = stars + gain
        best = {}
        top = -1
        for balance in sorted(merged, reverse=True):
            if merged[balance] > top:
                top = best[balance] = merged[balance]
    return max(stars for balance, stars in best.items() if balance >= 0)
