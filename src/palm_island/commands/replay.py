"""``palm-island replay FILE``: watch a record in the viewer; ``--check``: verify headless."""

from __future__ import annotations

import argparse
from typing import Any

from .. import arguments
from ..i18n import _


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay",
        help=_("replay a game record"),
        description=_("Watch a game record move by move, or check it without the viewer."),
    )
    parser.add_argument(
        "file",
        type=arguments.record_file,
        metavar=_("FILE"),
        help=_("a record written by autoplay or the game"),
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help=_("replay headless, verify, print the final position"),
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
        _record, final = import_record_file(args.file, standard_feats().catalog)
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
    from .verify import outcome

    print(position_notation(final))
    print(outcome(final, score(final)))
    return 0
