"""Provides :class:`HistoryScreen`: finished and imported games, to replay or import.

Every campaign's games and the imported ones, oldest first, as the store lists
them. ``enter`` opens the highlighted game in the replay viewer; ``i`` imports a
record file (the store validates it; its one-line message is shown on failure).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from ...i18n import N_, _, difficulty_name, rank_title
from ...storage.errors import LoadError, SaveError
from ..attached import while_attached
from ..intents import ControlledScreen, OpenReplay, request
from ..plain import fit, plain
from ..widgets.footer import KeyBar, key_bars
from .ask import InputScreen

if TYPE_CHECKING:
    from ...campaign.model import HistoryEntry

COLUMNS = (
    # Translators: the history's columns, which must fit 80 columns together: keep
    # each heading short (a number, a date and time, a campaign name, a score, a
    # village rank, a difficulty, feat codes).
    N_("Game"),
    N_("Finished (UTC)"),
    N_("Campaign"),
    N_("Score"),
    N_("Rank"),
    N_("Difficulty"),
    # Translators: the feat cards a game was played with (not feats earned).
    N_("Feats used"),
)
"""The feats column: the feat cards the game was played with (not feats earned). No
deck colour (the replay shows it): with it the headings did not fit 80 columns, nor
did "Difficulty" (the setup dialog's word) beside "Feats in play". Translated where
the table is built."""


def when(stamp: str) -> str:
    """A stored ISO time as ``YYYY-MM-DD HH:MM`` (UTC, as stored)."""
    return stamp[:16].replace("T", " ")


def history_row(entry: HistoryEntry) -> tuple[Text, ...]:
    """The row's cells as text (names and ranks are data, never markup)."""
    return tuple(
        plain(cell)
        for cell in (
            str(entry.game_id),
            when(entry.finished_at),
            fit(entry.campaign or _("(imported)"), 20, pad=False),
            str(entry.score),
            rank_title(entry.rank),
            difficulty_name(entry.difficulty),
            " ".join(entry.feats) or _("none"),
        )
    )


class HistoryScreen(ControlledScreen[None]):
    """``enter`` replay, ``i`` import a file, ``escape`` back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "replay", N_("Replay")),
        Binding("i", "import_file", N_("Import")),
        Binding("escape", "back", N_("Back")),
    ]

    CSS_PATH = Path(__file__).with_name("history.tcss")

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("History: finished games of every campaign, and imports."))
            yield DataTable(id="history", cursor_type="row", zebra_stripes=True)
            yield Static(_("enter: replay  i: import a game file"), id="history-message")
        yield from key_bars(KeyBar())

    @while_attached
    def on_mount(self) -> None:
        table = self.query_one("#history", DataTable)
        table.add_columns(*(_(title) for title in COLUMNS))
        self.reload()

    def reload(self, select: int | None = None) -> None:
        store = self.controller.store
        table = self.query_one("#history", DataTable)
        table.clear()
        if store is None:
            return
        entries = store.history(None)
        for entry in entries:
            table.add_row(*history_row(entry), key=str(entry.game_id))
        if store.skipped:
            names = ", ".join(problem.where for problem in store.skipped[:3])
            message = _("Left out, damaged: {names}. Run `palm-island doctor` to check them.")
            self.say(message.format(names=names), error=True)
        elif not entries:
            self.say(_("No finished games yet.  i: import a game file"))
        if select is not None:
            table.move_cursor(row=table.get_row_index(str(select)))
        elif entries:
            table.move_cursor(row=len(entries) - 1)
        table.focus()

    def say(self, message: str, *, error: bool = False) -> None:
        line = self.query_one("#history-message", Static)
        line.update(plain(message))
        line.set_class(error, "-error")

    def selected_game(self) -> int | None:
        table = self.query_one("#history", DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return int(key) if key is not None else None

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_replay()

    def action_replay(self) -> None:
        from ..controller import Replay

        store = self.controller.store
        game_id = self.selected_game()
        if store is None or game_id is None:
            return
        try:
            data = store.replay_data(game_id)
        except (LoadError, SaveError, KeyError) as exc:
            message = _("Cannot replay game {game}: {reason}").format(game=game_id, reason=exc)
            self.say(message, error=True)
            return
        name = _("game {game}").format(game=game_id)
        replay = Replay(data.record, data.states, data.moves, game_id, name)
        request(self, OpenReplay(replay))

    def action_import_file(self) -> None:
        def do_import(text: str | None) -> None:
            store = self.controller.store
            if text is None or store is None:
                return
            try:
                game_id = store.import_game(Path(text).expanduser())
            except LoadError as exc:
                self.say(_("Not imported: {reason}").format(reason=exc.describe()), error=True)
                return
            except SaveError as exc:
                self.say(_("Not imported: {reason}").format(reason=exc), error=True)
                return
            self.reload(select=game_id)
            self.say(_("Imported as game {game}.").format(game=game_id))

        prompt = _("Import a game: path of the record file")
        self.app.push_screen(InputScreen(prompt), do_import)

    def action_back(self) -> None:
        self.dismiss(None)
