"""Provides the search: a beam over positions grouped by progress, with duplicates merged.

Why this shape:

* **Progress buckets, not turn layers.** Every turn raises the progress
  (:meth:`~palm_island.engine.CompactRules.progress`: round x 17 - cards above the
  tracker) by at least one, and positions with equal progress have exactly the same cards left to
  play, so comparing them by evaluation is fair. A stored card returned for free
  (R21) moves a position into a later bucket instead of distorting a turn layer.
* **Transpositions.** Many move orders reach the same deck; inside a bucket the
  deck alone identifies the position (the round follows from progress and the
  tracker's place), so a dict keeps the first path to each deck and drops the rest
  before anything is evaluated. Identical copies (CH1/CH2/CH3, LG1-3, QU1-3, HO1/2,
  TE1/2) are renamed to their first copy in that key: such decks have the same
  future, so this is exact.
* **One position per village when pruning.** When a bucket holds more than the
  width, positions are taken best first but at most one per *village* (the
  multiset of cards, faces and stored marks, ignoring order and copy names); only
  if too few villages exist are the next best of each added. Without this the
  beam fills with reorderings of one plan: on 10 test deals at width 200 the mean
  rose from 31 to 39.5 (docs/solver.md). A bucket that fits the width is kept
  whole, so a wide enough search is exhaustive.
* **Deterministic.** The width (positions kept per bucket) is the only budget; ties
  are broken by insertion order, which follows the engine's move order. The same
  position and width always give the same line, on any machine.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

from ..engine import ROUNDS, CompactRules, GameState, Move, Position
from .evaluation import Evaluator

_gc_lock = threading.Lock()
_gc_searches = 0
_gc_was_enabled = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while any search runs.

    A search allocates millions of tuples that hold no reference cycles (nodes
    point only to their parents), so reference counting frees them all, while
    the collector's repeated scans of the live beam cost about a third of the
    time at width 1,000. A counter makes overlapping searches on several threads
    restore the collector only when the last one ends, and only if it was on.
    """
    global _gc_searches, _gc_was_enabled
    with _gc_lock:
        if _gc_searches == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_searches += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_searches -= 1
            if _gc_searches == 0 and _gc_was_enabled:
                gc.enable()


class Cancelled(Exception):
    """Raised when ``should_stop`` returns true; the search leaves nothing behind."""


_Node = tuple[bytes, int, "_Node | None"]
"""A position reached and the node it was reached from: ``(deck, round, parent)``.
A plain tuple: the search builds one per child, and a literal is the cheapest object."""


class BeamResult(NamedTuple):
    """The best finished line a beam found."""

    score: int
    moves: tuple[Move, ...]
    nodes: int
    """Positions expanded (each listed its moves and generated its children)."""


StopCheck = Callable[[], bool]
ProgressCallback = Callable[[float], None]


def beam_search(
    rules: CompactRules,
    evaluator: Evaluator,
    state: GameState,
    width: int,
    *,
    should_stop: StopCheck | None = None,
    on_progress: ProgressCallback | None = None,
) -> BeamResult:
    """Search from a position; return the best finished line found (see the module doc)."""
    with collector_paused():
        score, path, expanded = _beam(
            rules,
            evaluator,
            rules.encode(state),
            width,
            should_stop=should_stop,
            on_progress=on_progress,
        )
    return BeamResult(score, rules.moves_along(state, path), expanded)


def _beam(
    rules: CompactRules,
    evaluator: Evaluator,
    position: Position,
    width: int,
    *,
    should_stop: StopCheck | None = None,
    on_progress: ProgressCallback | None = None,
) -> tuple[int, list[Position], int]:
    """The search itself, with the collector paused: (score, path of positions, expanded)."""
    deck, round_ = position
    if rules.is_over(deck):
        return rules.stars(deck), [], 0
    width = max(1, width)
    size = len(deck)
    tracker_at = rules.tracker_at
    first = rules.progress(deck, round_)
    last = ROUNDS * size
    expand = rules.expand
    # One dict per progress step, made up front: a list index is cheaper than a
    # dict look-up for each child. A step's dict maps each deck reached to the node
    # it was first reached from; a deck's own node is built only if it is kept (most
    # are pruned), and its round follows from the step (every round's steps differ).
    buckets: list[dict[bytes, _Node | None]] = [{} for _ in range(last + 1)]
    buckets[first][deck] = None
    round_at = _rounds_of_steps(round_, size, first, last)
    expanded = 0
    for here in range(first, last):
        bucket = buckets[here]
        buckets[here] = {}
        if not bucket:
            continue
        if should_stop is not None and should_stop():
            raise Cancelled
        step_round = round_at[here]
        decks = list(bucket)
        if len(decks) > width:
            cut = decks[0].index(tracker_at[step_round])
            scores = evaluator.marked_values(decks, step_round, cut)
            keep = _diverse_best(scores, width)
            keep.sort()  # expand in insertion order: children's ties stay deterministic
            decks = [decks[i] for i in keep]
        expanded += len(decks)
        following = buckets[here + 1]
        for key in decks:
            node = (key, step_round, bucket[key])
            on, moved = expand(key, step_round)
            for child in on:  # one turn on: the next progress step
                if child not in following:
                    following[child] = node
            for child, child_round in moved:
                # A finished game (R25: the tracker on top after round 8) has progress
                # ``last``, so it lands in the last bucket, which is never expanded.
                target = buckets[child_round * size - child.index(tracker_at[child_round])]
                if child not in target:
                    target[child] = node
        del bucket
        if on_progress is not None:
            on_progress((here - first + 1) / (last - first))
    return (*_best_line(rules, buckets[last]), expanded)


def _rounds_of_steps(round_: int, size: int, first: int, last: int) -> list[int]:
    """The round each progress step from ``first`` to ``last`` is played in."""
    round_at = [0] * (last + 1)
    for r in range(round_, ROUNDS + 1):
        for cut in range(size):
            if r * size - cut >= first:
                round_at[r * size - cut] = r
    return round_at


def _best_line(
    rules: CompactRules, finished: dict[bytes, _Node | None]
) -> tuple[int, list[Position]]:
    """The best finished game's score and the positions that led to it."""
    best: tuple[int, bytes, _Node | None] | None = None
    stars = rules.stars
    for child, parent in finished.items():  # reached first wins a tie, as it always did
        final = stars(child)
        if best is None or final > best[0]:
            best = (final, child, parent)
    assert best is not None, "every position can discard, so some line finishes"
    path: list[Position] = [(best[1], ROUNDS)]
    walk: _Node | None = best[2]
    while walk is not None and walk[2] is not None:
        path.append((walk[0], walk[1]))
        walk = walk[2]
    return best[0], path[::-1]


def _diverse_best(scores: list[complex], width: int) -> list[int]:
    """Indices of the ``width`` best nodes, at most one per village while villages last.

    ``scores`` hold each node's value (real part) and village mark (imaginary part,
    :meth:`~.evaluation.Evaluator.marked_values`).
    """
    values = [score.real for score in scores]
    order = sorted(range(len(scores)), key=values.__getitem__, reverse=True)
    seen: set[float] = set()
    keep: list[int] = []
    rest: list[int] = []
    for i in order:
        village = scores[i].imag
        if village in seen:
            rest.append(i)
            continue
        seen.add(village)
        keep.append(i)
        if len(keep) == width:
            return keep
    return keep + rest[: width - len(keep)]
