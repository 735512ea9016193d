"""The pseudo-language walk of the screens marked so far (docs/i18n.md): under
``xx`` every translated string is bracketed ⟦…⟧, so any plain English word left in
the parts of a screen that are marked is a string that slipped through. Parts not
marked yet (the cards, the stored panel, the move log's moves, the key bar) are
listed in :data:`NOT_YET` and left out, so the walk grows with the marking."""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Button

from palm_island.i18n import LOCALE_DIR, key_label, speaking
from palm_island.policies import greedy_policy
from palm_island.tui import textual_words
from palm_island.tui.screens.end import EndScreen
from palm_island.tui.screens.help import HelpScreen
from palm_island.tui.widgets.log import MoveLog

from .helpers import app_in_game, in_game, play_moves, screen_rows, wait_until
from .store_helpers import opened, store_app

pytestmark = pytest.mark.slow

NOT_YET = ("the key bar",)
"""The game screen's parts still in English (the next step's)."""


def unmarked(text: str) -> list[str]:
    """The English words of ``text`` outside every ⟦…⟧ (card codes, notation and
    numbers aside)."""
    outside: list[str] = []
    depth = 0
    for ch in text:
        if ch == "⟦":
            depth += 1
        elif ch == "⟧":
            depth = max(0, depth - 1)
        elif depth == 0:
            outside.append(ch)
    words = re.findall(r"[A-Za-z]{2,}", "".join(outside))
    return [word for word in words if not re.fullmatch(r"[A-Z]{2}", word)]  # CH, FT: codes


def region_text(app: App[Any], widget: Widget) -> str:
    rows = screen_rows(app)
    region = widget.region
    return "\n".join(row[region.x : region.right] for row in rows[region.y : region.bottom])


def test_the_check_finds_plain_english() -> None:
    assert unmarked("⟦Ŕöûñđ 1⟧ · Turn 2 · CH1 FT3 2♣W [2 s]") == ["Turn"]


async def test_the_game_screen_s_marked_parts_hold_no_english(
    notifications: Callable[[App[Any]], list[str]],
) -> None:
    assert (LOCALE_DIR / "xx" / "LC_MESSAGES" / "palm_island.mo").is_file(), "run make catalogs"
    app = app_in_game(7)
    with speaking("xx"):
        async with app.run_test(size=(100, 32)) as pilot:
            await in_game(pilot)
            notes = notifications(app)
            screen = app.screen
            log = screen.query_one(MoveLog)
            parts = {
                "status": region_text(app, screen.query_one("#status")),
                "log's title": region_text(app, log).splitlines()[0],
                "log's first line": log.entries[0],
                "cards": region_text(app, screen.query_one("#cards")),
                "stored, before a move": region_text(app, screen.query_one("#stored")),
            }
            await pilot.press("3")  # card 3: a notice that it is for looking only
            parts["card 3's notice"] = notes[0]
            await pilot.press("s")  # card 1 cannot be stored here: a notice says why
            parts["why not"] = notes[1]
            await pilot.press("d")  # a move: the log's line for it, the panels after it
            await wait_until(pilot, lambda: len(log.entries) > 1, "the move's log line")
            parts["log's move"] = log.entries[1]
            parts["cards after a move"] = region_text(app, screen.query_one("#cards"))
            parts["stored after a move"] = region_text(app, screen.query_one("#stored"))
            await pilot.press("h")  # a hint: the move, why, the expected score
            hint = screen.query_one("#hint")
            await wait_until(pilot, lambda: "★" in region_text(app, hint), "the hint")
            parts["hint"] = region_text(app, hint)
            await pilot.press("question_mark")
            await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
            help_box = app.screen.query_one(VerticalScroll)
            parts["help's title"] = region_text(app, help_box).splitlines()[0]
            parts["help's first line"] = region_text(app, help_box).splitlines()[1]
            await pilot.press("escape")
            await wait_until(pilot, lambda: screen is app.screen, "the game again")
            await pilot.press("p")  # peek: the other side of the selected card
            await wait_until(pilot, lambda: screen is not app.screen, "the peek")
            parts["peek"] = region_text(app, app.screen.query_one(VerticalScroll))
            await pilot.press("escape")
            await wait_until(pilot, lambda: screen is app.screen, "the game again")
            await pilot.press("q")  # quit: asks first, a game being in progress
            await wait_until(pilot, lambda: screen is not app.screen, "the question")
            parts["quit question"] = region_text(app, app.screen.query_one("#question"))
            for button in app.screen.query(Button):
                parts[f"quit's {button.id}"] = str(button.label)
    found = [f"{part}: {word}" for part, text in parts.items() for word in unmarked(text)]
    assert found == [], found
    assert all("⟦" in text for text in parts.values()), parts
    assert NOT_YET


