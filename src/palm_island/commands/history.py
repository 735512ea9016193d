"""``palm-island history [--campaign NAME]``: list finished games and statistics."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from . import fail

if TYPE_CHECKING:
    from ..campaign.model import HistoryEntry


HEADING = (
    f"{'game':>5}  {'finished (UTC)':<16}  {'campaign':<16}  {'deck':<4}  {'score':>5}  "
    f"{'village':<12}  {'difficulty':<10}  {'deal':<19}  feats in play"
)
"""The column names over the games (a daily deal is marked in the deal column)."""
NARROW_HEADING = (
    f"{'game':>5}  {'finished':<10}  {'campaign':<10}  {'score':>5}  {'village':<11}  "
    "deal, difficulty, feats"
)
"""On a terminal narrower than a full line: the date without the time, a shorter
campaign column, and deal, difficulty and feats in one column cut at the edge (the deck's
colour is left out: both decks play the same)."""
NARROW_FIXED = len(NARROW_HEADING) - len("deal, difficulty, feats")


def line_width() -> int | None:
    """The terminal's width when stdout is one; None (no limit) into a pipe or a file,
    where scripts read the full line."""
    import shutil

    if not sys.stdout.isatty():
        return None
    return shutil.get_terminal_size().columns


def full_line(e: HistoryEntry) -> str:
    from ..text import printable

    campaign = printable(e.campaign or "(imported)")
    finished = printable(e.finished_at[:16].replace("T", " "))
    return (
        f"{e.game_id:>5}  {finished:<16}  {campaign:<16.16}  "
        f"{e.deck_colour:<4}  {e.score:>5}  {printable(e.rank):<12}  {e.difficulty:<10}  "
        f"{deal_text(e):<19}  {'+'.join(e.feats) or 'none'}"
    )


def cut_tail(tail: str, width: int) -> str:
    """The last narrow column (deal, difficulty, feats) cut at the terminal's edge."""
    room = max(8, width - 1 - NARROW_FIXED)  # the last column is left free: no wrap
    return tail if len(tail) <= room else tail[: room - 1] + "…"


def narrow_line(e: HistoryEntry, width: int) -> str:
    """One game in ``width`` columns (at least the fixed columns and a little more)."""
    from ..text import printable

    campaign = printable(e.campaign or "(imported)")
    if len(campaign) > 10:
        campaign = campaign[:9] + "…"
    finished = printable(e.finished_at[:10])
    tail = cut_tail(f"{deal_text(e)}, {e.difficulty}, {'+'.join(e.feats) or 'no feats'}", width)
    return (
        f"{e.game_id:>5}  {finished:<10}  {campaign:<10}  {e.score:>5}  "
        f"{printable(e.rank):<11.11}  {tail}"
    )


def deal_text(entry: HistoryEntry) -> str:
    """``daily 2026-12-01``, ``practice 2026-12-01`` (a daily deal again), ``seed 7``."""
    from ..solver.daily import daily_date

    day = daily_date(entry.seed)
    if day is not None:
        return f"{'practice' if entry.practice else 'daily'} {day.isoformat()}"
    return "own deal" if entry.seed is None else f"seed {entry.seed}"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("history", help="list finished games (and statistics)")
    parser.add_argument("--campaign", metavar="NAME", help="only this campaign, with statistics")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Opened read-only: it works in a read-only data directory and writes nothing.
    A damaged game row is named on stderr and the other games are still listed."""
    from ..campaign.stats import sparkline
    from ..engine import PalmIslandError
    from ..storage.service import Store
    from ..text import printable

    try:
        with Store.open(args.data_dir, read_only=True) as store:
            entries = store.history(args.campaign)
            skipped = list(store.skipped)
            stats = store.statistics(args.campaign, entries) if args.campaign else None
    except (PalmIslandError, ValueError) as exc:
        return fail(printable(str(exc)), 1)
    width = line_width()
    lines = [full_line(e) for e in entries]
    narrow = width is not None and max(map(len, [HEADING, *lines])) >= width
    if not entries:
        where = f" in campaign {printable(args.campaign)!r}" if args.campaign else ""
        print(f"no finished games{where} yet")
    else:
        heading = HEADING
        if narrow and width is not None:
            heading = NARROW_HEADING[:NARROW_FIXED] + cut_tail(NARROW_HEADING[NARROW_FIXED:], width)
        print(heading)
    for e, line in zip(entries, lines, strict=True):
        print(narrow_line(e, width) if narrow and width is not None else line)
    if stats is not None:
        average = "-" if stats.average is None else f"{stats.average:.1f}"
        print(f"games {stats.games}  best {stats.best or '-'}  average {average}")
        print("ranks  " + "  ".join(f"{printable(rank)} {n}" for rank, n in stats.ranks))
        print(
            f"feats  {len(stats.feats_unlocked)}/{stats.feats_total}  "
            + " ".join(stats.feats_unlocked)
        )
        print(f"scores {sparkline(stats.scores)}")
    for problem in skipped:
        print(
            printable(f"palm-island: {problem.describe()} (left out; see `palm-island doctor`)"),
            file=sys.stderr,
        )
    return 1 if skipped else 0
