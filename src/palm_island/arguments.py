"""Provides argparse types that bound their numbers: a value out of range is argparse's
own one-line usage error (exit 2), never a traceback or an endless search later.

Standard library only: every command's parser uses these, and building the parser
must stay light (commands/__init__.py).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from pathlib import Path
from typing import Final

from .i18n import N_, _

MAX_SEED: Final = 999_999_999
"""The largest seed any command (and the title's seed field) takes: nine digits, as
many as the title shows. One range for ``play``, ``deal``, ``autoplay`` and ``solve``;
the daily deals' seeds (YYYYMMDD) are in it. A record may hold a larger one (a signed
64-bit integer, records/model.py), so older records still load."""
MAX_GAME_ID: Final = 2**63 - 1
"""SQLite's largest integer key."""
MAX_SECONDS: Final = 3600.0
"""The most search time a command accepts per deal: an hour."""
MAX_WIDTH: Final = 2_000_000
"""The widest beam accepted (about the width an hour buys; memory grows with it)."""


def whole(low: int, high: int, what: str = N_("a whole number")) -> Callable[[str], int]:
    """An int from ``low`` to ``high`` (inclusive); anything else is a usage error.
    ``what`` is marked with ``N_`` and translated when the error is said."""

    def parse(text: str) -> int:
        try:
            value = int(text.strip(), 10)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("{what} is expected, not {text}").format(what=_(what), text=repr(text))
            ) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                _("must be from {low} to {high}, not {text}").format(
                    low=low, high=high, text=text.strip()
                )
            )
        return value

    parse.__name__ = what  # argparse names the type in its message
    return parse


def seconds(text: str) -> float:
    """A time budget: a finite number of seconds, more than 0, at most an hour."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("a number of seconds is expected, not {text}").format(text=repr(text))
        ) from None
    if not math.isfinite(value) or not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            _("must be more than 0 and at most {most} seconds, not {text}").format(
                most=f"{MAX_SECONDS:g}", text=text.strip()
            )
        )
    return value


seed = whole(0, MAX_SEED, N_("a seed (a whole number from 0)"))
width = whole(1, MAX_WIDTH, N_("a beam width"))
game_id = whole(1, MAX_GAME_ID, N_("a game number"))


def record_file(text: str) -> Path:
    """A record file's path, as given; an empty one is a usage error (``Path("")``
    would be the current folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("a file name is expected, not an empty one"))
    return Path(text)


record_file.__name__ = N_("a file")


GameOrFile = int | Path
"""A stored game's number or a record file (``analyse 12``, ``analyse game.json``)."""


def game_or_file(text: str) -> GameOrFile:
    """Digits are a stored game's number (from 1, in range: :data:`game_id`'s check),
    anything else a record file; a file whose name is all digits is given as
    ``./12``. The one parser for every command that takes either."""
    if text.strip().isdigit() and text.strip().isascii():
        return game_id(text)
    return record_file(text)


game_or_file.__name__ = N_("a game number or a file")
