"""Provides :class:`TitleScreen`: start or continue a game, choose deck colour and seed.

Textual's own parts: a ``Button`` per entry (each shows its key), an ``Input``
for the seed and the stock ``Footer``, whose keys come from ``BINDINGS`` and
:meth:`TitleScreen.check_action` (Continue only when there is a game to continue,
the campaign entries only when games are saved). What an entry does is the
controller's to decide; the saved-games entries' screens open through
:mod:`.title_store`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from ...arguments import MAX_SEED
from ..attached import while_attached
from ..intents import ColourChosen, ControlledScreen, RunEntry, SeedTyped, request
from ..plain import fit, plain
from ..widgets.buttons import GameButton
from ..widgets.footer import KeyBar, key_bars, refresh_keys

if TYPE_CHECKING:
    from ...session import DeckColour
    from ..intents import GameControl

BANNER = "P A L M   I S L A N D"
TAGLINE = "A solo card game: 17 cards in hand, 8 rounds, one village."
SEED_DIGITS = len(str(MAX_SEED))
"""The longest seed that can be typed: every seed it takes is one the commands take."""


class Entry(NamedTuple):
    """One title entry: its id (also the action's argument), label and key."""

    id: str
    label: str
    key: str
    saved_games_only: bool = False


ENTRIES = (
    Entry("continue", "Continue", "o"),
    Entry("new", "New game", "n"),
    Entry("saved", "Saved games", "s", True),
    Entry("daily", "Daily deal", "d"),
    Entry("campaign", "Campaign", "m", True),
    Entry("feats", "Feats", "f", True),
    Entry("history", "History", "y", True),
    Entry("stats", "Statistics", "z", True),
    Entry("tutorial", "Learn by playing (tutorial)", "t"),
    Entry("help", "How to play", "?"),
    Entry("quit", "Quit", "q"),
)
STANDOUT = "New to Palm Island? Learn by playing {dash} 5 minutes"
"""The tutorial's entry on a first start: at the top of the menu, standing out."""
STANDOUT_SHORT = "Learn by playing {dash} 5 minutes"
"""The same entry where the whole one does not fit on its line (a phone held upright):
an entry's label never wraps, so its key stays on its line."""
LABEL_WIDTH = 55
"""Cells of an entry's label, so the keys line up (fewer in the compact layout)."""
BOX_WIDTH = 64
"""The title box's width (title.tcss), less in a narrower terminal."""
BOX_EDGES = 6
"""The box's border and padding, in cells across."""
CAMPAIGN_CELLS = 24
"""Cells the campaign's name has on its one line (a longer one is cut with "…")."""


CAMPAIGN_ENTRIES = frozenset({"new", "daily", "campaign", "feats", "history", "stats"})
"""Title entries that use the current campaign: checked first (it may have vanished)."""


class TitleScreen(ControlledScreen[None]):
    """The first screen. Keys: ``n`` new game, ``o`` continue, ``c`` deck colour, digits
    type a seed, ``d`` daily deal, ``up``/``down``/``tab`` and ``enter`` the entries,
    ``?`` help, ``q`` quit; with saved games ``m`` campaign, ``f`` feats, ``y`` history,
    ``z`` statistics."""

    AUTO_FOCUS = None  # the first entry (Continue or New game), not the first widget

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "entry('continue')", "Continue"),
        Binding("n", "entry('new')", "New game"),
        Binding("d", "entry('daily')", "Daily deal"),
        Binding("c", "toggle_colour", "Deck colour"),
        Binding("s", "entry('saved')", "Saved games", show=False),
        Binding("m", "entry('campaign')", "Campaign", show=False),
        Binding("f", "entry('feats')", "Feats", show=False),
        Binding("y", "entry('history')", "History", show=False),
        Binding("z", "entry('stats')", "Statistics", show=False),
        Binding("t", "entry('tutorial')", "Tutorial", show=False),
        Binding("up", "app.focus_previous", "Previous", show=False),
        Binding("down", "app.focus_next", "Next", show=False),
    ]

    CSS_PATH = Path(__file__).with_name("title.tcss")

    def __init__(self, controller: GameControl) -> None:
        super().__init__(controller)
        self.colour: DeckColour = "blue"
        self._seed_typed = False
        """Whether a digit was typed since the seed was shown: the first one replaces it."""
        self._had_continue = False
        self._label_cells = LABEL_WIDTH

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(BANNER, id="banner")
            yield Static(TAGLINE, id="tagline")
            with Vertical(id="settings", classes="tap-column"):
                with Horizontal(classes="setting"):
                    yield Label("Deck colour")
                    yield GameButton("blue", id="colour", compact=True)
                    yield Label("c", classes="key")
                with Horizontal(classes="setting"):
                    yield Label("Seed (deal)")
                    yield Input(
                        id="seed",
                        placeholder="random",
                        restrict=r"[0-9]*",
                        max_length=SEED_DIGITS,
                        compact=True,
                        select_on_focus=False,
                    )
                    yield Label("0-9", classes="key")
            yield Static(id="campaign-row")
            with Vertical(id="entries", classes="tap-column"):
                yield Static("Opening your campaign file...", id="wait")
                yield GameButton("", id="tutorial-new", compact=True)
                for entry in ENTRIES:
                    yield GameButton(
                        self.entry_label(entry.label, entry.key), id=entry.id, compact=True
                    )
        yield from key_bars(KeyBar())

    @while_attached
    def on_mount(self) -> None:
        self.colour = self.controller.deck_colour
        self.show_seed()
        self.refresh_menu(focus=True)

    def entry_label(self, label: str, key: str) -> str:
        """An entry's label with its key at the right edge (keys line up); one too
        long for the line wraps, its key after it."""
        if len(label) >= self._label_cells:
            return f"{label} {key}"
        return f"{label:<{self._label_cells}}{key}"

    @while_attached
    def on_resize(self, event: events.Resize) -> None:
        """A narrower box: the keys move in, so they stay on the entries' line."""
        # two cells of a compact button's own, one space before the key
        cells = min(LABEL_WIDTH, min(BOX_WIDTH, event.size.width) - BOX_EDGES - 3)
        if cells != self._label_cells:
            self._label_cells = cells
            for entry in ENTRIES:
                self.query_one(f"#{entry.id}", Button).label = self.entry_label(
                    entry.label, entry.key
                )
            self.refresh_menu()  # the entries whose label says more
            # a Button's new label does not lay it out again: one that wrapped at the
            # old width would keep its second row
            self.query_one("#entries").refresh(layout=True, recompose=False)

    @while_attached
    def on_screen_resume(self) -> None:
        """Back from a game or a screen: the seed may have been rolled, Continue may apply."""
        self.show_seed()
        self.refresh_menu()

    @property
    def seed_input(self) -> Input:
        return self.query_one("#seed", Input)

    @property
    def seed_text(self) -> str:
        return self.seed_input.value

    def show_seed(self) -> None:
        """Show the seed the next new game deals (rolled anew after a finished game)."""
        text = str(self.controller.next_seed)
        if self.seed_input.value != text:
            self.seed_input.value = text
        self._seed_typed = False

    def shown_entries(self) -> list[str]:
        """The ids of the entries shown now, top first."""
        return [b.id or "" for b in self.query("#entries Button").results(Button) if b.display]

    @while_attached
    def refresh_menu(self, *, focus: bool = False) -> None:
        """Show the entries for the campaign file as it is now (Continue may come or go)."""
        control = self.controller
        pending = control.store_pending  # never open the file here: the first frame waits
        saved = not pending and control.store is not None
        self.query_one("#colour", Button).label = self.colour
        row = self.query_one("#campaign-row", Static)
        row.display = saved or pending
        name = fit(
            control.campaign_name or "...", CAMPAIGN_CELLS, control.glyphs.ellipsis, pad=False
        )
        row.update(plain(f"{'Campaign':<14}{name}"))
        self.query_one("#wait").display = pending
        can_continue = self.check_action("entry", ("continue",))
        for entry in ENTRIES:
            button = self.query_one(f"#{entry.id}", Button)
            if entry.id == "continue":
                button.display = bool(can_continue)
            elif entry.id == "saved" and saved:
                waiting = control.unfinished_count()
                note = f"({waiting} unfinished)" if waiting else ""
                button.label = self.entry_label(f"{entry.label} {note}", entry.key)
                button.display = True
            elif entry.id == "tutorial":
                self._show_tutorial_entries(button, first=not can_continue)
            elif entry.saved_games_only or entry.id == "new":
                button.display = saved if entry.saved_games_only else not pending
        refresh_keys(self)
        focused = self.focused
        appeared = bool(can_continue) and not self._had_continue  # e.g. the file opened
        self._had_continue = bool(can_continue)
        if focus or appeared or focused is None or not focused.display:
            self.query_one("#continue" if can_continue else "#new", Button).focus()

    def _show_tutorial_entries(self, button: Button, *, first: bool) -> None:
        """Never started (and no game to continue): the entry stands out at the top;
        else it is an entry like the others, saying where the player left it."""
        progress = self.controller.settings.tutorial
        new = self.query_one("#tutorial-new", Button)
        new.display = progress is None and first
        dash = self.controller.glyphs.dash
        label = STANDOUT.format(dash=dash)
        if len(label) >= self._label_cells:
            label = STANDOUT_SHORT.format(dash=dash)
        new.label = self.entry_label(label, "t")
        button.display = not new.display
        if progress is not None and progress.done and self.controller.tutorial_session:
            label = "Tutorial: back to your game"
        elif progress is not None and not progress.done and progress.step:
            label = f"Tutorial: resume at step {progress.step + 1}"
        else:
            label = ENTRIES[[e.id for e in ENTRIES].index("tutorial")].label
        button.label = self.entry_label(label, "t")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Continue only when there is a game to continue; campaign entries only when
        games are saved (their keys then show in the footer and work)."""
        if action != "entry":
            return True
        entry = str(parameters[0])
        control = self.controller
        if entry == "continue":  # (the storage layer stays unimported for a quick game)
            return control.can_continue()
        if any(e.id == entry and e.saved_games_only for e in ENTRIES):
            return not control.store_pending and control.store is not None
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        entry = event.button.id or ""
        if entry == "tutorial-new":
            entry = "tutorial"
        if entry == "colour":
            self.action_toggle_colour()
        else:
            self.action_entry(entry)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """``enter`` in the seed field deals that seed."""
        event.stop()
        self.action_entry("new")

    def on_input_changed(self, event: Input.Changed) -> None:
        request(self, SeedTyped(event.value))

    def on_key(self, event: events.Key) -> None:
        """Digits type the seed wherever the focus is (the first replaces it)."""
        if self.seed_input.has_focus:
            return
        if event.key == "backspace":
            event.stop()
            self._seed_typed = True
            self.seed_input.value = self.seed_input.value[:-1]
            return
        if event.character is None or not event.character.isdigit():
            return
        event.stop()
        text = self.seed_input.value if self._seed_typed else ""
        self._seed_typed = True
        self.seed_input.value = (text + event.character)[:SEED_DIGITS]

    def action_entry(self, entry: str) -> None:
        """Run an entry (its button, its key or the command palette): the app does."""
        if self.check_action("entry", (entry,)):
            request(self, RunEntry(entry, self.seed_text, self.colour))

    def action_toggle_colour(self) -> None:
        """Both decks play the same; the colour is kept in the record (R1)."""
        self.colour = "red" if self.colour == "blue" else "blue"
        request(self, ColourChosen(self.colour))
        self.query_one("#colour", Button).label = self.colour

    def action_new_game(self) -> None:
        """A new game with the seed shown (a random one if the seed was cleared)."""
        self.action_entry("new")
