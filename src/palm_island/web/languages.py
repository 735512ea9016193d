"""Which language a browser tab plays in: the browser's, never the server's.

The server's environment (``LANGUAGE``, ``LANG``) says nothing about the player, so
a tab's game gets its language from the tab: the page sends the browser's languages
(``navigator.languages``) as the ``lang`` parameter of its websocket address, and
the page itself is written in the language of the request's ``Accept-Language``
(the same preferences, as the browser sends them). Both are read here, and only a
language the game ships (:func:`~palm_island.i18n.available_languages`) ever comes
out: anything else (an unknown tag, markup, an option-like ``--data-dir``, a list
too long) gives English, so nothing the browser says reaches the game's command.

A player may choose otherwise, and the choice comes first: ``?lang=es`` in the
page's address, or the game's own "Language" entry, which asks the page to keep it
(:data:`CHOICE_COOKIE`, a cookie the page writes for its own path, read again here
with the page's and the socket's requests).
"""

from __future__ import annotations

from typing import Final

from ..i18n import SOURCE_LANGUAGE, available_languages

MAX_LANGUAGE_TEXT: Final = 512
"""The longest ``lang`` or ``Accept-Language`` read (a browser's list of a few
languages is well under 100 characters); longer is ignored, not cut."""
MAX_LANGUAGES: Final = 16
"""The most entries of the list looked at."""
CHOICE_COOKIE: Final = "palm-island-language"
"""The cookie in which the page keeps the player's choice of language (client.js
writes it; its value is only ever a language the game ships, else ignored)."""


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


def chosen_language(*choices: str | None) -> str | None:
    """The first of ``choices`` (the address's ``lang``, the kept cookie) that names
    one language the game ships, English included; None when none does."""
    available = {SOURCE_LANGUAGE, *available_languages()}
    for choice in choices:
        if choice and len(choice) <= MAX_LANGUAGE_TEXT:
            language = primary_subtag(choice)
            if language in available and "," not in choice:
                return language
    return None


def tab_language(requested: str | None, chosen: str | None = None) -> str:
    """The language of a tab's game: the player's choice (``chosen``, the kept
    cookie) if it is one, else the first of its socket's ``lang`` (the browser's
    languages, comma-separated, most preferred first) the game ships."""
    choice = chosen_language(chosen)
    if choice is not None:
        return choice
    if not requested or len(requested) > MAX_LANGUAGE_TEXT:
        return SOURCE_LANGUAGE
    return first_available(requested.split(","))


def page_language(accept_language: str | None, *chosen: str | None) -> str:
    """The language of the page: the player's choice (``chosen``: the address's
    ``lang``, the kept cookie) if one is a language the game ships, else the
    request's ``Accept-Language`` (``es-AR,es;q=0.9,en;q=0.8``): its entries by
    weight, ties in their order; an entry with weight 0 is refused."""
    choice = chosen_language(*chosen)
    if choice is not None:
        return choice
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
