"""The game's commands for the command palette (``ctrl+p``), besides Textual's own.

Each command does what its key does on the screen it belongs to: title commands
(new game, daily deal, continue, campaign, feats, history, statistics,
tutorial) go to the
title first, keeping a game in play for Continue; game commands (hint, undo, redo,
peek) are offered only while a game is on the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from textual.app import App, SystemCommand
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen

from ..i18n import N_, _
from .intents import ShowHelp, TitleEntry, request

if TYPE_CHECKING:
    from .screens.game import GameScreen

TITLE_COMMANDS = (
    ("continue", N_("Continue"), N_("Resume the game in play")),
    (
        "new",
        N_("New game"),
        N_("Deal the seed shown on the title (a campaign game asks its setup)"),
    ),
    ("daily", N_("Daily deal"), N_("Today's deal, the same for everyone")),
    ("campaign", N_("Campaign"), N_("Choose, create, rename or delete a campaign")),
    ("feats", N_("Feats"), N_("Every feat, locked ones included, and how to earn it")),
    ("history", N_("History"), N_("Finished games, to replay; import a record file")),
    ("stats", N_("Statistics"), N_("Games, scores and village ranks of the campaign")),
    ("tutorial", N_("Tutorial"), N_("Learn by playing: a guided first game, about 5 minutes")),
)
GAME_COMMANDS = (
    ("hint", N_("Hint"), N_("The solver's move here and its expected final score")),
    ("undo", N_("Undo"), N_("Take back the last move")),
    ("redo", N_("Redo"), N_("Play again the move taken back")),
    ("peek", N_("Peek"), N_("Look at the other side of the selected card")),
)


def game_commands(app: App[Any], screen: Screen[Any]) -> Iterator[SystemCommand]:
    """The commands that apply on ``screen`` (the one the palette was opened from)."""
    from .screens.game import GameScreen
    from .screens.title import TitleScreen

    title = next((s for s in app.screen_stack if isinstance(s, TitleScreen)), None)
    if title is not None:
        for entry, name, help_text in TITLE_COMMANDS:
            if title.check_action("entry", (entry,)):
                yield SystemCommand(_(name), _(help_text), _on_title(app, entry))
    if isinstance(screen, GameScreen):
        for action, name, help_text in GAME_COMMANDS:
            if screen.check_action(action, ()):
                yield SystemCommand(_(name), _(help_text), _on_game(screen, action))
    yield SystemCommand(
        _("Help"), _("The rules in short and every key"), lambda: request(app, ShowHelp())
    )


class GameCommands(Provider):
    """The game's commands in the palette, beside Textual's (a public ``Provider``,
    listed in ``PalmIslandApp.COMMANDS``); :func:`game_commands` says which apply."""

    def here(self) -> list[SystemCommand]:
        """The commands for the screen the palette was opened from."""
        return list(game_commands(self.app, self.screen))

    async def discover(self) -> Hits:
        for command in self.here():
            yield DiscoveryHit(command.title, command.callback, help=command.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for command in self.here():
            score = matcher.match(command.title)
            if score > 0:
                yield Hit(
                    score, matcher.highlight(command.title), command.callback, help=command.help
                )


def _on_title(app: App[Any], entry: str) -> Callable[[], None]:
    def run() -> None:
        from .screens.game import GameScreen

        if isinstance(app.screen, GameScreen):
            if entry == "continue":
                return  # already playing it
            app.screen.action_leave()  # a game is kept for Continue, the tutorial's step
        request(app, TitleEntry(entry))  # after the leaving: the title runs it

    return run


def _on_game(screen: GameScreen, action: str) -> Callable[[], None]:
    """The game screen's own action for a command of :data:`GAME_COMMANDS`."""
    actions: dict[str, Callable[[], None]] = {
        "hint": screen.action_hint,
        "undo": screen.action_undo,
        "redo": screen.action_redo,
        "peek": screen.action_peek,
    }
    return actions[action]
