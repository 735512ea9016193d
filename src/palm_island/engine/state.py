"""Provides :class:`GameState`, an immutable position, and :class:`DeckCard`.

The deck is kept as a tuple of small integers (card id, orientation and stored
flag packed into one int) because the rules touch it millions of times in a
search; :attr:`GameState.cards` gives the readable view.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import ROUNDS, CardSpec, Catalog, Face, Orientation
from .layout import pack, packed_id

STORE_LIMIT = 4
"""At most four stored resource cards at once (R19)."""


__all__ = ["STORE_LIMIT", "DeckCard", "GameState", "pack"]

_ORIENTATIONS: tuple[Orientation, ...] = tuple(Orientation)
"""Orientation by its number, without the enum's lookup on every card."""


class DeckCard(NamedTuple):
    """One card at one place in the deck, as a player would describe it."""

    spec: CardSpec
    orientation: Orientation
    stored: bool

    @property
    def code(self) -> str:
        return self.spec.code

    @property
    def face(self) -> Face:
        """The active half (R3); a stored card keeps its face (R9) and holds its yields."""
        return self.spec.faces[self.orientation]

    @classmethod
    def unpack(cls, catalog: Catalog, packed: int) -> DeckCard:
        """The card a packed entry stands for: the inverse of ``layout.pack``, written
        out here (every view of the table unpacks each card, and three helper calls
        per card cost replay ~4%: docs/engine-api.md, *Packed cards*)."""
        return cls(catalog.cards[packed >> 3], _ORIENTATIONS[(packed >> 1) & 3], bool(packed & 1))


class GameState(NamedTuple):
    """A position: the deck in order (card 1 first), the round and the turn count.

    Immutable. It is a named tuple, not a dataclass, because searches and playouts
    create millions of them and a tuple is built several times faster; use the
    field names, not indexes. Two states are equal when their positions are (deck,
    round, turn); the catalog and the deal they came from are carried along for the
    rules and for records but not compared.
    """

    deck: tuple[int, ...]
    """Packed entries (see :func:`pack`), top card first: 17, plus feat cards in play (R30)."""
    round: int
    """The round being played, 1-8; after the game ends, 8."""
    turn: int
    """How many turns have been played (automatic steps are not turns)."""
    catalog: Catalog
    """The cards this game is played with."""
    deal: tuple[int, ...] | None = None
    """The building order this game was dealt (ids, top first), if known."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.deck == other.deck and self.round == other.round and self.turn == other.turn

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.deck, self.round, self.turn))

    def __repr__(self) -> str:
        return f"GameState({position_notation(self)!r})"

    @property
    def cards(self) -> tuple[DeckCard, ...]:
        """The whole deck, top first (the engine's view; players see only :func:`observe`)."""
        return tuple(DeckCard.unpack(self.catalog, p) for p in self.deck)

    def card_at(self, position: int) -> DeckCard:
        """The card at ``position`` counted from 1 (the top card)."""
        return DeckCard.unpack(self.catalog, self.deck[position - 1])

    @property
    def is_over(self) -> bool:
        """R25: the round tracker is on top after round 8 ended."""
        return self.round == ROUNDS and packed_id(self.deck[0]) == self.catalog.tracker_id

    @property
    def stored(self) -> tuple[DeckCard, ...]:
        """The stored resource cards, in deck order."""
        return tuple(DeckCard.unpack(self.catalog, p) for p in self.deck if p & 1)

    @property
    def stored_count(self) -> int:
        return sum(p & 1 for p in self.deck)

    @property
    def cards_left_in_round(self) -> int:
        """How many cards lie above the round tracker (0 once the game is over)."""
        tracker = self.catalog.tracker_id
        return next(i for i, p in enumerate(self.deck) if packed_id(p) == tracker)


def position_notation(state: GameState) -> str:
    """The state as one line of text (:mod:`.notation`; kept here for ``repr``)."""
    cards = " ".join(
        f"{c.code}:{c.orientation.short}{'*' if c.stored else ''}" for c in state.cards
    )
    return f"{state.round}/{state.turn} {cards}"
