"""Provides the solver's public functions: solve, best_move, analyse and par.

All are pure: they read no clock except to report elapsed seconds, keep no state
between calls and may run on a background thread (each call builds its own
tables). The strength of a search is set by a :class:`Budget`, a beam *width*;
the result depends only on the position and the width, never on machine speed,
so a hint, a par or an analysis is reproducible. ``Budget.from_seconds`` turns a
wished time into a width with a fixed rate measured once (docs/solver.md), so
``--budget 10`` means the same search on every machine; it just takes longer on a
slower one.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..engine import Catalog, CompactRules, GameState, Move, apply_move, new_game
from .beam import ProgressCallback, StopCheck, beam_search, collector_paused
from .bound import upper_bounds_along
from .evaluation import Evaluator, Weights, evaluator_for, feats_of
from .lines import LineBook
from .window_values import window_tables

WIDTH_PER_SECOND = 500
"""Beam width per second of budget. Measured on the reference machine (2 shared
cores, load average about 2-4): a whole game from the start took about 3 s of CPU
at width 1,600 (pure Python, one core; docs/solver.md). Before the compact rules
the rate was 200."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard to search: the beam width (positions kept per progress step).

    Time grows about linearly with the width and with the turns left.
    """

    width: int

    def __post_init__(self) -> None:
        if self.width < 1:
            raise ValueError(f"a budget's width is 1 or more, not {self.width}")

    @classmethod
    def from_seconds(cls, seconds: float) -> Budget:
        """The width that takes about ``seconds`` for a whole game (deterministic)."""
        if seconds <= 0:
            raise ValueError(f"a time budget is more than 0 seconds, not {seconds}")
        return cls(max(1, round(seconds * WIDTH_PER_SECOND)))

    @classmethod
    def chosen(cls, width: int | None, seconds: float | None) -> Budget:
        """The budget a user asked for (``--width`` or ``--budget``), else the default.

        Raises:
            ValueError: a width below 1 or a time of 0 or less.
        """
        if width is not None:
            return cls(width)
        if seconds is not None:
            return cls.from_seconds(seconds)
        return DEFAULT_BUDGET


DEFAULT_BUDGET = Budget(800)
"""For ``solve`` and ``par``: about 1.1 s of CPU for a whole game (docs/solver.md,
*Strength and time*: with the windows prices width 800 scores about 0.6 above what
width 900 scored with the round prices, at about 0.3 of d28a0c6's CPU). A fixed width,
so the par of a deal does not change when the solver gets faster."""
HINT_BUDGET = Budget(100)
"""For ``best_move``: quick enough to wait for (its measured latency is kept in one
place, docs/solver.md)."""
ANALYSIS_BUDGET = Budget(40)
"""For ``analyse``: the width of its searches (its cost against one ``solve``: docs/solver.md;
50 with the round prices, whose searches cost less per width)."""


_ANALYSIS_MEMO = 250_000
"""Positions whose children an analysis keeps (about 60 MB at most)."""


class Solution(NamedTuple):
    """The best line found from a position and the score it reaches."""

    score: int
    moves: tuple[Move, ...]
    """Legal from the position searched; playing them all ends the game."""
    nodes: int
    """Positions expanded (deterministic)."""
    seconds: float
    """Wall time taken (informational; the only non-deterministic field)."""


class Hint(NamedTuple):
    """What :func:`best_move` suggests."""

    move: Move
    expected_score: int
    """The final score of the best line found that starts with ``move``."""


class MoveAnalysis(NamedTuple):
    """One played move judged against the best line the search found."""

    turn: int
    """1 for the first move of the game."""
    played: Move
    best: Move
    """The first move of the best line found (``played`` when it was as good)."""
    best_score: int
    """Final score reachable before the move (search estimate)."""
    played_score: int
    """Final score reachable after the played move (search estimate)."""
    best_possible: int = 0
    """A score no line from the position before the move can beat (:func:`upper_bound`);
    at least ``best_score``."""

    @property
    def drop(self) -> int:
        """Stars lost by this move, by the search's estimate (0 for a best move)."""
        return self.best_score - self.played_score


def solve(
    state: GameState,
    budget: Budget = DEFAULT_BUDGET,
    *,
    weights: Weights | None = None,
    should_stop: StopCheck | None = None,
    on_progress: ProgressCallback | None = None,
) -> Solution:
    """Search from ``state`` and return the best finished line found.

    ``should_stop`` is called between progress steps; when it returns true the
    search raises :class:`~.beam.Cancelled`. ``on_progress`` receives the share
    of the game searched (0-1). A finished game returns its score and no moves.
    """
    catalog = state.catalog
    valuer = evaluator_for(catalog, weights or Weights(), feats_of(catalog, state.deck))
    return _solve(state, budget, CompactRules(catalog), valuer, should_stop, on_progress)


def _solve(
    state: GameState,
    budget: Budget,
    rules: CompactRules,
    valuer: Evaluator,
    should_stop: StopCheck | None = None,
    on_progress: ProgressCallback | None = None,
) -> Solution:
    started = time.perf_counter()
    result = beam_search(
        rules,
        valuer,
        state,
        budget.width,
        should_stop=should_stop,
        on_progress=on_progress,
    )
    return Solution(result.score, result.moves, result.nodes, time.perf_counter() - started)


def prepare(state: GameState) -> None:
    """Work out what every search of this deal's cards shares, the evaluation's prices
    (:mod:`.window_values`, about 0.5 s, kept per card set), so that the first hint of
    a game whose par is already kept does not wait for them. Without feat cards the
    deal's bound then reuses their payments search (:func:`.payments.payment_bound_from`
    keeps it; a feat card set's prices start from the buildings' instead)."""
    window_tables(state.catalog, feats_of(state.catalog, state.deck))


def best_move(
    state: GameState,
    budget: Budget = HINT_BUDGET,
    *,
    should_stop: StopCheck | None = None,
) -> Hint:
    """The move to play now (for a hint key) and the score its best line reaches.

    Raises:
        ValueError: the game is over, so there is no move to suggest.
    """
    if state.is_over:
        raise ValueError("the game is over: there is no move to suggest")
    found = solve(state, budget, should_stop=should_stop)
    return Hint(found.moves[0], found.score)


def analyse(
    start: GameState,
    moves: Sequence[Move],
    budget: Budget = ANALYSIS_BUDGET,
    *,
    should_stop: StopCheck | None = None,
    on_progress: ProgressCallback | None = None,
    known: LineBook | None = None,
) -> tuple[MoveAnalysis, ...]:
    """Judge every move of a game: how many final stars each one gave away.

    ``known`` (the deal's par line and the hints' lines, :class:`~.lines.LineBook`)
    values every position on a known line at that line's score without a search,
    so on the par line every move is the best and is valued at par, and a hint's
    expected score is what the analysis says of its position.

    Every position gets a line (:func:`_analysis_searches`: a known line, the rest of
    the line found before when the played move is its first, else a search). Each
    line's score is a lower bound on the best final score from its position (a
    real line reaches it), and bounds pass along the game: a line from the position
    after a move is also a line from the position before it, and a line found before a move
    that begins with the played move continues from the position after it. The
    estimate for each position is the best bound it gets, so the estimates never
    rise along the game, every drop is >= 0, a move the search would play has drop
    0, and the drops add up to (estimate at the start) - (final score). A weak
    search from one position can hide a mistake there; it never invents one.

    Raises:
        IllegalMoveError: a move is not legal where it was played.
    """
    states = [start]
    for move in moves:
        states.append(apply_move(states[-1], move).state)  # raises IllegalMoveError
    # The collector stays paused across all the searches, not only during each: the
    # memo of children holds millions of tuples that a full collection between two
    # searches would walk (128 collections in seed 2's analysis, 1 when paused).
    with collector_paused():
        found = _analysis_searches(states, moves, budget, known, should_stop, on_progress)
        value = [f.score for f in found]
        lines = [f.moves for f in found]  # a line from each position reaching value[i]
        for i, move in enumerate(moves):  # forward: the tail of a line through the move
            if lines[i] and lines[i][0] == move and value[i] > value[i + 1]:
                value[i + 1], lines[i + 1] = value[i], lines[i][1:]
        for i in range(len(moves) - 1, -1, -1):  # backward: the move, then the next line
            if value[i + 1] > value[i]:
                value[i], lines[i] = value[i + 1], (moves[i], *lines[i + 1])
        bounds = upper_bounds_along(states[: len(moves)])
    result = [
        MoveAnalysis(
            i + 1,
            move,
            lines[i][0] if value[i] > value[i + 1] else move,
            value[i],
            value[i + 1],
            bounds[i],
        )
        for i, move in enumerate(moves)
    ]
    return tuple(result)


def _analysis_searches(
    states: Sequence[GameState],
    moves: Sequence[Move],
    budget: Budget,
    known: LineBook | None,
    should_stop: StopCheck | None,
    on_progress: ProgressCallback | None,
) -> list[Solution]:
    """A line from every position: a known line, the rest of the line found from the
    position before when the played move is its first, else one search.

    A position on the line the search from the position before found is valued by
    that line, as a position on a known line is: the played move was the search's
    own, so it is judged best either way, and a search of its own would repeat most
    of that search (three positions in four of greedy games; what it saves and what
    it changes: docs/solver.md, *Analysis*). The searches from successive positions
    overlap (about two thirds of their expansions repeat), so they share one memo of
    children.
    """
    catalog = states[0].catalog
    rules = CompactRules(catalog, remember=_ANALYSIS_MEMO)
    valuer = evaluator_for(catalog, Weights(), feats_of(catalog, states[0].deck))
    found: list[Solution] = []
    for i, state in enumerate(states):
        line = None if known is None else known.at(state)
        before = found[-1].moves if found else ()
        if line is not None:
            found.append(Solution(line.score, line.moves, 0, 0.0))
        elif before and before[0] == moves[i - 1]:
            found.append(Solution(found[-1].score, before[1:], 0, 0.0))
        else:
            found.append(_solve(state, budget, rules, valuer, should_stop=should_stop))
        if on_progress is not None:
            on_progress((i + 1) / len(states))
    return found


def par(
    catalog: Catalog,
    *,
    seed: int | None = None,
    deal: Sequence[int] | None = None,
    budget: Budget = DEFAULT_BUDGET,
    should_stop: StopCheck | None = None,
    on_progress: ProgressCallback | None = None,
) -> int:
    """The par of a deal: the solver's score for it from the start (exactly one of seed/deal)."""
    start = new_game(catalog, seed=seed, deal=deal)
    return solve(start, budget, should_stop=should_stop, on_progress=on_progress).score
