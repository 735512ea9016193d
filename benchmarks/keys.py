"""Provides :func:`keys_for`: the key presses that play a given legal move.

The game screen maps keys to moves (select the card, press the action's key, pick
the variant in the choice modal); this is the inverse, used by the benchmark and
the tests that play whole games through the UI with the keyboard only (so it
lives here, out of the wheel: the game itself never needs it).
"""

from __future__ import annotations

from palm_island.engine import GameState, Move
from palm_island.tui.options import in_deck_order, moves_for
from palm_island.tui.render import KIND_KEYS


def keys_for(state: GameState, move: Move) -> list[str]:
    """Keys that play ``move`` from the game screen (it must be legal in ``state``)."""
    if move.kind == "discard":
        return ["d"]
    keys = [str(move.card), KIND_KEYS[move.kind]]
    variants = in_deck_order(state, moves_for(state, move.card, move.kind))
    if len(variants) > 1:
        index = variants.index(move)
        keys += [str(index + 1)] if index < 9 else ["down"] * index + ["enter"]
    return keys
