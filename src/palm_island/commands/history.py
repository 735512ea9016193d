"""``palm-island history [--campaign NAME]``: list finished games and statistics."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from . import fail


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
            stats = store.statistics(args.campaign) if args.campaign else None
    except (PalmIslandError, ValueError) as exc:
        return fail(printable(str(exc)), 1)
    for e in entries:
        feats = "+".join(e.feats) or "-"
        campaign = printable(e.campaign or "(imported)")
        print(
            f"{e.game_id:>5}  {printable(e.finished_at[:16])}  {campaign:<16.16}  "
            f"{e.deck_colour:<4}  {e.score:>3} {printable(e.rank):<12}  {e.difficulty:<6}  {feats}"
        )
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
