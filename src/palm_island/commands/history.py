"""``palm-island history [--campaign NAME]``: list finished games and statistics."""

from __future__ import annotations

import argparse
from typing import Any

from . import fail


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("history", help="list finished games (and statistics)")
    parser.add_argument("--campaign", metavar="NAME", help="only this campaign, with statistics")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..campaign.stats import sparkline
    from ..engine import PalmIslandError
    from ..storage.service import Store

    try:
        with Store.open(args.data_dir) as store:
            entries = store.history(args.campaign)
            stats = store.statistics(args.campaign) if args.campaign else None
    except (PalmIslandError, ValueError) as exc:
        return fail(str(exc), 1)
    for e in entries:
        feats = "+".join(e.feats) or "-"
        print(
            f"{e.game_id:>5}  {e.finished_at[:16]}  {e.campaign or '(imported)':<16.16}  "
            f"{e.deck_colour:<4}  {e.score:>3} {e.rank:<12}  {e.difficulty:<6}  {feats}"
        )
    if stats is not None:
        average = "-" if stats.average is None else f"{stats.average:.1f}"
        print(f"games {stats.games}  best {stats.best or '-'}  average {average}")
        print("ranks  " + "  ".join(f"{rank} {n}" for rank, n in stats.ranks))
        print(
            f"feats  {len(stats.feats_unlocked)}/{stats.feats_total}  "
            + " ".join(stats.feats_unlocked)
        )
        print(f"scores {sparkline(stats.scores)}")
    return 0
