"""Textual's own words in the player's language: the command palette's prompts and
the system commands (Theme, Quit, Keys, ...). Textual has no translation API, so
the app supplies them through its public hooks (``App.get_system_commands``, the
``placeholder`` of ``CommandPalette``), and this module holds their English, marked
for the catalog, as Textual writes it.

A system command whose English is not here (a newer Textual's) stays English; a
test lists the commands Textual yields and fails on one missing here."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from textual.app import SystemCommand

from ..i18n import N_, _

COMMANDS_PROMPT = N_("Search for commands…")
THEMES_PROMPT = N_("Search for themes…")

SYSTEM_WORDS = frozenset(
    {
        N_("Theme"),
        N_("Change the current theme"),
        N_("Quit"),
        N_("Quit the application as soon as possible"),
        N_("Keys"),
        N_("Hide the keys and widget help panel"),
        N_("Show help for the focused widget and a summary of available keys"),
        N_("Minimize"),
        N_("Minimize the widget and restore to normal size"),
        N_("Maximize"),
        N_("Maximize the focused widget"),
        N_("Screenshot"),
        N_("Save an SVG 'screenshot' of the current screen"),
    }
)
"""The titles and help of Textual's system commands (``App.get_system_commands``)."""

PALETTE_KEY = N_("palette")
"""Textual's label for the command palette's key on the key bar."""
PALETTE_KEY_TIP = N_("Open the command palette")
"""Textual's tooltip for that key."""
KEYS_HELP = N_("Show the help: every key of the game")
"""The help of the palette's Keys, which opens the game's own help (below)."""


def translated(
    commands: Iterable[SystemCommand], *, show_keys: Callable[[], object]
) -> Iterator[SystemCommand]:
    """Textual's system commands with their title and help in the active language.

    Textual's Keys shows its keys panel, which lists each key's ``BINDINGS``
    description as written: kept in English as the catalog's key (so a language
    chosen in play reaches the key bar), it would show English. Keys opens the
    game's help instead (``show_keys``), whose key tables speak the player's
    language; the panel's other command (Hide) never comes up then."""
    for command in commands:
        if command.title == "Keys":
            yield SystemCommand(_("Keys"), _(KEYS_HELP), show_keys, command.discover)
        else:
            yield SystemCommand(
                _(command.title), _(command.help), command.callback, command.discover
            )
