"""How hard a chosen access key is to guess: refuse one below :data:`MIN_BITS`.

A length rule alone lets ``password12345678`` through. This estimate prices a key as
the cheapest way to write it from parts a guesser tries first, and takes the
cheapest split (dynamic programming over the key's positions):

* a common word or password (:data:`COMMON_WORDS`, also spelt with digits for
  letters: ``p4ssw0rd``): a few bits for which word, one per changed letter;
* a run along the alphabet, the digits or a keyboard row, either way
  (``abcdef``, ``87654``, ``qwerty``): which start, which direction, how long;
* a copy of an earlier part, overlapping allowed (``aaaa``, ``abcabc``,
  ``passwordpassword``): where from and how long;
* a year from 1900 to 2099;
* otherwise one character at a time: the size of its class (26 lower case, 26
  upper case, 10 digits, 4 signs), and a bit or two where the class changes.

A random key scores about what it holds (``secrets.token_urlsafe(24)``: 32
characters, about 170 bits); anything made of the parts above scores little. It is
an estimate for refusing the obviously weak, not a measure of strength.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from ..i18n import _, ngettext

MIN_BITS: Final = 80.0
"""The floor: at 1,000 guesses a second (far beyond the server's rate limit) 2**80
takes longer than the universe's age."""
MIN_LENGTH: Final = 16
MAX_LENGTH: Final = 256
"""Longer is no safer, and bounds the estimate's work."""
KEY_CHARACTERS: Final = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~"
)
"""What a key may hold: the characters an address carries unchanged."""

WORD_LIST: Final = (
    "password passwd pass secret letmein welcome admin administrator root login "
    "master monkey dragon shadow sunshine princess football baseball soccer hockey "
    "superman batman trustno1 iloveyou love hello hallo freedom whatever qazwsx "
    "michael jessica charlie jordan hunter ranger buster tigger summer winter spring "
    "autumn flower cookie cheese coffee chocolate banana orange apple computer "
    "internet server access token palm island palmisland game games player play "
    "guest user default changeme test testing example sample private local localhost "
    "key keys open sesame opensesame abc xyz god angel devil star starwars pokemon "
    "minecraft killer pepper ginger silver golden diamond thunder mustang harley "
    "secure security system network wireless family friend friends forever "
    "beautiful lovely happy smile"
)
COMMON_WORDS: Final = tuple(WORD_LIST.split())
"""Words a guesser tries first (our own short list; the common-password lists are
headed by these and by keyboard runs, which the runs below cover)."""
RUNS: Final = (
    "abcdefghijklmnopqrstuvwxyz",
    "0123456789",
    "qwertyuiop",
    "asdfghjkl",
    "zxcvbnm",
    "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p",
)
"""Alphabet, digits and keyboard rows (and columns), read either way."""
LEET: Final = str.maketrans("0134578", "oleastb")
"""Digits written for letters in a word."""
SIGNS: Final = "-_.~"
MIN_PART: Final = 3
"""The shortest word, run or copy counted as one."""


@dataclass(frozen=True)
class Part:
    """One piece of the cheapest split: where it ends, its cost and what it is."""

    end: int
    bits: float
    kind: str


def class_of(char: str) -> tuple[str, int]:
    if char.islower():
        return "lower", 26
    if char.isupper():
        return "upper", 26
    if char.isdigit():
        return "digit", 10
    return "sign", len(SIGNS)


def word_parts(key: str, start: int) -> list[Part]:
    """Common words (any case, digits for letters) that start at ``start``."""
    found: list[Part] = []
    plain = key.lower()
    rank_bits = math.log2(len(COMMON_WORDS))
    for word in COMMON_WORDS:
        end = start + len(word)
        written = plain[start:end]
        if len(word) < MIN_PART or len(written) < len(word):
            continue
        if written.translate(LEET) == word or written == word:
            changed = sum(a != b for a, b in zip(written, word, strict=True))
            upper = sum(c.isupper() for c in key[start:end])
            bits = rank_bits + changed + (1 if upper else 0)
            found.append(Part(end, bits, _("the common word {word}").format(word=repr(word))))
    return found


