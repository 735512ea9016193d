"""Provides :func:`why`: a short phrase saying why a hinted move is good.

Read off the solver's line, never guessed: the line is played from the position
and the phrase names what it does with the move's card next ("+2★ now", "keeps
1 wood for the Temple next round", "frees a store place before CH2 returns").
Pure: engine values in, a plain string out (the hint line draws it as text).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import GameState, Move, Resources, apply_move, score

NAMES = ("wood", "fish", "stone")


def why(state: GameState, line: Sequence[Move]) -> str:
    """Why the first move of ``line`` (the solver's best line from ``state``) is good.

    ``line`` must be legal from ``state``; an empty line gives an empty phrase.
    """
    if not line:
        return ""
    states = [state]
    for move in line:
        if states[-1].is_over:
            break
        states.append(apply_move(states[-1], move).state)
    first = line[0]
    gain = score(states[1]).total - score(state).total
    if gain > 0:
        return f"+{gain}★ now"
    returning = _first_to_return(state)
    if returning is not None and returning in first.pay:
        return f"spends {returning} before it returns released"
    acting = state.card_at(1 if first.kind == "discard" else first.card)
    code, name = acting.code, acting.spec.name
    later = _next_use(states, line, code)
    if first.kind == "store":
        held = _words(acting.face.yields)
        if first.release is not None:
            if first.release == returning:
                return f"makes room: {first.release} would return released next anyway"
            return f"makes room: {first.release} is released"
        if later is not None:
            i, target = later
            return f"keeps {held} for the {target} {_when(state, states[i])}"
        return f"keeps {held} for later"
    if first.kind == "discard":
        ahead = _next_action(states, line, code)
        if ahead is not None:
            return f"the {name} comes back next round for a {ahead}"
        return "nothing here is worth its price now"
    ahead_gain = _later_gain(states, line, code)
    if ahead_gain is not None:
        return f"sets up +{ahead_gain}★ on the {name} later"
    held = _words(states[1].cards[-1].face.yields) if states[1].cards else ""
    upgraded = f"the {name} now holds {held}" if held else f"upgrades the {name}"
    if first.card == 2:
        return f"{upgraded}; keeps card 1 on top"
    return upgraded


def _first_to_return(state: GameState) -> str | None:
    """The stored card nearest the top: it comes back (released) first."""
    for card in state.cards:
        if card.stored:
            return card.code
    return None


def _words(amount: Resources) -> str:
    """``1 wood 2 fish``; ``nothing`` for none."""
    parts = [f"{n} {name}" for n, name in zip(amount, NAMES, strict=True) if n]
    return " ".join(parts) or "nothing"


def _when(now: GameState, then: GameState) -> str:
    return "next round" if then.round > now.round else "this round"


def _acting_code(state: GameState, move: Move) -> str:
    return state.card_at(1 if move.kind == "discard" else move.card).code


def _next_use(states: list[GameState], line: Sequence[Move], code: str) -> tuple[int, str] | None:
    """The first later move the stored card ``code`` pays for: its index and the card's name."""
    for i in range(1, len(states) - 1):
        if code in line[i].pay:
            return i, states[i].card_at(line[i].card).spec.name
    return None


def _next_action(states: list[GameState], line: Sequence[Move], code: str) -> str | None:
    """The kind of the first later action (not a discard) on card ``code``."""
    for i in range(1, len(states) - 1):
        if line[i].kind != "discard" and _acting_code(states[i], line[i]) == code:
            return line[i].kind
    return None


def _later_gain(states: list[GameState], line: Sequence[Move], code: str) -> int | None:
    """The stars a later action on card ``code`` adds, if one does."""
    for i in range(1, len(states) - 1):
        if line[i].kind != "discard" and _acting_code(states[i], line[i]) == code:
            gain = score(states[i + 1]).total - score(states[i]).total
            return gain if gain > 0 else None
    return None
