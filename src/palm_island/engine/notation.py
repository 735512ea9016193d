"""Provides the position notation: a whole deck in one line, with an exact inverse.

Format: ``<round>/<turn>`` then the 17 cards (plus any feat cards in play, R30), top first, each as
``CODE:FACE`` with ``FACE`` one of FU, FD, BU, BD (front up/down, back up/down)
and a trailing ``*`` on stored cards::

    1/0 CH1:FU CH2:FU ... TE2:FU RT:FU
    3/25 QU2:BU LG1:FD* ... RT:BD ...

``parse_position(position_notation(s)) == s`` for every reachable state, and the
parser refuses positions that cannot arise (a card twice, five stored, a stored
card or the tracker on top mid-game, a tracker face that does not match the round).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["parse_position", "position_notation"]

from .cards import DECK_SIZE, ROUNDS, Catalog, Orientation
from .errors import InvalidPositionError
from .layout import packed_id, packed_orientation, tracker_orientation
from .state import STORE_LIMIT, GameState, pack, position_notation

_FACES: Final = {o.short: o for o in Orientation}
_HEADER: Final = re.compile(r"(?P<round>[1-8])/(?P<turn>0|[1-9][0-9]*)")
_TOKEN: Final = re.compile(r"(?P<code>[A-Z]{2}[0-9]?):(?P<face>FU|FD|BU|BD)(?P<stored>\*?)")


def parse_position(text: str, catalog: Catalog, deal: tuple[int, ...] | None = None) -> GameState:
    """Read a position; ``deal`` may be given to keep the game's provenance.

    Raises:
        InvalidPositionError: naming the token or the rule that is broken.
    """
    header, *tokens = text.split() or [""]
    head = _HEADER.fullmatch(header)
    if head is None:
        raise InvalidPositionError(
            f"position must start with ROUND/TURN like '3/25', not {header!r}"
        )
    most = DECK_SIZE + len(catalog.feat_ids)
    if not DECK_SIZE <= len(tokens) <= most:
        expected = f"{DECK_SIZE}" if most == DECK_SIZE else f"{DECK_SIZE}-{most}"
        raise InvalidPositionError(f"a position lists {expected} cards, this one {len(tokens)}")
    deck = tuple(_card(token, catalog, i + 1) for i, token in enumerate(tokens))
    state = GameState(deck, int(head["round"]), int(head["turn"]), catalog, deal)
    _check_reachable(state)
    return state


def _card(token: str, catalog: Catalog, place: int) -> int:
    match = _TOKEN.fullmatch(token)
    if match is None:
        raise InvalidPositionError(f"card {place}: {token!r} is not CODE:FACE[*], e.g. 'CH1:FD*'")
    if not catalog.has_code(match["code"]):
        raise InvalidPositionError(f"card {place}: there is no card {match['code']!r}")
    return pack(catalog.id_of(match["code"]), _FACES[match["face"]], match["stored"] == "*")


def _check_reachable(state: GameState) -> None:
    catalog = state.catalog
    ids = [packed_id(p) for p in state.deck]
    twice = {catalog.cards[i].code for i in ids if ids.count(i) > 1}
    if twice:
        raise InvalidPositionError(f"{', '.join(sorted(twice))} listed more than once")
    missing = [catalog.cards[i].code for i in range(catalog.tracker_id + 1) if i not in ids]
    if missing:
        raise InvalidPositionError(f"{', '.join(missing)} missing; only feat cards are optional")
    if state.stored_count > STORE_LIMIT:
        raise InvalidPositionError(
            f"{state.stored_count} cards stored; at most {STORE_LIMIT} (R19)"
        )
    tracker = state.deck[ids.index(catalog.tracker_id)]
    if tracker & 1:
        raise InvalidPositionError("the round tracker cannot be stored")
    expected = tracker_orientation(catalog, state.round)
    if packed_orientation(tracker) != expected:
        raise InvalidPositionError(
            f"in round {state.round} the tracker shows {expected.short} (R22)"
        )
    if state.deck[0] & 1:
        raise InvalidPositionError("a stored card on top is returned at once (R21)")
    if ids[0] == catalog.tracker_id and state.round != ROUNDS:
        raise InvalidPositionError("the tracker on top ends the round at once (R22)")
