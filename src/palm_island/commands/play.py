"""``palm-island play``: open the terminal game (the default command)."""

from __future__ import annotations

import argparse
from typing import Any

MAX_SEED = 999_999_999
"""The title screen takes at most nine digits: a seed it could not show is refused."""


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("play", help="open the terminal game (default)")
    parser.add_argument("--seed", type=int, default=None, help="deal this seed")
    parser.add_argument("--ascii", action="store_true", help="use plain ASCII glyphs")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from . import fail, needs_terminal

    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        return fail(f"--seed must be a whole number from 0 to {MAX_SEED}, not {args.seed}")
    no_terminal = needs_terminal()
    if no_terminal is not None:
        return no_terminal
    import sys

    from ..tui.glyphs import output_takes_glyphs

    # An output that cannot encode the glyphs (PYTHONIOENCODING=ascii) draws escapes
    # for them: plain ASCII by itself, as --ascii would.
    ascii_only = args.ascii or not output_takes_glyphs((sys.stdout, sys.stderr))
    from ..tui.app import run_app  # Textual is imported only here.

    return run_app(seed=args.seed, ascii_only=ascii_only, data_dir=args.data_dir)
