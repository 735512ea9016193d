"""The game's key bar lists the keys that apply now, as drawn on screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest
from textual import events
from textual.dom import DOMNode
from textual.reactive import Reactive

from palm_island.engine import legal_moves
from palm_island.tui.widgets.footer import KeyBar

from .helpers import (
    app_for,
    app_in_game,
    footer_text,
    game_screen,
    in_game,
    keys_settled,
    open_game,
    play_by_keys,
    session,
    wait_until,
)


@pytest.mark.slow
async def test_the_footer_lists_undo_once_there_is_a_move_to_undo() -> None:
    app = app_in_game(3)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await keys_settled(pilot)
        before = footer_text(app)
        assert "Store" in before and "Undo" not in before
        await pilot.press("2", "1")  # selecting a card: the same keys apply
        await keys_settled(pilot)
        assert footer_text(app) == before

        await play_by_keys(pilot, legal_moves(session(app).state)[-1])  # discard
        await keys_settled(pilot)
        assert "Undo" in footer_text(app)


@pytest.mark.slow  # over 1.5 s: make test, not make check (its 90 s CPU budget)
async def test_the_footer_follows_an_open_choice_and_its_closing() -> None:
    app = app_for(3)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        screen = game_screen(app)
        state = session(app).state
        await keys_settled(pilot)
        table = footer_text(app)
        screen.choice.ask(state, legal_moves(state)[:2])
        # The key bar is rebuilt once a burst of changes, a refresh later (KeyBar).
        await wait_until(pilot, lambda: "Cancel" in footer_text(app), "the choice's keys")
        assert "Discard" not in footer_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: footer_text(app) == table, "the table's keys again")


async def test_the_focus_coming_back_leaves_the_keys_in_place_for_the_click_that_brought_it() -> (
    None
):
    """Textual asks the key bar for a rebuild when the terminal (a browser tab) gets
    the focus back, and the click that brought it comes right after: a rebuild then
    would replace the key under the pointer, which never hears the click. The keys
    are the same, so ``KeyBar`` keeps them."""
    app = app_in_game(3)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await keys_settled(pilot)
        bar = game_screen(app).query_one(KeyBar)
        keys = list(bar.query("*"))
        assert keys
        app.post_message(events.AppBlur())
        await wait_until(pilot, lambda: not app.app_focus, "the app to lose the focus")
        app.post_message(events.AppFocus())
        await wait_until(pilot, lambda: app.app_focus, "the focus back")
        await keys_settled(pilot)
        assert list(bar.query("*")) == keys
        assert all(key.is_attached for key in keys)

        await pilot.press("d")  # a change of keys (Undo) still rebuilds the bar
        await keys_settled(pilot)
        assert "Undo" in footer_text(app) and not keys[0].is_attached


def test_screens_refresh_their_keys_only_through_refresh_keys() -> None:
    """Every ``refresh_bindings`` call goes through ``widgets.footer.refresh_keys``, which
    skips the stock footer's rebuild when its keys did not change (a new direct call
    would rebuild it on every move again)."""
    package = Path(__file__).resolve().parents[2] / "src" / "palm_island" / "tui"
    callers = sorted(
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if "refresh_bindings(" in path.read_text()
    )
    assert callers == ["widgets/footer.py"]


async def test_key_bar_keys_mount_styled_once_compact_as_the_stock_footer_makes_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A key of a key bar mounts with its ``compact`` and ``-compact`` class already
    as the stock footer ends them (the bar's own; the command palette's key always
    compact), so no key is restyled on the way from the title (a wide bar with the
    palette key) through the deck preview to the game (a compact bar) and back."""
    restyled: list[str] = []
    stock = DOMNode.update_node_styles

    def counting(node: DOMNode, animate: bool = True) -> None:
        if isinstance(node.parent, KeyBar) or isinstance(
            node.parent and node.parent.parent, KeyBar
        ):
            restyled.append(f"{type(node).__name__} {sorted(node.classes)}")
        stock(node, animate)

    monkeypatch.setattr(DOMNode, "update_node_styles", counting)
    app = app_for(3)
    async with app.run_test(size=(100, 32)) as pilot:
        seen: list[tuple[bool, bool]] = []
        for step in ("title", "preview", "game", "title"):
            if step == "title" and seen:
                await pilot.press("escape")
                await wait_until(pilot, lambda: type(app.screen).__name__ == "TitleScreen", step)
            elif step != "title":
                await pilot.press("enter")
            await keys_settled(pilot)
            bar = app.screen.query_one(KeyBar)
            keys = [
                w for w in bar.query("*") if isinstance(getattr(type(w), "compact", None), Reactive)
            ]
            assert keys, f"the {step} screen's key bar shows keys"
            for key in keys:
                palette = key.has_class("-command-palette")
                compact = bool(cast(Any, key).compact)
                assert compact == (bar.compact or palette), (step, key)
                assert key.has_class("-compact") == compact, (step, key)
            seen.append((bar.compact, any(k.has_class("-command-palette") for k in keys)))
    assert (True, False) in seen and (False, True) in seen  # both kinds of bar were seen
    assert restyled == []
