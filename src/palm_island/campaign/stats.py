"""Provides campaign statistics and a score sparkline for the terminal.

:func:`campaign_stats` folds a history into :class:`CampaignStats`;
:func:`sparkline` draws scores as one line of block characters (plain text,
usable anywhere).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from .model import CampaignStats, HistoryEntry

BLOCKS: Final = "▁▂▃▄▅▆▇█"
ASCII_BLOCKS: Final = "_.-=+*#@"


def campaign_stats(
    history: Sequence[HistoryEntry],
    ranks: Sequence[str],
    unlocked: Sequence[str],
    feats_total: int,
) -> CampaignStats:
    """Statistics of ``history`` (finished games, oldest first); ``ranks`` best first."""
    scores = tuple(h.score for h in history)
    counts = Counter(h.rank for h in history)
    return CampaignStats(
        games=len(scores),
        best=max(scores) if scores else None,
        average=sum(scores) / len(scores) if scores else None,
        ranks=tuple((rank, counts[rank]) for rank in ranks),
        feats_unlocked=tuple(unlocked),
        feats_total=feats_total,
        scores=scores,
    )


def sparkline(values: Sequence[int], width: int = 40, *, ascii_only: bool = False) -> str:
    """The last ``width`` values as one line of blocks, lowest to highest.

    >>> sparkline([0, 10, 20, 40])
    '▁▃▅█'
    """
    shown = list(values)[-width:] if width > 0 else []
    if not shown:
        return ""
    glyphs = ASCII_BLOCKS if ascii_only else BLOCKS
    low, high = min(shown), max(shown)
    if high == low:
        return glyphs[len(glyphs) // 2] * len(shown)
    span = high - low
    return "".join(glyphs[round((v - low) * (len(glyphs) - 1) / span)] for v in shown)
