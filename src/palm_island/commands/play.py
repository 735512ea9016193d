"""``palm-island play``: open the terminal game (the default command)."""

from __future__ import annotations

import argparse
import errno
import os
from pathlib import Path
from typing import Any

from .. import arguments
from ..i18n import _


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play",
        help=_("open the terminal game (default)"),
        description=_("Open the terminal game (what palm-island does without a command)."),
    )
    parser.add_argument(
        "--seed",
        type=arguments.seed,
        default=None,
        metavar=_("SEED"),
        help=_("start a new game with this deal (0 to {most})").format(
            most=f"{arguments.MAX_SEED:,}"
        ),
    )
    parser.add_argument("--ascii", action="store_true", help=_("use plain ASCII glyphs"))
    parser.add_argument(  # serve's games: the folder it serves, never one made afresh
        "--served-folder",
        type=served_folder,
        default=None,
        metavar="DEVICE:INODE",
        help=argparse.SUPPRESS,
    )
    parser.set_defaults(run=run)


def served_folder(text: str) -> tuple[int, int]:
    """An argparse type: the data folder's device and inode, as ``serve`` passes them."""
    from ..storage.folder_identity import parse_folder_id

    try:
        return parse_folder_id(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a folder's DEVICE:INODE: {text}").format(text=repr(text))
        ) from None


def usable_data_dir(override: Path | None, *, served: bool = False) -> None:
    """Before Textual starts: a data directory that is a file or cannot be used raises
    its OSError here, which the CLI turns into one line and a status (exits.py),
    rather than a crash inside the full-screen app. A game ``serve`` started
    (``served``) never creates the folder: one gone since the server started is said
    in the game (SharedState.open_store), not replaced by an empty one."""
    from ..storage.paths import data_dir

    if served and not os.path.isdir(data_dir(override, create=False)):
        return
    try:
        folder = data_dir(override)  # NotADirectoryError / PermissionError / ...
    except FileExistsError as exc:  # mkdir on a file: say what is wrong with it
        raise NotADirectoryError(errno.ENOTDIR, "not a directory", exc.filename) from None
    if not os.access(folder, os.R_OK | os.X_OK):
        raise PermissionError(errno.EACCES, "permission denied", str(folder))
    # A folder that can be read but not written opens with saving off (the controller
    # says so on the title): history, replays and analyses read it as it is.


def run(args: argparse.Namespace) -> int:
    from . import needs_terminal

    no_terminal = needs_terminal()
    if no_terminal is not None:
        return no_terminal
    usable_data_dir(args.data_dir, served=args.served_folder is not None)
    import sys

    from ..tui.glyphs import output_takes_glyphs

    # An output that cannot encode the glyphs (PYTHONIOENCODING=ascii) draws escapes
    # for them: plain ASCII by itself, as --ascii would.
    ascii_only = args.ascii or not output_takes_glyphs((sys.stdout, sys.stderr))
    from ..tui.app import run_app  # Textual is imported only here.
    from ..tui.config import TOUCH_ENV

    return run_app(
        seed=args.seed,
        ascii_only=ascii_only,
        data_dir=args.data_dir,
        served_folder=args.served_folder,
        touch=os.environ.get(TOUCH_ENV) == "1",
    )
