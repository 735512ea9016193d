"""Provides the ``palm-island`` command line.

With no command it opens the terminal game. The headless commands (``deal``,
``autoplay``, ``replay``, ``bench`` …) never import Textual, so scripts, tests and
bug reports stay fast. Each command lives in ``palm_island.commands.<name>`` and
registers itself through :data:`COMMANDS`.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from . import __version__

COMMANDS: tuple[str, ...] = ("play", "deal", "autoplay", "replay", "bench", "solve")
"""Modules in ``palm_island.commands``; each has ``register(subparsers)``."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="palm-island",
        description="Palm Island, the solo card game, in your terminal. "
        "Run without a command to play.",
    )
    parser.add_argument("--version", action="version", version=f"palm-island {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"palm_island.commands.{name}").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the process exit code."""
    raw = list(sys.argv[1:] if argv is None else argv)
    if not raw or (raw[0].startswith("-") and raw[0] not in {"-h", "--help", "--version"}):
        raw = ["play", *raw]  # no command: open the game, with any options given
    args = build_parser().parse_args(raw)
    try:
        code: int = args.run(args)
    except Exception as exc:
        from .engine.errors import PalmIslandError  # imported late: --help stays light

        if not isinstance(exc, PalmIslandError):
            raise
        # Bad card data, a bad file: one line, never a traceback.
        print(f"palm-island: {exc}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
