"""Provides :func:`why`: a short phrase saying why a hinted move is good.

Read off the solver's line, never guessed: the line is played from the position
and the phrase names what it does with the move's card next ("+2★ now", "keeps
1 wood for the Temple next round", "frees a store place before CH2 returns").
Pure: engine values in, a plain string out (the hint line draws it as text).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import GameState, Move, Resources, apply_move, score
from ..i18n import _, card_spec_name, ngettext
from .render import action_name


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
        return _("+{gain}★ now").format(gain=gain)
    returning = _first_to_return(state)
    if returning is not None and returning in first.pay:
        return _("spends {card} before it returns released").format(card=returning)
    acting = state.card_at(1 if first.kind == "discard" else first.card)
    code, name = acting.code, card_spec_name(acting.code, acting.spec.name)
    later = _next_use(states, line, code)
    if first.kind == "store":
        held = _words(acting.face.yields)
        if first.release is not None:
            if first.release == returning:
                room = _("makes room: {card} would return released next anyway")
                return room.format(card=first.release)
            return _("makes room: {card} is released").format(card=first.release)
        if later is not None:
            i, target = later
            if states[i].round > state.round:
                keeps = _("keeps {held} for the {card} next round")
            else:
                keeps = _("keeps {held} for the {card} this round")
            return keeps.format(held=held, card=target)
        return _("keeps {held} for later").format(held=held)
    if first.kind == "discard":
        ahead = _next_action(states, line, code)
        if ahead is not None:
            back = _("the {card} comes back next round for a {action}")
            return back.format(card=name, action=action_name(ahead))
        return _("nothing here is worth its price now")
    ahead_gain = _later_gain(states, line, code)
    if ahead_gain is not None:
        return _("sets up +{gain}★ on the {card} later").format(gain=ahead_gain, card=name)
    held = _words(states[1].cards[-1].face.yields) if states[1].cards else ""
    if first.card == 2:
        if held:
            return _("the {card} now holds {held}; keeps card 1 on top").format(
                card=name, held=held
            )
        return _("upgrades the {card}; keeps card 1 on top").format(card=name)
    if held:
        return _("the {card} now holds {held}").format(card=name, held=held)
    return _("upgrades the {card}").format(card=name)


def _first_to_return(state: GameState) -> str | None:
    """The stored card nearest the top: it comes back (released) first."""
    for card in state.cards:
        if card.stored:
            return card.code
    return None


def _words(amount: Resources) -> str:
    """``1 wood 2 fish``; ``nothing`` for none."""
    wood, fish, stone = amount
    parts = [
        ngettext("{n} wood", "{n} wood", wood).format(n=wood) if wood else "",
        ngettext("{n} fish", "{n} fish", fish).format(n=fish) if fish else "",
        ngettext("{n} stone", "{n} stone", stone).format(n=stone) if stone else "",
    ]
    return " ".join(part for part in parts if part) or _("nothing")


def _acting_code(state: GameState, move: Move) -> str:
    return state.card_at(1 if move.kind == "discard" else move.card).code


def _next_use(states: list[GameState], line: Sequence[Move], code: str) -> tuple[int, str] | None:
    """The first later move the stored card ``code`` pays for: its index and the card's name."""
    for i in range(1, len(states) - 1):
        if code in line[i].pay:
            card = states[i].card_at(line[i].card)
            return i, card_spec_name(card.code, card.spec.name)
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
