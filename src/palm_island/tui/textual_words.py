"""Textual's own words in the player's language: the command palette's prompts and
the system commands (Theme, Quit, Keys, ...). Textual has no translation API, so
the app supplies them through its public hooks (``App.get_system_commands``, the
``placeholder`` of ``CommandPalette``), and this module holds their English, marked
for the catalog, as Textual writes it.

A system command whose English is not here (a newer Textual's) stays English; a
test lists the commands Textual yields and fails on one missing here."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

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


def translated(commands: Iterable[SystemCommand]) -> Iterator[SystemCommand]:
    """Textual's system commands with their title and help in the active language."""
    for command in commands:
        yield SystemCommand(_(command.title), _(command.help), command.callback, command.discover)
