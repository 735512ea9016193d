"""Which language a browser tab plays in: the browser's, never the server's.

The server's environment (``LANGUAGE``, ``LANG``) says nothing about the player, so
a tab's game gets its language from the tab: the page sends the browser's languages
(``navigator.languages``) as the ``lang`` parameter of its websocket address, and
the page itself is written in the language of the request's ``Accept-Language``
(the same preferences, as the browser sends them). Both are read here, and only a
language the game ships (:func:`~palm_island.i18n.available_languages`) ever comes
out: anything else (an unknown tag, markup, an option-like ``--data-dir``, a list
too long) gives English, so nothing the browser says reaches the game's command.
"""

from __future__ import annotations

from typing import Final

from ..i18n import SOURCE_LANGUAGE, available_languages

MAX_LANGUAGE_TEXT: Final = 512
"""The longest ``lang`` or ``Accept-Language`` read (a browser's list of a few
languages is well under 100 characters); longer is ignored, not cut."""
MAX_LANGUAGES: Final = 16
"""The most entries of the list looked at."""


def primary_subtag(tag: str) -> str | None:
    """``es`` for ``es-AR`` or ``ES_es``; None for anything that is not a language
    tag's letters (at most 8 ASCII letters before the first ``-``)."""
    primary = tag.strip().replace("_", "-").split("-")[0].lower()
    if 1 <= len(primary) <= 8 and primary.isascii() and primary.isalpha():
        return primary
    return None


def first_available(tags: list[str]) -> str:
    """The first of ``tags`` (in order of preference) the game ships; English when
    none is."""
    available = available_languages()
    for tag in tags[:MAX_LANGUAGES]:
        language = primary_subtag(tag)
        if language is not None and language in available:
            return language
    return SOURCE_LANGUAGE


def tab_language(requested: str | None) -> str:
    """The language of a tab's game from its socket's ``lang`` (the browser's
    languages, comma-separated, most preferred first)."""
    if not requested or len(requested) > MAX_LANGUAGE_TEXT:
        return SOURCE_LANGUAGE
    return first_available(requested.split(","))


def page_language(accept_language: str | None) -> str:
    """The language of the page from the request's ``Accept-Language``
    (``es-AR,es;q=0.9,en;q=0.8``): its entries by weight, ties in their order;
    an entry with weight 0 is refused."""
    if not accept_language or len(accept_language) > MAX_LANGUAGE_TEXT:
        return SOURCE_LANGUAGE
    weighted: list[tuple[float, int, str]] = []
    for index, entry in enumerate(accept_language.split(",")[:MAX_LANGUAGES]):
        tag, _semicolon, parameters = entry.partition(";")
        weight = 1.0
        name, _equals, value = parameters.strip().partition("=")
        if name.strip() == "q":
            try:
                weight = float(value)
            except ValueError:
                continue
        if weight > 0:
            weighted.append((-weight, index, tag))
    return first_available([tag for _weight, _index, tag in sorted(weighted)])


def with_language(argv: list[str], language: str) -> list[str]:
    """The tab's game command with ``--lang LANGUAGE`` before its command (``play``),
    where the global options go; the command as it was for English."""
    if language == SOURCE_LANGUAGE or language not in available_languages():
        return list(argv)
    where = argv.index("play") if "play" in argv else len(argv)
    return [*argv[:where], "--lang", language, *argv[where:]]
