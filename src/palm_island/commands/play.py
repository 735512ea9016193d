"""``palm-island play``: open the terminal game (the default command)."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("play", help="open the terminal game (default)")
    parser.add_argument("--seed", type=int, default=None, help="deal this seed")
    parser.add_argument("--ascii", action="store_true", help="use plain ASCII glyphs")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..tui.app import run_app  # Textual is imported only here.

    return run_app(seed=args.seed, ascii_only=args.ascii, data_dir=args.data_dir)
