"""Provides the feat balance measurement: how often each feat unlocks for a policy.

Used by ``python -m benchmarks --feats`` to keep the feat set varied (some easy,
some hard, none impossible or automatic). Pure: plays games in memory. It lives
with the benchmarks, not in the game: no player's screen asks for it.
"""

from __future__ import annotations

from collections import Counter

from palm_island.engine import FeatSet, earned_feats, new_game, summarize
from palm_island.policies import POLICIES, play_out


def unlock_rates(feats: FeatSet, games: int, policy: str = "greedy") -> dict[str, float]:
    """The share of ``games`` seeded games (seeds 0..games-1, no feats in play)
    whose finished position earns each feat (R29)."""
    counts: Counter[str] = Counter()
    for seed in range(games):
        start = new_game(feats.catalog, seed=seed)
        _, moves = play_out(start, POLICIES[policy](seed))
        counts.update(earned_feats(feats, summarize(start, moves)))
    return {code: counts[code] / max(1, games) for code in feats.codes}
