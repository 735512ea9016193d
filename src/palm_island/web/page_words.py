"""The browser page's own words (``templates/app_index.html``), in the page's
language (:func:`~.languages.page_language`): its title stays the game's name, and
its notes (starting, closed, refused, no key) are translated per request through
the game's catalog, never the server's active language.

Each note is one sentence in the catalog; the command it names
(``palm-island serve``) and the key's marker (``#token=``) are placeholders, put in
as ``<code>`` after the sentence is escaped."""

from __future__ import annotations

from markupsafe import Markup, escape

from ..i18n import N_, translations

COMMAND = Markup("<code>palm-island serve</code>")
KEY_MARKER = Markup("<code>#token=</code>")

WORDS = {
    "starting": N_("Starting {game}…"),
    "closed": N_("This game window has closed."),
    "play_again": N_("Play again"),
    "refused": N_(
        "The game did not open: the server has stopped, or it started again with a new key."
    ),
    "open_printed": N_("Open the whole address {command} printed."),
    "needs_key": N_("This page needs the key that {command} printed."),
    "ends_with_key": N_("Open the whole address it printed: it ends with {marker} and the key."),
}
"""The page's notes, by the name the template uses."""


def page_words(language: str, game: str) -> dict[str, Markup]:
    """Each note of the page in ``language``, escaped, with its placeholders filled."""
    translate = translations(language).gettext
    return {
        name: escape(translate(text)).format(game=game, command=COMMAND, marker=KEY_MARKER)
        for name, text in WORDS.items()
    }
