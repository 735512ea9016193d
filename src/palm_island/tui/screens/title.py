"""Provides :class:`TitleScreen`: start a new game, choose deck colour and seed.

Everything below the banner is one :class:`~..widgets.menu.Menu`: the settings
(deck colour, seed) and the entries, each with its key. When games are saved
(a campaign file is open) the menu also has Continue, Campaign, History and
Statistics; those entries live in :mod:`.title_store`. The screen is built from
line widgets only, so the first frame does not wait for the stylesheets of
buttons, inputs and a footer (see docs/tui.md, "Start-up").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from ...text import printable
from ..widgets.keybar import KeyBar, KeyItem
from ..widgets.menu import Menu, MenuItem

if TYPE_CHECKING:
    from ...session import DeckColour
    from ..app import PalmIslandApp

BANNER = "P A L M   I S L A N D"
TAGLINE = "A solo card game: 17 cards in hand, 8 rounds, one village."
SEED_DIGITS = 9
"""The longest seed that can be typed."""


class TitleScreen(Screen[None]):
    """The first screen. Keys: ``n`` new game, ``c`` deck colour, digits type a seed,
    ``d`` daily deal, ``up``/``down`` and ``enter`` the menu, ``?`` help, ``q`` quit."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "toggle_colour", "Deck colour"),
        Binding("n", "new_game", "New game"),
        Binding("o", "store_menu('continue')", "Continue", show=False),
        Binding("s", "store_menu('saved')", "Saved games", show=False),
        Binding("m", "store_menu('campaign')", "Campaign", show=False),
        Binding("y", "store_menu('history')", "History", show=False),
        Binding("z", "store_menu('stats')", "Statistics", show=False),
        Binding("d", "daily", "Daily deal"),
        Binding("backspace", "seed_backspace", "Seed", show=False),
    ]

    DEFAULT_CSS = """
    TitleScreen { align: center middle; }
    TitleScreen #title-box { width: 64; height: auto; border: round $accent; padding: 0 2; }
    TitleScreen #banner { width: 100%; content-align: center middle; text-style: bold;
        color: $accent; padding: 1 0 0 0; }
    TitleScreen #tagline { width: 100%; content-align: center middle; color: $text-muted;
        margin-bottom: 1; }
    TitleScreen #menu { margin-bottom: 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.colour: DeckColour = "blue"
        self.seed_text = ""
        """The seed as typed; empty means a random deal."""
        self._seed_typed = False
        """Whether a digit was typed since the seed was shown: the first one replaces it."""

    def compose(self) -> ComposeResult:
        app = cast("PalmIslandApp", self.app)
        with Vertical(id="title-box"):
            yield Static(BANNER, id="banner")
            yield Static(TAGLINE, id="tagline")
            yield Menu(app.glyphs.selected, id="menu")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        app = cast("PalmIslandApp", self.app)
        self.colour = app.deck_colour
        self.seed_text = str(app.next_seed)
        self.refresh_menu()
        self.query_one(KeyBar).show(self._keys())
        self.query_one(Menu).focus()

    @property
    def menu(self) -> Menu:
        return self.query_one(Menu)

    def refresh_menu(self) -> None:
        """Show the menu for the campaign file as it is now (Continue may come or go)."""
        app = cast("PalmIslandApp", self.app)
        pending = app.store_pending  # never open the file here: the first frame waits
        store = None if pending else app.store
        items = [self._colour_item(), self._seed_item()]
        if store is not None or pending:
            name = app.campaign_name or "..."
            items.append(MenuItem("campaign-name", "Campaign", printable(name), choosable=False))
        items.append(MenuItem("gap", choosable=False))
        if pending:
            items.append(MenuItem("wait", "Opening your campaign file...", choosable=False))
        elif store is not None:
            from .title_store import store_entries

            items += store_entries(app)
        else:
            items.append(MenuItem("new", "New game", key="n"))
        items += [
            MenuItem("daily", "Daily deal", key="d"),
            MenuItem("help", "How to play", key="?"),
            MenuItem("quit", "Quit", key="q"),
        ]
        start = "continue" if any(item.id == "continue" for item in items) else "new"
        self.menu.show(items, cursor=start)

    def _colour_item(self) -> MenuItem:
        return MenuItem("colour", "Deck colour", self.colour, "c")

    def _seed_item(self) -> MenuItem:
        return MenuItem("seed", "Seed (deal)", self.seed_text or "random", "0-9")

    def _keys(self) -> tuple[KeyItem, ...]:
        g = cast("PalmIslandApp", self.app).glyphs
        arrows = f"{g.up}/{g.down}" if len(g.up) > 1 else g.up + g.down  # up/down or ↑↓
        return (
            KeyItem(arrows, "Menu", "screen.focus_menu", optional=True),
            KeyItem("n", "New game", "screen.new_game"),
            KeyItem("c", "Deck colour", "screen.toggle_colour"),
            KeyItem("0-9", "Seed", "screen.focus_seed", optional=True),
            KeyItem("d", "Daily deal", "screen.daily"),
            KeyItem("?", "Help", "app.help"),
            KeyItem("q", "Quit", "app.request_quit"),
            KeyItem("^p", "Themes", "app.command_palette", optional=True),
        )

    async def on_key_bar_pressed(self, message: KeyBar.Pressed) -> None:
        """A click on the key bar does what the key does."""
        await self.run_action(message.action)

    def action_focus_menu(self) -> None:
        self.menu.focus()

    def action_focus_seed(self) -> None:
        self.menu.move_to("seed")

    def on_menu_chosen(self, message: Menu.Chosen) -> None:
        app = cast("PalmIslandApp", self.app)
        entry = message.id
        if entry == "colour":
            self.action_toggle_colour()
        elif entry in ("new", "seed"):
            self.action_new_game()
        elif entry == "daily":
            self.action_daily()
        elif entry == "help":
            app.action_help()
        elif entry == "quit":
            app.action_request_quit()
        else:
            self.action_store_menu(entry)

    def on_key(self, event: events.Key) -> None:
        """Digits type the seed, wherever the cursor is (the first replaces it)."""
        if event.character is None or not event.character.isdigit():
            return
        event.stop()
        text = self.seed_text if self._seed_typed else ""
        self._seed_typed = True
        self.seed_text = (text + event.character)[:SEED_DIGITS]
        self.menu.update(self._seed_item())

    def action_seed_backspace(self) -> None:
        self._seed_typed = True
        self.seed_text = self.seed_text[:-1]
        self.menu.update(self._seed_item())

    def action_store_menu(self, entry: str) -> None:
        from .title_store import open_entry

        open_entry(cast("PalmIslandApp", self.app), entry, self)

    def action_toggle_colour(self) -> None:
        """R1: both decks play the same; the colour is kept in the record."""
        self.colour = "red" if self.colour == "blue" else "blue"
        self.menu.update(self._colour_item())

    def action_new_game(self) -> None:
        """A new game with the seed shown (a random one if the seed was cleared)."""
        app = cast("PalmIslandApp", self.app)
        seed = int(self.seed_text) if self.seed_text else app.config.seed_source()
        app.next_seed = seed
        if app.store is not None:
            from .title_store import ask_new_game

            ask_new_game(app, seed, self.colour)
            return
        app.start_game(app.new_session(seed, self.colour))

    def action_daily(self) -> None:
        """Today's deal, the same for everyone; its par is searched as you play."""
        cast("PalmIslandApp", self.app).start_daily(self.colour)
