"""The help lists every key of every screen, and --ascii help is plain ASCII."""

from __future__ import annotations

import re

import pytest
from textual.binding import Binding
from textual.dom import DOMNode

from palm_island.tui.glyphs import ASCII, UNICODE
from palm_island.tui.screens.campaign import CampaignScreen
from palm_island.tui.screens.end import EndScreen
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.help import help_text
from palm_island.tui.screens.history import HistoryScreen
from palm_island.tui.screens.peek import PeekScreen
from palm_island.tui.screens.preview import PreviewScreen
from palm_island.tui.screens.replay import ReplayScreen
from palm_island.tui.screens.title import TitleScreen

SHOWN_AS = {
    "left_square_bracket": "[",
    "right_square_bracket": "]",
    "comma": ",",
    "full_stop": ".",
    "plus": "+",
    "minus": "-",
    "equals_sign": "+",
    "question_mark": "?",
}


def keys_of(screen: type[DOMNode]) -> set[str]:
    keys = set()
    for binding in screen.BINDINGS:
        assert isinstance(binding, Binding)
        for key in binding.key.split(","):
            keys.add(SHOWN_AS.get(key, key))
    return keys


@pytest.mark.parametrize(
    "screen",
    [
        TitleScreen,
        PreviewScreen,
        GameScreen,
        PeekScreen,
        EndScreen,
        CampaignScreen,
        HistoryScreen,
        ReplayScreen,
    ],
)
def test_the_help_names_every_key_of_each_screen(screen: type[DOMNode]) -> None:
    text = help_text(UNICODE)
    missing = set()
    for key in keys_of(screen):
        if re.fullmatch(r"[1-9]", key):
            continue  # "1 2", "1-8", "1-9" ranges
        if key in ("up", "down", "left", "right") and "arrows" in text:
            continue
        if not re.search(rf"(?<![\w+]){re.escape(key)}(?![\w])", text):
            missing.add(key)
    assert not missing, f"{screen.__name__} keys missing from the help: {sorted(missing)}"


def test_ascii_help_is_plain_ascii() -> None:
    text = help_text(ASCII)
    assert text.isascii(), sorted({c for c in text if not c.isascii()})
    assert "180 degrees" in text


async def test_ascii_terminals_get_ascii_notices_and_titles() -> None:
    from palm_island.tui.app import AppConfig, make_app
    from palm_island.tui.screens.too_small import TooSmallScreen

    app = make_app(AppConfig(seed=7, ascii_only=True, start_in_game=True, compute_par=False))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TooSmallScreen)
        message = screen.notice_text()
        assert message.isascii() and "needs at least 80x24" in message
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        await pilot.press("p")  # peek
        await pilot.pause()
        title = app.screen.query_one("VerticalScroll").border_title
        assert title is not None and str(title).isascii()
