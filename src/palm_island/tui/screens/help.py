"""Provides :class:`HelpScreen`: the rules in our own words and every key."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll

from ...i18n import N_, _
from ..feat_words import DIFFICULTIES_ALLOW
from ..glyphs import ASCII, RESOURCE_NAMES, Glyphs
from ..intents import ControlledModal
from ..render import resource_name
from ..widgets.entries import Entries
from ..widgets.footer import key_bars
from .help_keys import game_table, sections_text

# Translators: the help, written anew in each language (docs/glossary.es.md); keep
# the [b]…[/b] markup and every {placeholder}
HELP = N_("""\
[b]Palm Island in a nutshell[/b]
You hold a deck of 17 cards: 16 buildings and the round tracker at the back. \
Only the top half of the side facing you counts: its stars, upgrade icons, \
what it holds when stored, and its actions. You see only the top three cards; \
card 3 is for planning only. Before the first turn you may study the whole deck.

[b]A turn[/b] — do one of these:
 • use an action of card 1 or card 2, paying its cost;
 • discard card 1: it goes to the back unchanged (always allowed).
[b]store[/b] turns the card sideways and puts it at the back: it now holds its \
resources. [b]rotate[/b] turns it 180° and [b]flip[/b] turns it over, then it goes \
to the back. Using card 2 leaves card 1 on top.

[b]Paying[/b] — un-store stored cards whose resources cover the cost. A stored \
card gives everything at once; extra resources are lost. "/" means "any one of". \
At most 4 cards stay stored; storing a fifth first releases one (you choose).

[b]Automatic steps[/b] (not turns) — a stored card that reaches the top is \
returned and its resources are lost; when the round tracker reaches the top the \
round ends. After round 8 the game is scored: the stars on every card's active half.

[b]Feats and difficulty[/b] — in a campaign, each feat has a goal (see Feats on the \
title), checked when a game ends; a goal met earns the feat. An earned feat's card \
may then join later games: tick it in the New game dialog, and it goes into the deck \
just before the round tracker, as a card like the others. {difficulties} The log's \
first line names the feat cards in the deck; a goal that counts every card shows how \
far the game has come at the foot of the log (for example "FT6 goal: 5 of 16 cards \
upgraded"). A new deal from the end screen keeps the game's difficulty and feats.

[b]Symbols[/b] — {resources}; {star} stars, {upgrade} upgrade icons. \
Every resource has a letter as well as a colour.

[b]Keys[/b]
{game_keys}
The mouse does the same: click a card to select it, an action to play it, \
a key in the footer to press it.

[b]Keys on the other screens[/b] (each screen's footer lists them too)
{screen_keys}
""")

ASCII_TEXT: dict[str, str] = {"—": "-", "•": "*", "°": N_(" degrees"), "→": "->"}
"""What ``--ascii`` terminals see instead of the help's few non-ASCII characters."""


def help_text(g: Glyphs) -> str:
    """The help with the glyphs this terminal uses (Unicode or ``--ascii``)."""
    names = ", ".join(f"{g.resource(n)} {resource_name(n)}" for n in RESOURCE_NAMES)
    text = _(HELP).format(
        resources=names,
        difficulties=_(DIFFICULTIES_ALLOW),
        star=g.star,
        upgrade=g.upgrade,
        game_keys=game_table(),
        screen_keys=sections_text(),
    )
    if g == ASCII:
        for unicode, plain in ASCII_TEXT.items():
            text = text.replace(unicode, _(plain) if plain.strip().isalpha() else plain)
    return text


class HelpScreen(ControlledModal[None]):
    """Keys: ``escape``, ``?`` or ``q`` close the help."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", N_("Close"), key_display="esc"),
    ]

    CSS_PATH = Path(__file__).with_name("help.tcss")

    def compose(self) -> ComposeResult:
        g = self.controller.glyphs
        with VerticalScroll() as scroll:
            # Translators: esc is a key: it stays as it is
            scroll.border_title = _("Help {dash} esc or click closes").format(dash=g.dash)
            yield Entries(help_text(g), id="help-text")
        yield from key_bars()

    def on_click(self) -> None:
        """Mouse parity: a click anywhere closes the help, as escape does."""
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
