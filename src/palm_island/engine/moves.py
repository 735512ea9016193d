"""Provides :class:`Move`, a player's turn, and its text notation.

A move names the card it acts on by position (1 = top card, 2 = the card below),
the action, and the payment: which stored cards are un-stored to pay (R15) and,
when storing while four cards are stored, which one is released first (R20).
Stored cards are named by their codes (``CH2``, ``MK`` …), so a move reads the
same whatever else is in the deck.

Notation (``str(move)`` and :meth:`Move.parse` are exact inverses)::

    D                       discard card 1 (R7b)
    S1                      store card 1, free
    R2 pay CH2+LG1          rotate card 2, un-storing CH2 and LG1 to pay
    S1 release QU3          store card 1 after un-storing QU3 (R20)
    F1 pay MK release TH    both
"""

from __future__ import annotations

import re
from typing import Final, Literal, NamedTuple

from .errors import InvalidMoveError

MoveKind = Literal["discard", "store", "rotate", "flip"]

_LETTER: Final[dict[str, str]] = {"store": "S", "rotate": "R", "flip": "F"}
_KIND: Final[dict[str, MoveKind]] = {"S": "store", "R": "rotate", "F": "flip"}
_CODE = r"[A-Z]{2}[0-9]?"
_PATTERN: Final = re.compile(
    rf"(?:(?P<discard>D)|(?P<kind>[SRF])(?P<card>[12])"
    rf"(?: pay (?P<pay>{_CODE}(?:\+{_CODE})*))?"
    rf"(?: release (?P<release>{_CODE}))?)"
)


class Move(NamedTuple):
    """One turn (R7). Build moves with :meth:`parse` or pick them from ``legal_moves``."""

    kind: MoveKind
    card: int = 1
    """1 for the top card, 2 for the card below it (R12). Discard is always card 1."""
    pay: tuple[str, ...] = ()
    """Codes of the stored cards un-stored to pay (R15), sorted alphabetically."""
    release: str | None = None
    """Code of the stored card un-stored first to make room (R20), for store only."""

    def __str__(self) -> str:
        if self.kind == "discard":
            return "D"
        text = f"{_LETTER[self.kind]}{self.card}"
        if self.pay:
            text += " pay " + "+".join(self.pay)
        if self.release:
            text += f" release {self.release}"
        return text

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move in notation; surrounding blanks and letter case are ignored.

        Raises:
            InvalidMoveError: the text is not a move in our notation. Whether the
                move is legal is a separate question (``IllegalMoveError``).

        >>> Move.parse("r2 pay ch2+lg1")
        Move(kind='rotate', card=2, pay=('CH2', 'LG1'), release=None)

        Texts read are remembered (moves are immutable): a replay reads the same few
        texts thousands of times.
        """
        found = _READ.get(text)
        if found is None:
            found = cls._read(text)
            if len(_READ) < _READ_LIMIT:
                _READ[text] = found
        return found

    @classmethod
    def _read(cls, text: str) -> Move:
        if not text.isascii():
            # str.upper() folds look-alikes ("ſ" → "S", "ﬀ" → "FF"): only ASCII is notation.
            raise InvalidMoveError(
                f"cannot read {text.strip()!r} as a move: notation is plain ASCII "
                "letters and digits"
            )
        normal = " ".join(text.split()).upper().replace("PAY", "pay").replace("RELEASE", "release")
        match = _PATTERN.fullmatch(normal)
        if match is None:
            raise InvalidMoveError(
                f"cannot read {text.strip()!r} as a move: expected D, or S/R/F with card 1 or 2, "
                "then optionally 'pay CODE+CODE' and 'release CODE' (e.g. 'R2 pay CH2+LG1')"
            )
        if match["discard"]:
            return cls("discard")
        pay = tuple(sorted(match["pay"].split("+"))) if match["pay"] else ()
        if len(set(pay)) != len(pay):
            raise InvalidMoveError(f"cannot read {text.strip()!r}: a card is named twice in 'pay'")
        return cls(_KIND[match["kind"]], int(match["card"]), pay, match["release"])


DISCARD: Final = Move("discard")

_READ: dict[str, Move] = {}
"""Moves read so far, per text (see :meth:`Move.parse`); refusals are not kept."""
_READ_LIMIT: Final = 10_000
"""Texts kept at most: the few hundred a game uses, not every text a file may hold."""
