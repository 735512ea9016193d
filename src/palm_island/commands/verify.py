"""``palm-island verify FILE`` / ``--campaign NAME``: re-simulate records headless.

A file is loaded (size cap, schema, version), replayed and its result checked.
A campaign has the proof game of every unlocked feat re-simulated; if one fails
the campaign is labelled "modified" (it still loads and plays).
"""

from __future__ import annotations

import argparse
from typing import Any

from .. import arguments
from . import fail, unreadable


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("verify", help="check a record file or a campaign's feats")
    target = parser.add_mutually_exclusive_group(required=True)
    target.add_argument("file", type=arguments.record_file, nargs="?", help="a game record (JSON)")
    target.add_argument("--campaign", metavar="NAME", help="re-simulate every feat's proof game")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..engine import score

    if args.campaign is not None:
        return _campaign(args)
    from ..storage.catalog_files import standard_feats
    from ..storage.errors import LoadError
    from ..storage.loading import import_record_file
    from ..text import printable

    try:
        record, final = import_record_file(args.file, standard_feats().catalog)
    except LoadError as exc:
        return unreadable(args.file, exc)
    breakdown = score(final)
    status = "finished" if final.is_over else "not finished"
    feats = ", ".join(record.setup.feats) or "no feats"
    where = printable(str(args.file))
    print(
        f"{where}: ok — {status}, score {breakdown.total} ({breakdown.rank}) after "
        f"{final.turn} turns; {record.setup.difficulty}, {feats}"
    )
    return 0


def _campaign(args: argparse.Namespace) -> int:
    from ..engine import PalmIslandError
    from ..storage.service import Store
    from ..text import printable

    try:
        with Store.open(args.data_dir) as store:
            checks = store.verify_campaign(args.campaign)
    except (PalmIslandError, ValueError) as exc:
        return fail(printable(str(exc)), 1)
    name = printable(args.campaign)
    for check in checks:
        verdict = "ok" if check.ok else f"FAILED: {check.reason}"
        print(f"{check.feat} (proof: game {check.game_id}): {verdict}")
    if any(not check.ok for check in checks):
        print(f"campaign {name!r} is labelled modified")
        return 1
    print(f"campaign {name!r}: {len(checks)} feat(s) verified")
    return 0
