"""The player's choice of language in the game (the command palette's "Language"
entries and the title screen's Language setting): kept in the settings for the next
start, and spoken from now on.

Each language is offered by its own name (``Español``), which is not translated:
a player who cannot read the current language still finds their own. The key bars
speak it at once (their labels are looked up as they are drawn); what else is
drawn already keeps its words until it is drawn again; ``--lang`` still comes
first at the next start (docs/i18n.md).

A game served to a browser tab keeps the choice in the browser, not in the
settings (the data folder's settings are the server owner's, and a tab never reads
them): it asks its page to keep it (web/static/client.js), for the tab's next
games."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, Protocol

from textual.app import App, SystemCommand

from ..i18n import _, activate, active_language, available_languages
from ..storage.settings_data import Settings
from .config import AppConfig
from .widgets.footer import refresh_keys


class SettingsKeeper(Protocol):
    """What keeps the settings (the app's controller)."""

    @property
    def settings(self) -> Settings: ...

    @property
    def config(self) -> AppConfig: ...

    def save_settings(self, settings: Settings) -> None: ...


OWN_NAMES = {"en": "English", "es": "Español", "xx": "Pseudo (xx)"}
"""Each language in its own words; a language missing here is shown by its code."""


def language_commands(
    app: App[Any], keeper: SettingsKeeper, *, ascii_only: bool = False
) -> Iterator[SystemCommand]:
    """One palette entry for each language the game has, but the one spoken now
    (``ascii_only``: the names without accents, ``Espanol``)."""
    for language in available_languages():
        if language != active_language():
            name = own_name(language, ascii_only=ascii_only)
            yield SystemCommand(
                _("Language: {name}").format(name=name),
                _("Play in {name} from now on; kept for the next start").format(name=name),
                lambda chosen=language: choose_language(app, keeper, chosen),
            )


def own_name(language: str, *, ascii_only: bool = False) -> str:
    """``language`` in its own words; in plain ASCII for an ``--ascii`` terminal."""
    name = OWN_NAMES.get(language, language)
    if ascii_only:
        name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return name


def choose_language(app: App[Any], keeper: SettingsKeeper, language: str) -> None:
    """Keep ``language`` (in the settings, or a served tab's browser) and speak it
    from now on."""
    if keeper.config.served_folder is None:
        keeper.save_settings(replace(keeper.settings, language=language))
    else:
        app.open_url(f"#lang={language}", new_tab=False)  # the page keeps it
    activate(language)
    for screen in app.screen_stack:
        refresh_keys(screen)  # the key bars' labels, in the new language
    name = OWN_NAMES.get(language, language)
    app.notify(_("The game speaks {name} now.").format(name=name))
