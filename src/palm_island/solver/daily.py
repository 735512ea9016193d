"""Provides the daily deal's seed and the one-line result a player can share.

The seed of a day is its date written as the number YYYYMMDD (``2026-11-29`` ->
``20261129``): anyone can recompute it by hand, it never changes between versions,
and consecutive days give different deals because the engine's shuffle
(``deal_from_seed``) mixes every bit of the seed.
"""

from __future__ import annotations

import datetime as dt


def daily_seed(date: dt.date) -> int:
    """The seed of the daily deal for ``date``: the number YYYYMMDD.

    >>> daily_seed(dt.date(2026, 11, 29))
    20261129
    """
    return date.year * 10_000 + date.month * 100 + date.day


def daily_date(seed: int | None) -> dt.date | None:
    """The date whose daily deal ``seed`` deals (the inverse of :func:`daily_seed`),
    or ``None`` when the seed is not a date written as YYYYMMDD. The daily deal is
    its seed, so a game on that seed is that day's deal however it was started.

    >>> daily_date(20261129)
    datetime.date(2026, 11, 29)
    >>> daily_date(921499) is None
    True
    """
    if seed is None or not 1000_01_01 <= seed <= 9999_12_31:
        return None
    try:
        return dt.date(seed // 10_000, seed // 100 % 100, seed % 100)
    except ValueError:
        return None


def par_words(par: int, bound: int | None = None, *, star: str = "", at_most: str = "≤") -> str:
    """Par with what the bound says of it, in the player's language: the one wording of
    the end screen, the share line and the analysis. A par line that reaches the bound
    is proven best: no line scores more (``upper_bound``), and a real line scores par.

    >>> par_words(46, 46), par_words(44, 47), par_words(44)
    ('par 46, the best possible', 'par 44, best possible ≤ 47', 'par 44')
    """
    from ..i18n import _

    if bound is None:
        return _("par {par}").format(par=f"{par}{star}")
    if bound <= par:  # never below: the par line is a real line, the bound admissible
        return _("par {par}, the best possible").format(par=f"{par}{star}")
    return _("par {par}, best possible {at_most} {bound}").format(
        par=f"{par}{star}", at_most=at_most, bound=f"{bound}{star}"
    )


def share_line(
    date: dt.date,
    score: int,
    rank: str,
    par: int | None = None,
    *,
    hints: int | None = None,
    bound: int | None = None,
) -> str:
    """One line to paste anywhere, e.g. ``Palm Island daily 2026-11-29: 38★ Astounding
    (par 41, -3), 2 hints``, in the player's language; the date and the numbers are
    written the same in every language, so lines from players of different
    languages compare.

    ``par`` is left out when it is not known yet; ``hints`` (how many the player
    asked for) when not given; ``bound`` (the deal's upper bound) adds what it says of
    par (:func:`par_words`).

    >>> share_line(dt.date(2026, 11, 29), 38, "Astounding", 41, hints=0)
    'Palm Island daily 2026-11-29: 38★ Astounding (par 41, -3), no hints'
    >>> share_line(dt.date(2026, 11, 29), 38, "Astounding", 41, bound=47)
    'Palm Island daily 2026-11-29: 38★ Astounding (par 41, best possible ≤ 47; -3)'
    """
    from ..i18n import _, ngettext, rank_title

    line = _("Palm Island daily {date}: {score}★ {rank}").format(
        date=date.isoformat(), score=score, rank=rank_title(rank)
    )
    if par is not None:
        diff = score - par
        # Translators: in the share line, the score is exactly par.
        difference = f"{diff:+d}" if diff else _("level")
        words = par_words(par, bound)
        # Translators: par's words and the difference to par; the second is used
        # when par's words hold a comma already ("par 41, best possible ≤ 47").
        template = _("{par}, {difference}") if bound is None else _("{par}; {difference}")
        line = _("{line} ({par})").format(
            line=line, par=template.format(par=words, difference=difference)
        )
    if hints:
        line = ngettext("{line}, {count} hint", "{line}, {count} hints", hints).format(
            line=line, count=hints
        )
    elif hints is not None:
        line = _("{line}, no hints").format(line=line)
    return line
