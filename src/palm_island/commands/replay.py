"""``palm-island replay FILE``: watch a record in the viewer; ``--check``: verify headless."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from . import fail, read_text


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("replay", help="replay a game record")
    parser.add_argument("file", type=Path, help="a record written by autoplay or the game")
    parser.add_argument(
        "--check", action="store_true", help="replay headless, verify, print the final position"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..engine import PalmIslandError, position_notation, score
    from ..records import load_record, verify
    from ..storage.catalog_files import standard_feats

    if not args.check:
        from ..tui.app import run_app  # Textual is imported only here.

        return run_app(data_dir=args.data_dir, replay_file=args.file)
    try:
        record = load_record(read_text(args.file))
        final = verify(record, standard_feats().catalog)
    except PalmIslandError as exc:
        return fail(f"{args.file}: {exc}", 1)
    breakdown = score(final)
    print(position_notation(final))
    status = "finished" if final.is_over else "not finished"
    print(f"{status}: score {breakdown.total} ({breakdown.rank}) after {final.turn} turns")
    return 0
