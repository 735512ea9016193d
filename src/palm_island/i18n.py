"""Provides the game's words in the player's language: gettext at run time.

Every string a player reads is marked with :func:`_` (or :func:`ngettext` for a
count, :func:`pgettext` where one English word has two meanings) and looked up in the
catalog of the language :func:`activate` chose; English is the source language and
needs no catalog. A string that must exist before a language is chosen (a module
constant) is marked with :func:`N_` and translated where it is shown.

Placeholders are named (``_("game {game} written to {path}").format(...)``): a
translation may move them, and the checks (tests/i18n) compare them with the English.

Which language (:func:`choose`): ``--lang``, then the saved setting, then the
environment as gettext reads it (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``),
then English. A game served to a browser tab never reads the environment: it is the
server's, and says nothing about the player; the server passes the tab's language
as ``--lang`` instead (docs/i18n.md).

Records, notation and card codes are never translated, so a game saved in one
language continues, replays and verifies in another.

Standard library only: the command line imports it before parsing.
"""

from __future__ import annotations

import contextlib
import gettext
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Final

DOMAIN: Final = "palm_island"
"""The catalogs' name: ``locale/<language>/LC_MESSAGES/palm_island.mo``."""
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
SOURCE_LANGUAGE: Final = "en"
"""The language the strings are written in: it has no catalog."""
ENVIRONMENT: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables gettext reads, in its order: the first one set decides."""

_active: gettext.NullTranslations = gettext.NullTranslations()
_language: str = SOURCE_LANGUAGE


def _(message: str) -> str:
    """``message`` in the active language."""
    return _active.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` for ``count`` in the active language (whose
    catalog says how many forms it has: ``Plural-Forms``)."""
    return _active.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the active language, told apart from the same English in
    another ``context`` (a card's name and the same word in a sentence)."""
    return _active.pgettext(context, message)


def N_(message: str) -> str:
    """Marks ``message`` for translation where it is defined; :func:`_` translates it
    where it is shown (module constants exist before a language is chosen)."""
    return message


def pN_(context: str, message: str) -> str:
    """Marks ``message`` in ``context`` for translation where it is defined, like
    :func:`N_`; :func:`key_label` translates a key bar label in its context. The
    context is written out (``pN_("key bar", "Move")``): the extractor reads
    literals only."""
    return message


KEY_BAR = "key bar"
"""The context of a key bar label worded apart from the same English elsewhere."""


def key_label(description: str) -> str:
    """A key's label in the active language: its ``BINDINGS`` description, kept in
    English (the catalog's key) so that a language chosen in play reaches the key
    bar too; its key bar wording (:data:`KEY_BAR`) where the catalog has one."""
    label = pgettext(KEY_BAR, description)
    return label if label != description else _(description)


def active_language() -> str:
    """The language :func:`activate` chose last (``en`` before)."""
    return _language


def available_languages() -> tuple[str, ...]:
    """English and every language with a compiled catalog, sorted: what ``--lang``
    takes. A checkout also has the pseudo-language ``xx`` (docs/i18n.md)."""
    found = {SOURCE_LANGUAGE}
    with contextlib.suppress(OSError):
        for entry in LOCALE_DIR.iterdir():
            if (entry / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file():
                found.add(entry.name)
    return tuple(sorted(found))


def language_of_environment(environ: Mapping[str, str]) -> str | None:
    """The first available language the environment asks for, read as gettext reads
    it: the first variable of :data:`ENVIRONMENT` that is set decides; ``LANGUAGE``
    may list several (``es:en``); ``es_ES.UTF-8`` is ``es``; ``C`` and ``POSIX`` are
    English. None when it names no available language."""
    available = available_languages()
    for variable in ENVIRONMENT:
        value = environ.get(variable, "")
        if not value:
            continue
        for entry in value.split(":"):
            if entry in ("C", "POSIX") or entry.startswith(("C.", "POSIX.")):
                return None
            language = entry.split(".")[0].split("@")[0].split("_")[0].lower()
            if language in available:
                return language
        return None
    return None


def choose(
    requested: str | None,
    saved: str | None = None,
    environ: Mapping[str, str] | None = None,
    *,
    served: bool = False,
) -> str:
    """The language to play in: ``requested`` (``--lang``), then ``saved`` (the
    setting), then the environment (never for a ``served`` browser tab), then
    English. A language without a catalog is passed over."""
    available = available_languages()
    for candidate in (requested, saved):
        if candidate in available:
            return candidate
    if not served:
        found = language_of_environment(os.environ if environ is None else environ)
        if found is not None:
            return found
    return SOURCE_LANGUAGE


def translations(language: str) -> gettext.NullTranslations:
    """The catalog of ``language`` (English for one without a catalog), without making
    it active: a server writes each browser's page in that browser's language."""
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)


def activate(language: str) -> None:
    """Speak ``language`` from now on (English for one without a catalog). argparse's
    own words (``usage:``, ``options``, its errors) are looked up through gettext's
    process-wide functions, whose language only the environment sets: so the game's
    catalog, which holds argparse's words too, is made the default domain and
    ``LANGUAGE`` is set to match (:func:`speaking` puts both back)."""
    global _active, _language
    _active = translations(language)
    _language = language if isinstance(_active, gettext.GNUTranslations) else SOURCE_LANGUAGE
    gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = _language


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """:func:`activate` ``language`` for the block, then the language, the default
    domain and ``LANGUAGE`` as they were (a command run inside another process, as
    the tests do, leaves nothing behind)."""
    before = (_language, gettext.textdomain(), os.environ.get("LANGUAGE"))
    activate(language)
    try:
        yield
    finally:
        activate(before[0])
        gettext.textdomain(before[1])
        if before[2] is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = before[2]


def _in_context(context: str, message: str) -> str:
    """:func:`pgettext` for the data's strings, whose contexts are made from card
    codes (tools/catalogs.py extracts them from the data, not from here)."""
    return _active.pgettext(context, message)


def card_name(code: str, name: str) -> str:
    """A card's name (``Canoe House``, code ``CH``) in the active language. The card
    data stays English; its names are in the catalog, each under its code
    (tools/catalogs.py extracts them)."""
    return _in_context(f"card {code}", name)


def feat_name(code: str, name: str) -> str:
    """A feat's name (``Granary``, code ``FT1``) in the active language."""
    return _in_context(f"feat {code}", name)


def feat_goal(code: str, goal: str) -> str:
    """A feat's goal, the sentence that says how it is unlocked, in the active language."""
    return _in_context(f"feat goal {code}", goal)


def feat_progress(code: str, progress: str) -> str:
    """A feat's progress sentence (``{done} of {total} cards upgraded``, placeholders
    unfilled) in the active language."""
    return _in_context(f"feat progress {code}", progress)


def card_spec_name(code: str, name: str) -> str:
    """A card's name by its card code (``CH1``, ``FT3``, ``RT``): a feat by its own
    code, a building by its building's (``CH1`` is a Canoe House, ``CH``)."""
    if code.startswith("FT"):
        return feat_name(code, name)
    return card_name(code.rstrip("0123456789"), name)


def rank_title(title: str) -> str:
    """A village rank of the score chart (``Respectable``) in the active language."""
    return pgettext("village rank", title)


def difficulty_name(level: str) -> str:
    """A difficulty (``easy``, ``medium``, ``hard``, as records store it) in the
    active language; the record keeps the English word."""
    names = {
        "easy": pgettext("difficulty", "easy"),
        "medium": pgettext("difficulty", "medium"),
        "hard": pgettext("difficulty", "hard"),
    }
    return names.get(level, level)


def deck_colour_name(colour: str) -> str:
    """The deck's colour as records store it (``red``, ``blue``) in the active
    language; the record keeps the English word."""
    names = {"red": pgettext("deck", "red"), "blue": pgettext("deck", "blue")}
    return names.get(colour, colour)


def tutorial_title(title: str) -> str:
    """The tutorial's title (``Learn by playing``) in the active language; the lesson
    file stays English (tools/catalogs.py extracts its words)."""
    return _in_context("tutorial", title)


def lesson_title(title: str) -> str:
    """A tutorial step's title (``Your hand``) in the active language."""
    return _in_context("tutorial step", title)


def lesson_text(title: str, text: str) -> str:
    """A tutorial step's text in the active language, found by its step's English
    title (each step's text has its own context: ``tutorial step: Your hand``)."""
    return _in_context(f"tutorial step: {title}", text)
