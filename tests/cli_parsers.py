"""The parsers of the ``palm-island`` commands, for tests that enumerate every command's
options (argparse offers no public listing: its ``_actions`` is read, the standard
library's, stable since Python 3.2)."""

from __future__ import annotations

import argparse

from palm_island.cli import COMMANDS, build_parser


def command_parser(command: str) -> argparse.ArgumentParser:
    """The parser of one command (a sub-action's parser for ``campaign``'s actions)."""
    parser = build_parser((command,))
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found: argparse.ArgumentParser = action.choices[command]
            return found
    raise AssertionError(f"no command {command}")


def options(command: str) -> list[argparse.Action]:
    """Every option and positional argument of ``command``."""
    return list(command_parser(command)._actions)


def every_command() -> tuple[str, ...]:
    return COMMANDS
