"""Provides :class:`LineBook`: the best known line through each position of one deal.

One number, one place: the par of a deal is the score of the line the par search
found, and every position along that line is worth exactly that line's score. A
hint on the line names the line's next move with the same expected score, and the
analysis values those positions the same way, so the three never disagree. A
search from a position off every known line (the player deviated) adds its own
line, and positions along it are then known too.

Lines come back from files and the database as text: :func:`checked_line` replays
them and recomputes the score, so a stored line is never trusted.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..engine import GameState, Move, apply_move, score

SOLVER_VERSION = 4
"""Raise when the search changes what it finds: stored lines of another version
are ignored (a par is the result of one solver version at one width). 4: the prices
of a deck with feat cards are searched from the buildings' (version 3's lines with
FT1, FT3 or FT6 were found at zero prices, below the greedy player's score)."""


def solver_tag(width: int) -> str:
    """How a stored line names the search that found it: ``beam4-w800``."""
    return f"beam{SOLVER_VERSION}-w{width}"


def deal_key(start: GameState) -> str:
    """The deal as text (card codes top first): what pars and lines are filed under."""
    return " ".join(card.code for card in start.cards)


class Line(NamedTuple):
    """A line of play from a position to the end of the game, and its final score."""

    score: int
    moves: tuple[Move, ...]


def checked_line(state: GameState, moves: Iterable[str | Move]) -> Line | None:
    """``moves`` replayed from ``state`` with the score they really reach; ``None``
    when a move is unreadable or illegal or the game is not over at the end."""
    played: list[Move] = []
    try:
        for text in moves:
            move = text if isinstance(text, Move) else Move.parse(text)
            state = apply_move(state, move).state
            played.append(move)
    except ValueError:  # InvalidMoveError, IllegalMoveError
        return None
    if not state.is_over:
        return None
    return Line(score(state).total, tuple(played))


class LineBook:
    """For each position (states compare by deck, round and turn), the best line
    known to start there."""

    def __init__(self) -> None:
        self._at: dict[GameState, Line] = {}

    def add(self, state: GameState, line: Line) -> None:
        """Know ``line`` from ``state`` and its tail from every position along it.

        A position keeps the better of two lines (the first on a tie), so the
        expected score along a known line never falls.
        """
        moves = line.moves
        for i in range(len(moves) + 1):
            known = self._at.get(state)
            if known is None or known.score < line.score:
                self._at[state] = Line(line.score, moves[i:])
            if i < len(moves):
                state = apply_move(state, moves[i]).state

    def at(self, state: GameState) -> Line | None:
        """The best known line from ``state``, or ``None`` when none passes here."""
        return self._at.get(state)

    def __len__(self) -> int:
        return len(self._at)


def line_texts(moves: Sequence[Move]) -> list[str]:
    """Moves in notation, as files keep them."""
    return [str(move) for move in moves]


def joined(moves: Sequence[Move]) -> str:
    """Moves as one text, as the database keeps them: ``D,S2,R1 pay CH1+LG3``."""
    return ",".join(map(str, moves))


def split(text: str) -> list[str]:
    """The moves of :func:`joined` text (unchecked: replay them with :func:`checked_line`)."""
    return [part for part in text.split(",") if part.strip()]


def lines_prefix() -> str:
    """The start of the solver tags this version reads back (any width)."""
    return f"beam{SOLVER_VERSION}-"


def book_of_rows(
    start: GameState,
    rows: Iterable[tuple[str, str, str]],
    par_tag: str,
    book: LineBook | None = None,
) -> tuple[LineBook, Line | None]:
    """The lines kept for a deal (``(solver tag, prefix, moves)`` rows as the campaign
    file holds them) added to ``book`` (a new one by default), and the par line (tag
    ``par_tag``, empty prefix) if among them. Each is replayed and rescored; an
    illegal or unfinished one is left out."""
    book = LineBook() if book is None else book
    par: Line | None = None
    for tag, prefix, moves in rows:
        position = checked_position(start, split(prefix))
        line = None if position is None else checked_line(position, split(moves))
        if position is None or line is None:
            continue
        if tag == par_tag and not prefix:
            par = line
        book.add(position, line)
    return book, par


def checked_position(start: GameState, prefix: Iterable[str]) -> GameState | None:
    """The position ``prefix`` (moves in notation) reaches from ``start``; None if illegal."""
    state = start
    try:
        for text in prefix:
            state = apply_move(state, Move.parse(text)).state
    except ValueError:
        return None
    return state
