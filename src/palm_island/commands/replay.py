"""``palm-island replay FILE``: watch a record in the viewer; ``--check``: verify headless."""

from __future__ import annotations

import argparse
from typing import Any

from .. import arguments


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("replay", help="replay a game record")
    parser.add_argument(
        "file", type=arguments.record_file, help="a record written by autoplay or the game"
    )
    parser.add_argument(
        "--check", action="store_true", help="replay headless, verify, print the final position"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Load the file with the one record loader (size cap, regular files only,
    schema, re-simulation) before anything else, so a bad file is one line and
    exit 1 whether or not the viewer would have opened."""
    from ..engine import position_notation, score
    from ..storage.catalog_files import standard_feats
    from ..storage.errors import LoadError
    from ..storage.loading import import_record_file
    from . import needs_terminal, unreadable

    try:
        _, final = import_record_file(args.file, standard_feats().catalog)
    except LoadError as exc:
        return unreadable(args.file, exc)
    if not args.check:
        no_terminal = needs_terminal()
        if no_terminal is not None:
            return no_terminal
        from .play import usable_data_dir

        usable_data_dir(args.data_dir)  # as `play`: one line, not a crash in the app
        from ..tui.app import run_app  # Textual is imported only here.

        return run_app(data_dir=args.data_dir, replay_file=args.file)
    breakdown = score(final)
    print(position_notation(final))
    status = "finished" if final.is_over else "not finished"
    print(f"{status}: score {breakdown.total} ({breakdown.rank}) after {final.turn} turns")
    return 0