async def test_the_end_screen_holds_no_english() -> None:
    """A whole game played on the screen (set-up, not input), then every part of the
    end screen but its key bar: summary, score chart, par, card table, buttons."""
    app = app_in_game(7)
    with speaking("xx"):
        async with app.run_test(size=(100, 32)) as pilot:
            await in_game(pilot)
            await play_moves(pilot, greedy_policy(), 200)
            await wait_until(pilot, lambda: isinstance(app.screen, EndScreen), "the end screen")
            screen = app.screen
            parts = {
                part: region_text(app, screen.query_one(part))
                for part in ("#summary", "#chart", "#result", "#cards")
            }
            for button in screen.query(Button):  # the key bar's keys may cover them
                parts[f"button {button.id}"] = str(button.label)
    found = [f"{part}: {word}" for part, text in parts.items() for word in unmarked(text)]
    assert found == [], found
    assert all("⟦" in text for text in parts.values()), parts


def declared_descriptions() -> dict[str, list[str]]:
    """Every key description the TUI's modules declare (their classes' ``BINDINGS``
    and the app's keys), by module."""
    import palm_island.tui as tui
    from palm_island.tui.app_keys import APP_BINDINGS

    found: dict[str, list[str]] = {}
    for info in pkgutil.walk_packages(tui.__path__, "palm_island.tui."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == info.name:
                for binding in value.__dict__.get("BINDINGS", []):
                    if isinstance(binding, Binding) and binding.description:
                        found.setdefault(info.name, []).append(binding.description)
    found["palm_island.tui.app_keys"] = [
        b.description for b in APP_BINDINGS if isinstance(b, Binding)
    ]
    return found


def test_every_key_description_is_translated_where_it_is_drawn() -> None:
    """Key bar labels stay English in ``BINDINGS`` (the catalog's key) and are looked
    up where a key bar draws them: every one is in the catalog (keys themselves
    never are), Textual's own palette key too."""
    found = declared_descriptions()
    found["textual"] = [textual_words.PALETTE_KEY, textual_words.PALETTE_KEY_TIP]
    assert "palm_island.tui.screens.game" in found and "palm_island.tui.app_keys" in found
    with speaking("xx"):
        plain = [
            f"{module}: {label}"
            for module, labels in found.items()
            for label in labels
            if unmarked(key_label(label))
        ]
    assert plain == [], plain


@pytest.mark.parametrize(("key", "part"), [("z", "#stats"), ("f", "#feats-text")])
async def test_the_campaign_screens_hold_no_english(tmp_path: Path, key: str, part: str) -> None:
    """Statistics and feats of a new campaign, opened by their title keys."""
    app = store_app(tmp_path)
    with speaking("xx"):
        async with app.run_test(size=(100, 32)) as pilot:
            await opened(pilot)
            title = app.screen
            await pilot.press(key)
            await wait_until(pilot, lambda: app.screen is not title, "the screen")
            assert app.screen.query_one(part)
            text = region_text(app, app.screen.query_one(VerticalScroll))  # not the key bar
    assert "⟦" in text and unmarked(text) == [], (unmarked(text), text)
