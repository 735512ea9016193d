"""The daily seed is the date as YYYYMMDD, so a date's deal never changes."""

from __future__ import annotations

import datetime as dt

from palm_island.engine import deal_from_seed
from palm_island.solver import daily_seed, share_line


def test_daily_seed_is_stable_for_a_fixed_date() -> None:
    day = dt.date(2026, 11, 29)
    assert daily_seed(day) == 20261129
    assert deal_from_seed(daily_seed(day)) == deal_from_seed(20261129)
    assert daily_seed(dt.date(2026, 11, 30)) != daily_seed(day)


def test_share_line_has_date_score_rank_and_par() -> None:
    day = dt.date(2026, 11, 29)
    assert share_line(day, 38, "Exceptional", 41) == (
        "Palm Island daily 2026-11-29: 38★ Exceptional (par 41, -3)"
    )
    assert share_line(day, 41, "Astounding", 41).endswith("(par 41, level)")
    assert share_line(day, 12, "Needs work") == "Palm Island daily 2026-11-29: 12★ Needs work"


def test_daily_date_reads_a_daily_seed_back_and_nothing_else() -> None:
    from palm_island.solver import daily_date

    for day in (dt.date(2026, 11, 29), dt.date(2000, 1, 1), dt.date(2028, 2, 29)):
        assert daily_date(daily_seed(day)) == day
    for seed in (None, 0, 7, 921_499, 999_999, 20261301, 20261131, 20270229, 10**12):
        assert daily_date(seed) is None  # the title's own seeds stay below 1,000,000


def test_par_words_say_proven_only_where_par_reaches_the_bound() -> None:
    from palm_island.solver import par_words

    assert par_words(46, 46) == "par 46, the best possible"
    assert par_words(44, 47) == "par 44, best possible ≤ 47"
    assert par_words(44, 47, star="*", at_most="<=") == "par 44*, best possible <= 47*"
    assert par_words(44) == "par 44"
    day = dt.date(2026, 11, 29)
    assert share_line(day, 46, "Astounding", 46, bound=46, hints=1) == (
        "Palm Island daily 2026-11-29: 46★ Astounding (par 46, the best possible; level), 1 hint"
    )
