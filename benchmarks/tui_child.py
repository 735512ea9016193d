"""One start-up of the game (or of an empty Textual app) for ``bench --tui``: print
the wall-clock time and the screen shown when the clock stops, then exit.

Run as ``python -m benchmarks.tui_child [--empty] [--in-game] [--cli] [--data-dir
DIR] [--until menu]`` by :func:`benchmarks.tui.startup_seconds`, which started the
clock just before starting the process.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from textual.app import App


def stamp(app: App[Any]) -> None:
    print(time.time(), type(app.screen).__name__, flush=True)
    app.exit()


class Empty(App[None]):
    """Textual alone: the floor every start-up is compared with."""

    def on_ready(self) -> None:
        stamp(self)


def run_game(args: argparse.Namespace) -> None:
    if args.cli:  # what ``palm-island`` does before it opens the app
        import palm_island.cli as cli

        cli.build_parser(cli.commands_needed(["play"]))
    from palm_island.tui.app import AppConfig, PalmIslandApp

    class Timed(PalmIslandApp):
        def on_ready(self) -> None:
            """Textual's ``Ready`` comes after the first frame; the game opens its
            campaign file there (``--until menu`` stops the clock after that)."""
            if args.until == "menu":
                super().on_ready()
            stamp(self)

    store = {"use_store": True, "data_dir": args.data_dir} if args.data_dir else {}
    config = AppConfig(seed=7, start_in_game=args.in_game, compute_par=False, **store)
    Timed(None, config).run(headless=True)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.tui_child")
    parser.add_argument("--empty", action="store_true", help="an empty Textual app instead")
    parser.add_argument("--in-game", action="store_true", help="start on the game screen")
    parser.add_argument("--cli", action="store_true", help="build the CLI's parser first")
    parser.add_argument("--data-dir", type=Path, help="save games there (a campaign file)")
    parser.add_argument("--until", choices=("frame", "menu"), default="frame")
    args = parser.parse_args()
    if args.empty:
        Empty().run(headless=True)
    else:
        run_game(args)


if __name__ == "__main__":
    main()
