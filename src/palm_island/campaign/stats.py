"""Provides campaign statistics and a score sparkline for the terminal.

:func:`campaign_stats` folds a history into :class:`CampaignStats`;
:func:`sparkline` draws scores as one line of block characters (plain text,
usable anywhere); :func:`sparkline_caption` says what those blocks are, in
words: first and last (the order the blocks run in) and the lowest and highest of
the same games, so falling bars never read as a rise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from ..i18n import _, ngettext
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
    shown = shown_scores(values, width)
    if not shown:
        return ""
    glyphs = ASCII_BLOCKS if ascii_only else BLOCKS
    low, high = min(shown), max(shown)
    if high == low:
        return glyphs[len(glyphs) // 2] * len(shown)
    span = high - low
    return "".join(glyphs[round((v - low) * (len(glyphs) - 1) / span)] for v in shown)


def shown_scores(values: Sequence[int], width: int) -> list[int]:
    """The values a sparkline of ``width`` draws: the last ``width`` of them."""
    return list(values)[-width:] if width > 0 else []


def sparkline_caption(values: Sequence[int], width: int = 40, *, arrow: str = "→") -> str:
    """The words under :func:`sparkline` (same ``width``), of the games it draws:

    >>> sparkline_caption([46, 40])
    'first 46 → last 40 stars; lowest 40, highest 46'
    >>> sparkline_caption([30, 41, 35], width=2)
    'last 2 of 3 games: first 41 → last 35 stars; lowest 35, highest 41'
    >>> sparkline_caption([19, 19])
    '2 games: 19 stars each'
    """
    shown = shown_scores(values, width)
    if not shown:
        return _("no finished games yet")
    if len(shown) == 1:
        return ngettext("one game: {score} star", "one game: {score} stars", shown[0]).format(
            score=shown[0]
        )
    low, high = min(shown), max(shown)
    if low == high:
        games = ngettext("{count} game", "{count} games", len(shown)).format(count=len(shown))
        caption = ngettext("{score} star each", "{score} stars each", low).format(score=low)
    else:
        games = ""
        caption = ngettext(
            "first {first} {arrow} last {last} star; lowest {low}, highest {high}",
            "first {first} {arrow} last {last} stars; lowest {low}, highest {high}",
            shown[-1],
        ).format(first=shown[0], arrow=arrow, last=shown[-1], low=low, high=high)
    if len(shown) < len(values):
        games = ngettext(
            "last {shown} of {count} game", "last {shown} of {count} games", len(values)
        ).format(shown=len(shown), count=len(values))
    if not games:
        return caption
    # Translators: how many games a score history draws, then what it shows:
    # "last 2 of 3 games: first 41 → last 35 stars; lowest 35, highest 41".
    return _("{games}: {caption}").format(games=games, caption=caption)