def run_parts(key: str, start: int) -> list[Part]:
    """The longest run along an alphabet, the digits or a keyboard row from ``start``."""
    plain = key.lower()
    best = 0
    for run in RUNS:
        for step in (1, -1):
            length = 1
            while start + length < len(plain):
                here = run.find(plain[start + length - 1])
                if here < 0 or not 0 <= here + step < len(run):
                    break
                if run[here + step] != plain[start + length]:
                    break
                length += 1
            best = max(best, length)
    if best < MIN_PART:
        return []
    # Any length from MIN_PART to the longest, so the split may stop the run early.
    bits_to_start = math.log2(sum(len(run) for run in RUNS) * 2)
    return [
        Part(start + length, bits_to_start + math.log2(length), _("a run like abc, 123 or qwerty"))
        for length in range(MIN_PART, best + 1)
    ]


def copy_parts(key: str, start: int) -> list[Part]:
    """The longest copy of an earlier part (overlapping: ``aaaa`` copies ``a``)."""
    longest, distance = 0, 0
    for back in range(1, start + 1):
        length = 0
        while start + length < len(key) and key[start + length] == key[start + length - back]:
            length += 1
        if length > longest:
            longest, distance = length, back
            if start + longest == len(key):
                break
    if longest < MIN_PART:
        return []
    where = math.log2(distance) + 1
    return [
        Part(start + length, where + math.log2(length), _("a repeat"))
        for length in range(MIN_PART, longest + 1)
    ]


def year_parts(key: str, start: int) -> list[Part]:
    text = key[start : start + 4]
    if len(text) == 4 and text.isdigit() and 1900 <= int(text) <= 2099:
        return [Part(start + 4, math.log2(200), _("a year"))]
    return []


def estimate(key: str) -> tuple[float, list[str]]:
    """The key's estimated bits and the kinds of guessable parts its cheapest split
    uses (in order, each once)."""
    size = len(key)
    best: list[float] = [0.0] + [math.inf] * size
    came: list[tuple[int, str, str]] = [(0, "", "")] * (size + 1)
    """For each end: the split's previous end, that part's kind and its class (the
    class of a lone character, for the cost of a change of class)."""
    for start in range(size):
        if math.isinf(best[start]):
            continue
        kind, count = class_of(key[start])
        previous_class = came[start][2]
        change = 0.0 if previous_class in ("", kind) else 1.5
        single = Part(start + 1, math.log2(count) + change, "")
        parts = [single, *word_parts(key, start), *run_parts(key, start)]
        parts += [*copy_parts(key, start), *year_parts(key, start)]
        for part in parts:
            total = best[start] + part.bits
            if total < best[part.end]:
                best[part.end] = total
                came[part.end] = (start, part.kind, kind if not part.kind else "")
    kinds: list[str] = []
    end = size
    while end > 0:
        start, kind, _bits = came[end]
        if kind and kind not in kinds:
            kinds.insert(0, kind)
        end = start
    return best[size], kinds


def key_problem(key: str) -> str | None:
    """Why a chosen key cannot be used (one line for the player), or None."""
    if len(key) < MIN_LENGTH:
        return ngettext(
            "the key must be at least {count} character long",
            "the key must be at least {count} characters long",
            MIN_LENGTH,
        ).format(count=MIN_LENGTH)
    if len(key) > MAX_LENGTH:
        return ngettext(
            "the key must be at most {count} character long",
            "the key must be at most {count} characters long",
            MAX_LENGTH,
        ).format(count=MAX_LENGTH)
    if not all(char in KEY_CHARACTERS for char in key):
        return _("the key may hold only letters, digits and - _ . ~")
    bits, kinds = estimate(key)
    if bits >= MIN_BITS:
        return None
    needed = {"bits": f"{bits:.0f}", "least": f"{MIN_BITS:.0f}"}
    if kinds:
        return _(
            "the key is too easy to guess: about {bits} bits, at least {least} are needed (it "
            "is made of {parts}); use 22 or more random letters and digits, or leave the key "
            "out and serve makes one"
        ).format(parts=", ".join(kinds), **needed)
    return _(
        "the key is too easy to guess: about {bits} bits, at least {least} are needed; use "
        "22 or more random letters and digits, or leave the key out and serve makes one"
    ).format(**needed)
