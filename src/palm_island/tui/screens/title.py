"""Provides :class:`TitleScreen`: start a new game, choose deck colour and seed.

The menu is a column of buttons so later entries (Continue, Campaign, Replays,
Daily deal) slot in without changing the layout. When games are saved (a
campaign file is open) the menu also has Continue, Campaign, History and
Statistics; those entries live in :mod:`.title_store`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static

if TYPE_CHECKING:
    from ...session import DeckColour
    from ..app import PalmIslandApp

BANNER = "P A L M   I S L A N D"
TAGLINE = "A solo card game: 17 cards in hand, 8 rounds, one village."


class TitleScreen(Screen[None]):
    """The first screen. Keys: ``enter`` new game, ``c`` deck colour, ``?`` help, ``q`` quit."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "toggle_colour", "Deck colour"),
        Binding("n", "new_game", "New game"),
        Binding("o", "store_menu('continue')", "Continue", show=False),
        Binding("m", "store_menu('campaign')", "Campaign", show=False),
        Binding("y", "store_menu('history')", "History", show=False),
        Binding("z", "store_menu('stats')", "Statistics", show=False),
        Binding("d", "daily", "Daily deal"),
    ]

    DEFAULT_CSS = """
    TitleScreen { align: center middle; }
    TitleScreen #title-box { width: 64; height: auto; border: round $accent; padding: 0 2; }
    TitleScreen #banner { width: 100%; content-align: center middle; text-style: bold;
        color: $accent; padding: 1 0 0 0; }
    TitleScreen #tagline { width: 100%; content-align: center middle; color: $text-muted; }
    TitleScreen .row { height: auto; margin-top: 1; padding-left: 14; }
    TitleScreen .row Label { width: 14; }
    TitleScreen #colour { width: 12; }
    TitleScreen #seed { width: 12; }
    TitleScreen #menu { height: auto; width: 100%; margin: 1 0; align: center top; }
    TitleScreen #menu Button { width: 26; margin-top: 1; }
    TitleScreen Button:focus { text-style: bold reverse; }
    TitleScreen #menu.-store Button { margin-top: 0; }
    TitleScreen #menu-wait { width: 100%; height: 7; content-align: center middle;
        color: $text-muted; }
    TitleScreen #campaign-name { width: 30; }
    """

    def compose(self) -> ComposeResult:
        app = cast("PalmIslandApp", self.app)
        pending = app.store_pending  # never open the file here: the first frame waits
        store = None if pending else app.store
        with Vertical(id="title-box"):
            yield Static(BANNER, id="banner")
            yield Static(TAGLINE, id="tagline")
            with Horizontal(classes="row"):
                yield Label("Deck colour")
                yield Button(self._colour_label(), id="colour", compact=True)
            with Horizontal(classes="row"):
                yield Label("Seed (deal)")
                yield Input(
                    str(app.next_seed), type="integer", id="seed", max_length=9, compact=True
                )
            if store is not None or pending:
                with Horizontal(classes="row"):
                    yield Label("Campaign")
                    yield Label(app.campaign_name or "...", id="campaign-name")
            with Vertical(id="menu", classes="-store" if store is not None or pending else ""):
                if pending:
                    yield Static("Opening your campaign file...", id="menu-wait")
                elif store is not None:
                    from .title_store import store_buttons

                    yield from store_buttons(app)
                else:
                    yield Button("New game", id="new", variant="primary", compact=True)
                yield Button("Daily deal (d)", id="daily", compact=True)
                yield Button("How to play", id="help", compact=True)
                yield Button("Quit", id="quit", compact=True)
        yield Footer()

    def __init__(self) -> None:
        super().__init__()
        self.colour: DeckColour = "blue"

    def on_mount(self) -> None:
        self.colour = cast("PalmIslandApp", self.app).deck_colour
        self.query_one("#colour", Button).label = self._colour_label()
        for button in self.query("#continue, #new").results(Button):
            button.focus()
            break

    def refresh_menu(self) -> None:
        """Show the menu for the campaign file as it is now (Continue may come or go)."""
        self.refresh(recompose=True)
        self.call_after_refresh(self.on_mount)

    def action_store_menu(self, entry: str) -> None:
        from .title_store import open_entry

        open_entry(cast("PalmIslandApp", self.app), entry, self)

    def _colour_label(self) -> str:
        return f"{self.colour} (c)"

    def action_toggle_colour(self) -> None:
        """R1: both decks play the same; the colour is kept in the record."""
        self.colour = "red" if self.colour == "blue" else "blue"
        self.query_one("#colour", Button).label = self._colour_label()

    def action_new_game(self) -> None:
        app = cast("PalmIslandApp", self.app)
        text = self.query_one("#seed", Input).value.strip()
        seed = abs(int(text)) if text.lstrip("-").isdigit() else app.config.seed_source()
        app.next_seed = seed
        if app.store is not None:
            from .title_store import ask_new_game

            ask_new_game(app, seed, self.colour)
            return
        app.start_game(app.new_session(seed, self.colour))

    def action_daily(self) -> None:
        """Today's deal, the same for everyone; its par is searched as you play."""
        cast("PalmIslandApp", self.app).start_daily(self.colour)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_new_game()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        app = cast("PalmIslandApp", self.app)
        if event.button.id == "colour":
            self.action_toggle_colour()
        elif event.button.id == "new":
            self.action_new_game()
        elif event.button.id == "daily":
            self.action_daily()
        elif event.button.id == "help":
            app.action_help()
        elif event.button.id == "quit":
            app.action_request_quit()
        elif event.button.id in ("continue", "campaign", "history", "stats"):
            self.action_store_menu(str(event.button.id))
