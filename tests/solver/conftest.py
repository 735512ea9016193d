"""Positions for solver tests: late-game positions small enough to search exhaustively."""

from __future__ import annotations

import functools

from palm_island.engine import (
    Catalog,
    GameState,
    apply_move,
    legal_moves,
    new_game,
    packed_id,
    score,
)
from palm_island.solver import Budget, solve


def late_position(catalog: Catalog, seed: int, cards_left: int) -> GameState:
    """Follow a narrow search's line on ``seed`` until round 8 has ``cards_left`` cards to go.

    A narrow line keeps resources stored late, so these positions still hold choices
    that matter (a greedy game has usually spent everything by then).
    """
    state = new_game(catalog, seed=seed)
    for move in solve(state, Budget(20)).moves:
        if state.round == 8 and state.cards_left_in_round <= cards_left:
            break
        state = apply_move(state, move).state
    return state


def exhaustive_best(state: GameState) -> int:
    """The true optimum by plain recursion over the public engine (memoised on the position)."""

    @functools.cache
    def best(here: GameState) -> int:
        if here.is_over:
            return score(here).total
        return max(best(apply_move(here, move).state) for move in legal_moves(here))

    return best(state)


def reduced_position(
    catalog: Catalog, seed: int, round_: int, above: int, below: int = 0
) -> GameState:
    """A small deck whose order matters: follow a narrow search's line on ``seed`` to the
    start of ``round_``, keep the first ``above`` building cards in their order (upgraded
    and stored as the line left them) before the tracker and the next ``below`` behind
    it (as if they had left this round already). Every round from there has only those
    cards' turns, so exhaustive search reaches the end of the game."""
    state = new_game(catalog, seed=seed)
    for move in solve(state, Budget(10)).moves:
        if state.round == round_:
            break
        state = apply_move(state, move).state
    tracker = next(p for p in state.deck if packed_id(p) == catalog.tracker_id)
    cards = [p for p in state.deck if p != tracker]
    deck = (*cards[:above], tracker, *cards[above : above + below])
    return GameState(deck, round_, state.turn, catalog)
