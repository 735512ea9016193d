"""Provides simple automatic players used by ``autoplay``, tests and benchmarks.

A policy maps a state to one of its legal moves. ``random`` picks uniformly with
its own seeded generator; ``greedy`` looks one move ahead with a small hand-made
evaluation. Both are deterministic for a given seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .engine import GameState, Move, apply_move, legal_moves

Policy = Callable[[GameState], Move]


def random_policy(seed: int) -> Policy:
    """Uniform over the legal moves, from its own ``random.Random(seed)``."""
    rng = random.Random(seed)

    def choose(state: GameState) -> Move:
        moves = legal_moves(state)
        return moves[int(rng.random() * len(moves))]

    return choose


def evaluate(state: GameState) -> float:
    """How promising a position looks: stars first, then upgrades, then resources."""
    value = 0.0
    for card in state.cards:
        face = card.face
        value += 10 * face.stars + 3 * face.upgrades
        if card.stored:
            value += 1.5 * face.yields.total
    return value


def greedy_policy(seed: int = 0) -> Policy:
    """The move whose resulting position evaluates best (first such move on ties)."""
    del seed  # deterministic; the parameter keeps every policy's signature alike

    def choose(state: GameState) -> Move:
        moves = legal_moves(state)
        return max(moves, key=lambda m: evaluate(apply_move(state, m).state))

    return choose


POLICIES: dict[str, Callable[[int], Policy]] = {"random": random_policy, "greedy": greedy_policy}


def play_out(state: GameState, policy: Policy) -> tuple[GameState, list[Move]]:
    """Play ``policy`` until the game is over; return the final state and the moves."""
    moves: list[Move] = []
    while not state.is_over:
        move = policy(state)
        moves.append(move)
        state = apply_move(state, move).state
    return state, moves
