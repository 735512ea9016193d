"""Provides the search: a beam over positions grouped by progress, with duplicates merged.

Why this shape:

* **Progress buckets, not turn layers.** Every turn raises
  :func:`~.fastrules.progress` (round x 17 - cards above the tracker) by at least
  one, and positions with equal progress have exactly the same cards left to
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

from ..engine import Move
from .evaluation import Evaluator
from .fastrules import Deck, FastRules, Step, progress

_gc_lock = threading.Lock()
_gc_searches = 0
_gc_was_enabled = False


@contextmanager
def _collector_paused() -> Iterator[None]:
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


class _Node(NamedTuple):
    deck: Deck
    round: int
    parent: _Node | None
    step: Step | None


class BeamResult(NamedTuple):
    """The best finished line a beam found."""

    score: int
    moves: tuple[Move, ...]
    nodes: int
    """Positions expanded (each listed its moves and generated its children)."""


StopCheck = Callable[[], bool]
ProgressCallback = Callable[[float], None]


def beam_search(
    rules: FastRules,
    evaluator: Evaluator,
    deck: Deck,
    round_: int,
    width: int,
    *,
    should_stop: StopCheck | None = None,
    on_progress: ProgressCallback | None = None,
) -> BeamResult:
    """Search from a position; return the best finished line found (see the module doc)."""
    with _collector_paused():
        return _beam(
            rules,
            evaluator,
            deck,
            round_,
            width,
            should_stop=should_stop,
            on_progress=on_progress,
        )


def _beam(
    rules: FastRules,
    evaluator: Evaluator,
    deck: Deck,
    round_: int,
    width: int,
    *,
    should_stop: StopCheck | None = None,
    on_progress: ProgressCallback | None = None,
) -> BeamResult:
    """The search itself, with the collector paused."""
    if rules.is_over(deck, round_):
        return BeamResult(rules.stars(deck), (), 0)
    width = max(1, width)
    tracker = rules.tracker
    size = len(deck)
    tracker_at = evaluator.tracker_packed
    first = progress(deck, round_, tracker)
    last = evaluator.final_progress
    canon = rules.canonical.__getitem__
    start = _Node(deck, round_, None, None)
    buckets: dict[int, dict[Deck, _Node]] = {first: {tuple(map(canon, deck)): start}}
    best: tuple[int, _Node] | None = None
    expanded = 0
    for here in range(first, last):
        bucket = buckets.pop(here, None)
        if not bucket:
            continue
        if should_stop is not None and should_stop():
            raise Cancelled
        nodes = list(bucket.values())
        if len(nodes) > width:
            any_round = nodes[0].round
            cut = nodes[0].deck.index(tracker_at[any_round])
            value = evaluator.value_function(any_round, cut)
            scores = [value(n.deck) for n in nodes]
            keep = _diverse_best(nodes, scores, width, canon)
            keep.sort()  # expand in insertion order: children's ties stay deterministic
            nodes = [nodes[i] for i in keep]
        steps_of, settle = rules.steps, rules.settle
        for node in nodes:
            expanded += 1
            d, r = node.deck, node.round
            # rules.apply, inlined: this loop is where the search spends its time.
            for step in steps_of(d):
                taken, after, clears = step
                c = list(d)
                for packed in clears:
                    c[c.index(packed)] = packed ^ 1
                del c[taken]
                c.append(after)
                top = c[0]
                child_round = settle(c, r) if top & 1 or top >> 3 == tracker else r
                child = tuple(c)
                if child[0] >> 3 == tracker:  # R25: only a finished game shows it on top
                    final = rules.stars(child)
                    if best is None or final > best[0]:
                        best = (final, _Node(child, child_round, node, step))
                    continue
                where = child_round * size - child.index(tracker_at[child_round])
                target = buckets.get(where)
                if target is None:
                    target = buckets[where] = {}
                key = tuple(map(canon, child))
                if key not in target:
                    target[key] = _Node(child, child_round, node, step)
        if on_progress is not None:
            on_progress((here - first + 1) / (last - first))
    assert best is not None, "every position can discard, so some line finishes"
    return BeamResult(best[0], _line(rules, best[1]), expanded)


def _diverse_best(
    nodes: list[_Node], scores: list[float], width: int, canon: Callable[[int], int]
) -> list[int]:
    """Indices of the ``width`` best nodes, at most one per village while villages last."""
    order = sorted(range(len(nodes)), key=scores.__getitem__, reverse=True)
    seen: set[tuple[int, ...]] = set()
    keep: list[int] = []
    rest: list[int] = []
    for i in order:
        village = tuple(sorted(map(canon, nodes[i].deck)))
        if village in seen:
            rest.append(i)
            continue
        seen.add(village)
        keep.append(i)
        if len(keep) == width:
            return keep
    return keep + rest[: width - len(keep)]


def _line(rules: FastRules, node: _Node) -> tuple[Move, ...]:
    """The engine moves from the root to ``node`` (steps are turned into moves only here)."""
    moves: list[Move] = []
    walk = node
    while walk.parent is not None and walk.step is not None:
        parent = walk.parent
        moves.append(rules.move_for(parent.deck, parent.round, walk.step))
        walk = parent
    return tuple(reversed(moves))
