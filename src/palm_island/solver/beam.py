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
  before anything is evaluated.
* **Deterministic.** The width (positions kept per bucket) is the only budget; ties
  are broken by insertion order, which follows the engine's move order. The same
  position and width always give the same line, on any machine.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import NamedTuple

from ..engine import Move
from .evaluation import Evaluator
from .fastrules import Deck, FastRules, progress


class Cancelled(Exception):
    """Raised when ``should_stop`` returns true; the search leaves nothing behind."""


class _Node(NamedTuple):
    deck: Deck
    round: int
    parent: _Node | None
    move: Move | None


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
    """Search from a position that is not over; return the best finished line found."""
    if rules.is_over(deck, round_):
        return BeamResult(rules.stars(deck), (), 0)
    width = max(1, width)
    tracker = rules.tracker
    size = len(deck)
    tracker_at = evaluator.tracker_packed
    first = progress(deck, round_, tracker)
    last = evaluator.final_progress
    buckets: dict[int, dict[Deck, _Node]] = {first: {deck: _Node(deck, round_, None, None)}}
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
            value = evaluator.table_pair(any_round, cut)
            scores = [value(n.deck) for n in nodes]
            keep = heapq.nlargest(width, range(len(nodes)), key=scores.__getitem__)
            keep.sort()  # expand in insertion order: children's ties stay deterministic
            nodes = [nodes[i] for i in keep]
        ops_of, settle = rules.ops, rules.settle
        for node in nodes:
            expanded += 1
            d, r = node.deck, node.round
            # rules.apply, inlined: this loop is where the search spends its time.
            for move, taken, after, clears in ops_of(d, r):
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
                        best = (final, _Node(child, child_round, node, move))
                    continue
                where = child_round * size - child.index(tracker_at[child_round])
                target = buckets.get(where)
                if target is None:
                    target = buckets[where] = {}
                if child not in target:
                    target[child] = _Node(child, child_round, node, move)
        if on_progress is not None:
            on_progress((here - first + 1) / (last - first))
    assert best is not None, "every position can discard, so some line finishes"
    return BeamResult(best[0], _line(best[1]), expanded)


def _line(node: _Node) -> tuple[Move, ...]:
    moves: list[Move] = []
    walk: _Node | None = node
    while walk is not None and walk.move is not None:
        moves.append(walk.move)
        walk = walk.parent
    return tuple(reversed(moves))
