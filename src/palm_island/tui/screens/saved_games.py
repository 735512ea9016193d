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

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...i18n import N_, _, deck_colour_name, difficulty_name
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
    """The deal and the deck's colour (the date and the seed as they are)."""
    colour = deck_colour_name(game.deck_colour)
    day = daily_date(game.seed)
    if day is not None:
        return _("daily {date}, {colour}").format(date=day.isoformat(), colour=colour)
    if game.seed is None:
        return _("own deal, {colour}").format(colour=colour)
    return _("seed {seed}, {colour}").format(seed=game.seed, colour=colour)


def saved_game_line(game: SavedGame, ellipsis: str = "…") -> Text:
    """Two rows: campaign, deal and difficulty; then the turn, round, score so far
    and when last played (on one row they took 99 columns, and a list 80 wide
    wrapped them anywhere). Columns are padded by cells (a translation's accents
    and lengths differ)."""
    campaign = fit(game.campaign or _("(no campaign)"), 18, ellipsis)
    if game.problem is not None:
        problem = _("game {game}: cannot be resumed ({problem})").format(
            game=game.game_id, problem=game.problem
        )
        return plain(f"{campaign}  {problem}")
    feats = f" +{'+'.join(game.feats)}" if game.feats else ""
    setup = difficulty_name(game.difficulty) + padded(feats, 6)
    # Translators: a saved game's progress in the saved games list: the turn to
    # play, the round and the score so far.
    progress = _("turn {turn:>3}  round {round}  score {score:>2}").format(
        turn=game.turn + 1, round=game.round, score=game.score
    )
    deal = padded(deal_text(game), 22)
    rows = (f"{campaign}  {deal}  {setup}", f"    {progress}  {when(game.played_at)}")
    return Text("\n").join(plain(row) for row in rows)


def padded(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal cells (never cut: a longer one pushes
    the columns after it along, as it did in English)."""
    return text + " " * max(0, width - cell_len(text))


def describe(game: SavedGame) -> str:
    """The game in a sentence (for the abandon question); the turn is the turn to
    play, as in the game."""
    values = {
        "game": game.game_id,
        "campaign": game.campaign,
        "deal": deal_text(game),
        "turn": game.turn + 1,
        "score": game.score,
    }
    if game.campaign:
        return _("game {game} in {campaign} ({deal}, turn {turn}, score {score})").format(**values)
    return _("game {game} outside a campaign ({deal}, turn {turn}, score {score})").format(**values)


class SavedGamesScreen(ControlledScreen[None]):
    """``enter`` resumes the highlighted game, ``a`` abandons it, ``escape`` goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "abandon", N_("Abandon")),
        Binding("escape", "back", N_("Back")),
    ]

    CSS_PATH = Path(__file__).with_name("saved_games.tcss")

    def __init__(self, controller: GameControl) -> None:
        super().__init__(controller)
        self.games: list[SavedGame] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("Saved games: every unfinished game, most recently played first."))
            yield TapList(id="saved")
            yield Static(_("enter: resume  a: abandon  escape: back"), id="saved-help")
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
            message = _("Cannot list saved games: {reason}").format(reason=exc)
            notify_plain(self, message, severity="error", timeout=8)
        ellipsis = self.controller.glyphs.ellipsis
        listed = [Option(saved_game_line(g, ellipsis), id=str(g.game_id)) for g in self.games]
        options.show_options(listed or [Option(plain(_("No unfinished games.")), disabled=True)])
        if self.games:
            options.highlighted = 0
        options.focus()
        keys = _("enter: resume  a: abandon  escape: back") if self.games else _("escape: back")
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
                message = _("Not abandoned: {reason}").format(reason=exc)
                notify_plain(self, message, severity="error", timeout=8)
            else:
                notify_plain(self, _("Abandoned {game}.").format(game=describe(game)))
            self.reload()

        question = _(
            "Abandon {game}?\n"
            "It will no longer be offered to continue; finished games and feats are kept."
        ).format(game=describe(game))
        self.app.push_screen(AskScreen(question, _("Abandon")), abandon)

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
        return _(
            "Game {game} is open in another window ({holder}): "
            "abandon it there, or here once that window is closed."
        ).format(game=game.game_id, holder=holder.describe())

    def action_back(self) -> None:
        self.dismiss(None)
