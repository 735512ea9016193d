"""Provides the ``palm-island`` command line.

With no command it opens the terminal game. The headless commands (``deal``,
``autoplay``, ``replay``, ``solve`` …) never import Textual, so scripts, tests and
bug reports stay fast. Each command lives in ``palm_island.commands.<name>`` and
registers itself through :data:`COMMANDS`.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__
from .i18n import _

COMMANDS: tuple[str, ...] = (
    "play",
    "deal",
    "autoplay",
    "replay",
    "solve",
    "daily",
    "analyse",
    "verify",
    "export",
    "import",
    "history",
    "campaign",
    "doctor",
    "serve",
)
"""Modules in ``palm_island.commands``; each has ``register(subparsers)``."""


def build_parser(commands: Sequence[str] = COMMANDS) -> argparse.ArgumentParser:
    """The parser with ``commands`` registered (all of them by default)."""
    from .i18n import available_languages

    parser = argparse.ArgumentParser(
        prog="palm-island",
        description=_(
            "Palm Island, the solo card game, in your terminal. Run without a command to play."
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"palm-island {__version__}",
        help=_("show the version and exit"),
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        metavar=_("FOLDER"),
        help=_(
            "where campaigns are kept (default: $PALM_ISLAND_DATA_DIR, else the platform's "
            "user data directory)"
        ),
    )
    parser.add_argument(
        "--lang",
        choices=available_languages(),
        default=None,
        help=_(
            "the language of the game and its messages (default: $LANGUAGE, $LC_ALL, "
            "$LC_MESSAGES or $LANG, else English)"
        ),
    )
    subparsers = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    for name in commands:
        importlib.import_module(f"palm_island.commands.{name}").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the process exit code. Everything runs through
    :func:`~palm_island.exits.run_mapped`: any error is one line and a status."""
    from .exits import run_mapped

    return run_mapped(lambda: _run(argv))


def _run(argv: Sequence[str] | None) -> int:
    _never_fail_on_output()
    raw = list(sys.argv[1:] if argv is None else argv)
    from .commands import served_to_a_browser
    from .i18n import choose, speaking

    served = served_to_a_browser()
    requested = requested_language(raw)
    saved = None if served or requested is not None else saved_language(raw)
    with speaking(choose(requested, saved, served=served)):
        typo = unknown_command(raw)
        if typo is not None:
            print(f"palm-island: {typo}", file=sys.stderr)
            return 2
        arguments = _with_play_by_default(raw)
        args = build_parser(commands_needed(arguments)).parse_args(arguments)
        code: int = args.run(args)
        return code


def requested_language(raw: Sequence[str]) -> str | None:
    """The language ``--lang`` asks for, read before parsing: argparse's own words
    (its help, its errors) are in it too. Checked by the parser afterwards."""
    front = _split_global(raw)[0]
    for index, token in enumerate(front):
        if token == "--lang" and index + 1 < len(front):
            return front[index + 1]
        if token.startswith("--lang="):
            return token.partition("=")[2]
    return None


def saved_language(raw: Sequence[str]) -> str | None:
    """The language the player chose in the game, kept in the data directory's
    settings (``--data-dir`` or its default); None when there is none or the file
    cannot be read (the game says why when it opens). Never for a browser's tab: the
    folder's setting is the server owner's, not the player's."""
    front = _split_global(raw)[0]
    override: str | None = None
    for index, token in enumerate(front):
        if token == "--data-dir" and index + 1 < len(front):
            override = front[index + 1]
        elif token.startswith("--data-dir="):
            override = token.partition("=")[2]
    from .storage.paths import SETTINGS_NAME, data_dir

    try:
        folder = data_dir(override, create=False)
        if not (folder / SETTINGS_NAME).is_file():
            return None  # most runs: the settings' reader (16 ms of imports) not needed
        from .storage.settings import load_settings

        return load_settings(folder).settings.language
    except (OSError, ValueError):
        return None


def commands_needed(arguments: Sequence[str]) -> Sequence[str]:
    """The commands to register for ``arguments``: only the one being run, so the game
    opens without importing the others (about 14 ms); every command for help before
    a command, or when none is recognised (so a typo's error lists them all)."""
    for index, argument in enumerate(arguments):
        if argument in COMMANDS:
            helps = any(a in {"-h", "--help"} for a in arguments[:index])
            return COMMANDS if helps else (argument,)
    return COMMANDS


def unknown_command(raw: Sequence[str]) -> str | None:
    """Why ``raw`` names no command, when a word stands where the command goes
    (``palm-island dael``): the game takes options only, so a bare word first is a
    mistyped command. The closest commands are suggested."""
    import difflib

    if any(a in COMMANDS or a in {"-h", "--help", "--version"} for a in raw):
        return None
    rest = _split_global(raw)[1]
    if not rest or rest[0].startswith("-"):
        return None
    word = rest[0]
    from .text import printable

    close = [repr(c) for c in difflib.get_close_matches(word, COMMANDS, n=2, cutoff=0.5)]
    commands = ", ".join(COMMANDS)
    if len(close) == 2:
        return _(
            "there is no command {word}; did you mean {first} or {second}? "
            "(commands: {commands}; `palm-island --help` says more)"
        ).format(word=repr(printable(word)), first=close[0], second=close[1], commands=commands)
    if close:
        return _(
            "there is no command {word}; did you mean {first}? "
            "(commands: {commands}; `palm-island --help` says more)"
        ).format(word=repr(printable(word)), first=close[0], commands=commands)
    return _(
        "there is no command {word} (commands: {commands}; `palm-island --help` says more)"
    ).format(word=repr(printable(word)), commands=commands)


def _with_play_by_default(raw: list[str]) -> list[str]:
    """With no command, open the game: global options (``--data-dir``) go first,
    the rest (``--seed 7``) are the game's own."""
    if any(a in COMMANDS or a in {"-h", "--help", "--version"} for a in raw):
        return raw
    front, rest = _split_global(raw)
    return [*front, "play", *rest]


def _split_global(raw: Sequence[str]) -> tuple[list[str], list[str]]:
    """The global options (``--data-dir DIR``, ``--lang LANG``) and the rest."""
    front: list[str] = []
    rest: list[str] = []
    tokens = iter(raw)
    for token in tokens:
        if token in ("--data-dir", "--lang"):
            front += [token, next(tokens, "")]
        elif token.startswith(("--data-dir=", "--lang=")):
            front.append(token)
        else:
            rest.append(token)
    return front, rest


def _never_fail_on_output() -> None:
    """In an ASCII-only locale (``LC_ALL=C``) a campaign name like "Léa" cannot be
    printed as is; show it escaped rather than crash."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and (stream.encoding or "").lower() not in ("utf-8", "utf8"):
            reconfigure(errors="backslashreplace")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
