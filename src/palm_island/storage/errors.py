"""Provides the storage errors: :class:`LoadError` for anything read, :class:`SaveError`
for a write that did not happen.

Every loader (database file, stored rows, imported replays) turns every failure
into one ``LoadError(kind, where, message)``, so callers handle one type and the
player reads one short, specific line. The full detail (a pydantic dump, the
position) is kept in ``detail`` for logs only.
"""

from __future__ import annotations

from typing import Final, Literal

from ..errors import PalmIslandError  # not the engine package: the settings read needs this
from ..i18n import _, pgettext

LoadErrorKind = Literal[
    "too_large",
    "not_json",
    "wrong_kind",
    "newer_version",
    "invalid_field",
    "illegal_move",
    "hash_mismatch",
    "db_damaged",
    "unreadable",
]
MAX_MESSAGE: Final = 200
"""Messages are cut to this many characters; ``detail`` keeps the rest."""


def shorten(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` on one line, cut to ``limit`` characters with an ellipsis."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def game_place(game_id: object) -> str:
    """``game 12``: where an error happened, as a player reads it."""
    return _("game {number}").format(number=game_id)


def not_in_play(status: str) -> str:
    """``the game is finished, not in play``: a game's stored status (``finished``,
    ``abandoned``, ``imported``) in the player's language."""
    names = {
        "finished": pgettext("game status", "finished"),
        "abandoned": pgettext("game status", "abandoned"),
        "imported": pgettext("game status", "imported"),
    }
    return _("the game is {status}, not in play").format(status=names.get(status, status))


class LoadError(PalmIslandError, ValueError):
    """Something stored or imported cannot be loaded.

    Attributes:
        kind: one of :data:`LoadErrorKind`.
        where: what was being read: a file name, ``game 12``, ``campaign.db``.
        message: one short sentence for the player (at most 200 characters).
        detail: everything known, for a log or a bug report.
    """

    def __init__(self, kind: LoadErrorKind, where: str, message: str, detail: str = "") -> None:
        self.kind: LoadErrorKind = kind
        self.where = where
        self.message = shorten(message)
        self.detail = detail or message
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message

    def describe(self) -> str:
        """``where: message``, for a command line."""
        return f"{self.where}: {self.message}" if self.where else self.message


class SaveError(PalmIslandError, OSError):
    """A write to the campaign file or an export did not happen; nothing was half-written."""

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = shorten(message)
        super().__init__(f"{where}: {self.message}" if where else self.message)


class StaleGameError(SaveError):
    """A write to a game in play was based on a view of it that is out of date: another
    window played, undid or took the game over since. Nothing was written; reload the
    game (``Store.resume_game``) and go on from what is stored."""

    def __init__(self, game_id: int, message: str) -> None:
        self.game_id = game_id
        super().__init__(game_place(game_id), message)
