"""Provides :class:`SavedGamesScreen`: every unfinished game, to resume or abandon.

Several games can be in play at once (a daily deal started while a campaign game
was unfinished keeps both). This screen lists each one, in every campaign, most
recently played first, with what a player needs to recognise it: the campaign,
the deal, the difficulty, the turn and round, the score so far and when it was
last played. ``enter`` resumes the highlighted game; ``a`` abandons it after a
confirmation (it stays stored, finished games and feats are never touched).
A game whose stored rows are damaged is listed with the problem, not hidden.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...i18n import _
from ...solver.daily import daily_date
from ...storage.errors import LoadError, SaveError
from ..attached import while_attached
from ..intents import ControlledScreen, Resume, request
from ..plain import fit, notify_plain, plain
from ..widgets.footer import KeyBar, key_bars, refresh_keys
from ..widgets.tap_list import TapList
from .ask import AskScreen

if TYPE_CHECKING:
    from ...campaign.model import SavedGame
    from ..intents import GameControl


def when(stamp: str) -> str:
    """A stored ISO time as ``YYYY-MM-DD HH:MM`` (UTC)."""
    return stamp[:16].replace("T", " ")


def deal_text(game: SavedGame) -> str:
    day = daily_date(game.seed)
    if day is not None:
        return f"daily {day.isoformat()}, {game.deck_colour}"
    seed = "own deal" if game.seed is None else f"seed {game.seed}"
    return f"{seed}, {game.deck_colour}"


def saved_game_line(game: SavedGame, ellipsis: str = "…") -> Text:
    """One row: campaign, deal, difficulty, turn, round, score so far, last played."""
    campaign = fit(game.campaign or "(no campaign)", 18, ellipsis)
    if game.problem is not None:
        return plain(f"{campaign}  game {game.game_id}: cannot be resumed ({game.problem})")
    feats = f" +{'+'.join(game.feats)}" if game.feats else ""
    return plain(
        f"{campaign}  {deal_text(game):<22}  {game.difficulty}{feats:<6}  "
        f"turn {game.turn + 1:>3}  round {game.round}  score {game.score:>2}  "
        f"{when(game.played_at)}"
    )


def describe(game: SavedGame) -> str:
    """The game in a sentence (for the abandon question)."""
    where = f"in {game.campaign}" if game.campaign else "outside a campaign"
    playing = f"turn {game.turn + 1}, score {game.score}"  # the turn to play, as in the game
    return f"game {game.game_id} {where} ({deal_text(game)}, {playing})"


class SavedGamesScreen(ControlledScreen[None]):
    """``enter`` resumes the highlighted game, ``a`` abandons it, ``escape`` goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "abandon", _("Abandon")),
        Binding("escape", "back", _("Back")),
    ]

    CSS_PATH = Path(__file__).with_name("saved_games.tcss")

    def __init__(self, controller: GameControl) -> None:
        super().__init__(controller)
        self.games: list[SavedGame] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Saved games: every unfinished game, most recently played first.")
            yield TapList(id="saved")
            yield Static("enter: resume  a: abandon  escape: back", id="saved-help")
        yield from key_bars(KeyBar())

    @while_attached
    def on_mount(self) -> None:
        self.reload()

    def reload(self) -> None:
        store = self.controller.store
        options = self.query_one("#saved", TapList)
        try:
            self.games = store.saved_games() if store is not None else []
        except (LoadError, SaveError) as exc:
            self.games = []
            notify_plain(self, f"Cannot list saved games: {exc}", severity="error", timeout=8)
        ellipsis = self.controller.glyphs.ellipsis
        listed = [Option(saved_game_line(g, ellipsis), id=str(g.game_id)) for g in self.games]
        options.show_options(listed or [Option(plain("No unfinished games."), disabled=True)])
        if self.games:
            options.highlighted = 0
        options.focus()
        keys = "enter: resume  a: abandon  escape: back" if self.games else "escape: back"
        self.query_one("#saved-help", Static).update(keys)
        refresh_keys(self)  # Abandon is listed only when there is a game to abandon

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return bool(self.games) if action == "abandon" else True

    def highlighted(self) -> SavedGame | None:
        index = self.query_one("#saved", OptionList).highlighted
        if index is None or not 0 <= index < len(self.games):
            return None
        return self.games[index]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        game = self.highlighted()
        if game is not None:
            request(self, Resume(game))

    def action_abandon(self) -> None:
        """Ask, then abandon the highlighted game; a game another window holds (its
        lease, holders.py) is not offered: it is being played there. The store
        checks again as it writes (a window may take it between)."""
        game = self.highlighted()
        if game is None:
            return
        held = self._held_elsewhere(game)
        if held is not None:
            notify_plain(self, held, severity="warning", timeout=8)
            return

        def abandon(yes: bool | None) -> None:
            store = self.controller.store
            if not yes or store is None:
                return
            try:
                store.abandon_game(game.game_id)
            except (LoadError, SaveError) as exc:
                notify_plain(self, f"Not abandoned: {exc}", severity="error", timeout=8)
            else:
                notify_plain(self, f"Abandoned {describe(game)}.")
            self.reload()

        question = (
            f"Abandon {describe(game)}?\n"
            "It will no longer be offered to continue; finished games and feats are kept."
        )
        self.app.push_screen(AskScreen(question, "Abandon"), abandon)

    def _held_elsewhere(self, game: SavedGame) -> str | None:
        """Why ``game`` cannot be abandoned from here now, if another window plays it."""
        store = self.controller.store
        if store is None:
            return None
        try:
            holder = store.game_holder(game.game_id)
        except (LoadError, SaveError):
            return None  # the store's own check, as it writes, says what is wrong
        if holder is None:
            return None
        return (
            f"Game {game.game_id} is open in another window ({holder.describe()}): "
            "abandon it there, or here once that window is closed."
        )

    def action_back(self) -> None:
        self.dismiss(None)
