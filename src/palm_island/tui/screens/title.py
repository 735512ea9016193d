"""Provides :class:`TitleScreen`: start or continue a game, choose deck colour, seed
and language.

Textual's own parts: a ``Button`` per entry (each shows its key), an ``Input``
for the seed and the stock ``Footer``, whose keys come from ``BINDINGS`` and
:meth:`TitleScreen.check_action` (Continue only when there is a game to continue,
the campaign entries only when games are saved). What an entry does is the
controller's to decide; the saved-games entries' screens open through
:mod:`.title_store`. Choosing a language (``l``) keeps it in the settings as the
command palette's entries do (:mod:`..language_choice`) and composes the screen
again in it, its key bar too (docs/i18n.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Static

from ...arguments import MAX_SEED
from ...i18n import (
    N_,
    _,
    active_language,
    available_languages,
    deck_colour_name,
    ngettext,
    pN_,
)
from ..attached import while_attached
from ..intents import ColourChosen, ControlledScreen, RunEntry, SeedTyped, request
from ..language_choice import choose_language, own_name
from ..plain import fit, plain
from ..widgets.buttons import GameButton
from ..widgets.footer import KeyBar, key_bars, refresh_keys

if TYPE_CHECKING:
    from ...session import DeckColour
    from ..intents import GameControl

BANNER = "P A L M   I S L A N D"
TAGLINE = N_("A solo card game: 17 cards in hand, 8 rounds, one village.")
SEED_DIGITS = len(str(MAX_SEED))
"""The longest seed that can be typed: every seed it takes is one the commands take."""


class Entry(NamedTuple):
    """One title entry: its id (also the action's argument), label (English, marked:
    :func:`_` where shown) and key."""

    id: str
    label: str
    key: str
    saved_games_only: bool = False


ENTRIES = (
    Entry("continue", N_("Continue"), "o"),
    Entry("new", N_("New game"), "n"),
    Entry("saved", N_("Saved games"), "s", True),
    Entry("daily", N_("Daily deal"), "d"),
    Entry("campaign", N_("Campaign"), "m", True),
    Entry("feats", N_("Feats"), "f", True),
    Entry("history", N_("History"), "y", True),
    Entry("stats", N_("Statistics"), "z", True),
    Entry("tutorial", N_("Learn by playing (tutorial)"), "t"),
    Entry("help", N_("How to play"), "?"),
    Entry("quit", N_("Quit"), "q"),
)
STANDOUT = N_("New to Palm Island? Learn by playing {dash} 5 minutes")
"""The tutorial's entry on a first start: at the top of the menu, standing out."""
STANDOUT_SHORT = N_("Learn by playing {dash} 5 minutes")
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
SETTING_CELLS = 14
"""The least cells of a setting's label column (wider when a translation needs it)."""
SETTING_LABELS = (N_("Deck colour"), N_("Seed (deal)"), N_("Language"), N_("Campaign"))
"""The settings' labels and the campaign row's, in one column as wide as the widest."""


CAMPAIGN_ENTRIES = frozenset({"new", "daily", "campaign", "feats", "history", "stats"})
"""Title entries that use the current campaign: checked first (it may have vanished)."""


