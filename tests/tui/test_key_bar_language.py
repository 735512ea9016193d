"""The key bars speak a language chosen in play at once: their labels are the
``BINDINGS`` descriptions looked up as they are drawn (``i18n.key_label``), on the
screen in view and on the screens under it; the palette's Keys opens the game's
help, whose key tables speak it too (Textual's keys panel would show English)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandList

from palm_island.i18n import active_language, speaking
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.help import HelpScreen
from palm_island.tui.widgets.footer import KeyBar

from .helpers import palette_shows, screen_rows, wait_until
from .store_helpers import store_app
from .test_textual_words import choose_spanish_in_the_palette

pytestmark = pytest.mark.slow  # two whole app runs each


def key_bar_row(app: object) -> str:
    """The bottom row of the screen: the key bar as the player sees it."""
    return screen_rows(app)[-1]  # type: ignore[arg-type]


async def test_the_key_bar_follows_a_language_chosen_in_play(tmp_path: Path) -> None:
    """Chosen on the help, over the game: the help's bar speaks it at once, and the
    game's, under it all along, when the player goes back."""
    app = store_app(tmp_path, start_in_game=True)
    with speaking("en"):  # whatever the choice activates is undone after the test
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
            await wait_until(pilot, lambda: "Quit" in key_bar_row(app), "an English key bar")
            await pilot.press("question_mark")
            await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
            await wait_until(pilot, lambda: "Close" in key_bar_row(app), "its English key bar")
            await pilot.press("ctrl+p", *"Español")
            await palette_shows(pilot, "Language: Español")
            await pilot.press("enter")
            await wait_until(pilot, lambda: active_language() == "es", "Spanish")
            await wait_until(pilot, lambda: "Close" not in key_bar_row(app), "a Spanish key bar")
            row = key_bar_row(app)
            assert "Cerrar" in row, row
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
            await wait_until(pilot, lambda: "Salir" in key_bar_row(app), "the game's, Spanish")
            row = key_bar_row(app)
            assert "Quit" not in row and "Help" not in row and "Ayuda" in row, row
            bar = app.screen.query_one(KeyBar)
            assert bar.region.y == app.size.height - 1  # the row read is the key bar's


async def test_the_palette_s_keys_opens_the_help_in_the_player_s_language(
    tmp_path: Path,
) -> None:
    app = store_app(tmp_path)
    with speaking("en"):
        async with app.run_test(size=(100, 32)) as pilot:
            await choose_spanish_in_the_palette(pilot)
            # the title's bar, Textual's own palette key included
            await wait_until(pilot, lambda: "Salir" in key_bar_row(app), "a Spanish key bar")
            row = key_bar_row(app)
            assert "n Nueva" in row and "^p paleta" in row and "New game" not in row, row
            await pilot.press("ctrl+p", *"Teclas")
            await palette_shows(pilot, "Teclas")
            listed = app.screen.query_one(CommandList)
            assert listed.highlighted is not None
            shown = str(listed.get_option_at_index(listed.highlighted).prompt)
            assert "todas las teclas del juego" in shown, shown
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")


async def test_keys_given_way_at_80_columns_come_back_when_the_terminal_widens() -> None:
    """The pseudo-language's title keys do not all fit at 80 columns: the menu's own
    (new game, daily deal, deck colour) give way to Help and Quit. Widened, the bar
    lists them all again; narrowed, they give way again."""
    from .helpers import app_for, footer_text, keys_settled

    with speaking("xx"):
        app = app_for(7)
        async with app.run_test(size=(80, 24)) as pilot:
            shown = []
            for size in ((80, 24), (100, 30), (80, 24)):
                await pilot.resize_terminal(*size)
                await keys_settled(pilot)
                await pilot.pause()
                shown.append(("Ñéŵ ĝáɱé" in footer_text(app), "Ǫúíţ" in footer_text(app)))
    assert shown == [(False, True), (True, True), (False, True)]
