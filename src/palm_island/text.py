"""Provides the one rule for text that comes from a player, a file or the database.

Such text is data: it is never parsed as markup and never reaches a terminal as
a control sequence. On input, names with control, format (bidi overrides such as
U+202E, zero-width marks), surrogate or line/paragraph-separator characters are
refused (:func:`unsafe_characters`); on output everything is passed through
:func:`printable`, which writes any such character as a visible escape
(``\\u202e``), so text stored by an older release or written into the file by
hand cannot retitle, clear or reorder the screen either.
"""

from __future__ import annotations

import unicodedata
from typing import Final

UNSAFE_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
"""Control, format (bidi, zero-width), surrogate, private-use, line and paragraph
separators. ``Cn`` (unassigned) is allowed: a newer Unicode may assign it."""
ALLOWED: Final = frozenset({"\u200d"})
"""The zero-width joiner stays allowed: emoji sequences (a family, a flag) need it."""


def is_unsafe(ch: str) -> bool:
    return ch not in ALLOWED and unicodedata.category(ch) in UNSAFE_CATEGORIES


def unsafe_characters(text: str) -> list[str]:
    """The characters of ``text`` that a name may not hold, as ``U+202E`` labels."""
    return [f"U+{ord(ch):04X}" for ch in dict.fromkeys(text) if is_unsafe(ch)]


def printable(text: str) -> str:
    """``text`` with every unsafe character written as an escape (``\\x1b``, ``\\u202e``).

    >>> printable("Ana\\x1b]0;pwned\\x07")
    'Ana\\\\x1b]0;pwned\\\\x07'
    >>> printable("[/] stays as it is")
    '[/] stays as it is'
    """
    if not any(is_unsafe(ch) for ch in text):
        return text
    out = []
    for ch in text:
        if not is_unsafe(ch):
            out.append(ch)
        elif ord(ch) < 0x100:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) < 0x10000:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    return "".join(out)