class TitleScreen(ControlledScreen[None]):
    """The first screen. Keys: ``n`` new game, ``o`` continue, ``c`` deck colour, ``l``
    language, digits type a seed, ``d`` daily deal, ``up``/``down``/``tab`` and ``enter``
    the entries, ``?`` help, ``q`` quit; with saved games ``m`` campaign, ``f`` feats,
    ``y`` history, ``z`` statistics."""

    AUTO_FOCUS = None  # the first entry (Continue or New game), not the first widget

    BINDINGS: ClassVar[list[BindingType]] = [
        # the key bar's four: short words, so Help and Quit fit at 80 columns
        Binding("o", "entry('continue')", pN_("key bar", "Continue")),
        Binding("n", "entry('new')", pN_("key bar", "New game")),
        Binding("d", "entry('daily')", pN_("key bar", "Daily deal")),
        Binding("c", "toggle_colour", pN_("key bar", "Deck colour")),
        Binding("l", "next_language", N_("Language"), show=False),
        Binding("s", "entry('saved')", N_("Saved games"), show=False),
        Binding("m", "entry('campaign')", N_("Campaign"), show=False),
        Binding("f", "entry('feats')", N_("Feats"), show=False),
        Binding("y", "entry('history')", N_("History"), show=False),
        Binding("z", "entry('stats')", N_("Statistics"), show=False),
        Binding("t", "entry('tutorial')", N_("Tutorial"), show=False),
        Binding("up", "app.focus_previous", N_("Previous"), show=False),
        Binding("down", "app.focus_next", N_("Next"), show=False),
    ]

    CSS_PATH = Path(__file__).with_name("title.tcss")

    def __init__(self, controller: GameControl) -> None:
        super().__init__(controller)
        self.colour: DeckColour = "blue"
        self._seed_typed = False
        """Whether a digit was typed since the seed was shown: the first one replaces it."""
        self._had_continue = False
        self._label_cells = LABEL_WIDTH
        self._setting_cells = SETTING_CELLS

    def compose(self) -> ComposeResult:
        """The box in the language spoken now (composed again when the player chooses
        another: :meth:`action_next_language`)."""
        with Vertical(id="title-box"):
            yield Static(BANNER, id="banner")
            yield Static(_(TAGLINE), id="tagline")
            with Vertical(id="settings", classes="tap-column"):
                with Horizontal(classes="setting"):
                    yield Label(_("Deck colour"))
                    yield GameButton(deck_colour_name(self.colour), id="colour", compact=True)
                    yield Label("c", classes="key")
                with Horizontal(classes="setting"):
                    yield Label(_("Seed (deal)"))
                    yield Input(
                        id="seed",
                        placeholder=_("random"),
                        restrict=r"[0-9]*",
                        max_length=SEED_DIGITS,
                        compact=True,
                        select_on_focus=False,
                    )
                    yield Label("0-9", classes="key")
                with Horizontal(classes="setting"):
                    yield Label(_("Language"))
                    yield GameButton(self.language_name(), id="language", compact=True)
                    yield Label("l", classes="key")
            yield Static(id="campaign-row")
            with Vertical(id="entries", classes="tap-column"):
                yield Static(_("Opening your campaign file..."), id="wait")
                yield GameButton("", id="tutorial-new", compact=True)
                for entry in ENTRIES:
                    yield GameButton(
                        self.entry_label(_(entry.label), entry.key), id=entry.id, compact=True
                    )
        # its entries' keys are on the menu too: they give way on a narrow bar
        yield from key_bars(KeyBar(on_screen=frozenset({"entry", "toggle_colour"})))

    @while_attached
    def on_mount(self) -> None:
        self.colour = self.controller.deck_colour
        self.show_composed(focus=True)

    def show_composed(self, *, focus: bool) -> None:
        """Fill what was just composed: the labels' column, the seed, the menu."""
        cells = max(SETTING_CELLS, *(cell_len(_(label)) + 1 for label in SETTING_LABELS))
        for label in self.query(".setting Label").exclude(".key"):
            label.styles.width = cells
        self._setting_cells = cells
        self.query_one("#colour", Button).label = deck_colour_name(self.colour)
        self.show_seed()
        self.refresh_menu(focus=focus)

    def language_name(self) -> str:
        """The language spoken now, in its own words (plain ASCII with ``--ascii``)."""
        return own_name(active_language(), ascii_only=self.controller.config.ascii_only)

    def entry_label(self, label: str, key: str) -> str:
        """An entry's label with its key at the right edge (keys line up); one too
        long for the line wraps, its key after it."""
        cells = cell_len(label)
        if cells >= self._label_cells:
            return f"{label} {key}"
        return f"{label}{' ' * (self._label_cells - cells)}{key}"

    @while_attached
    def on_resize(self, event: events.Resize) -> None:
        """A narrower box: the keys move in, so they stay on the entries' line."""
        # two cells of a compact button's own, one space before the key
        cells = min(LABEL_WIDTH, min(BOX_WIDTH, event.size.width) - BOX_EDGES - 3)
        if cells != self._label_cells:
            self._label_cells = cells
            for entry in ENTRIES:
                self.query_one(f"#{entry.id}", Button).label = self.entry_label(
                    _(entry.label), entry.key
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
        row = self.query_one("#campaign-row", Static)
        row.display = saved or pending
        name = fit(
            control.campaign_name or "...", CAMPAIGN_CELLS, control.glyphs.ellipsis, pad=False
        )
        heading = fit(_("Campaign"), self._setting_cells)
        row.update(plain(heading + name))
        self.query_one("#wait").display = pending
        can_continue = self.check_action("entry", ("continue",))
        for entry in ENTRIES:
            button = self.query_one(f"#{entry.id}", Button)
            if entry.id == "continue":
                button.display = bool(can_continue)
            elif entry.id == "saved" and saved:
                waiting = control.unfinished_count()
                label = _(entry.label)
                if waiting:
                    label = ngettext(
                        "{entries} ({count} unfinished)", "{entries} ({count} unfinished)", waiting
                    ).format(entries=label, count=waiting)
                button.label = self.entry_label(label, entry.key)
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
        label = _(STANDOUT).format(dash=dash)
        if cell_len(label) >= self._label_cells:
            label = _(STANDOUT_SHORT).format(dash=dash)
        new.label = self.entry_label(label, "t")
        button.display = not new.display
        if progress is not None and progress.done and self.controller.tutorial_session:
            label = _("Tutorial: back to your game")
        elif progress is not None and not progress.done and progress.step:
            label = _("Tutorial: resume at step {step}").format(step=progress.step + 1)
        else:
            label = _(ENTRIES[[e.id for e in ENTRIES].index("tutorial")].label)
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

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        entry = event.button.id or ""
        if entry == "tutorial-new":
            entry = "tutorial"
        if entry == "colour":
            self.action_toggle_colour()
        elif entry == "language":
            await self.action_next_language()
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
        self.query_one("#colour", Button).label = deck_colour_name(self.colour)

    async def action_next_language(self) -> None:
        """The next language the game has: kept in the settings and spoken from now
        on (:func:`..language_choice.choose_language`, as the palette's entries do);
        the screen is composed again in it, the seed typed and the colour kept."""
        languages = available_languages()
        now = active_language()
        chosen = languages[(languages.index(now) + 1) % len(languages)]
        choose_language(self.app, self.controller, chosen)
        typed, seed_typed = self.seed_text, self._seed_typed  # the field, as it reads
        await self.recompose()
        self.show_composed(focus=False)
        self.seed_input.value = typed
        self._seed_typed = seed_typed
        self.query_one("#language", Button).focus()

    def action_new_game(self) -> None:
        """A new game with the seed shown (a random one if the seed was cleared)."""
        self.action_entry("new")
