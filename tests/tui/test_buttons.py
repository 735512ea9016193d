"""Every button of the game is a :class:`GameButton`: Textual's ``Button`` with the
classes of its settings before it mounts, so mounting it restyles nothing."""

from __future__ import annotations

import ast
import itertools
from pathlib import Path
from typing import get_args

import pytest
from textual.app import App, ComposeResult
from textual.dom import DOMNode
from textual.widgets import Button
from textual.widgets.button import ButtonVariant

from palm_island.tui.widgets.buttons import GameButton

TUI = Path(__file__).parents[2] / "src" / "palm_island" / "tui"
SETTINGS = [
    (variant, compact, flat)
    for variant, compact, flat in itertools.product(
        get_args(ButtonVariant), (False, True), (False, True)
    )
]


class Buttons(App[None]):
    """A stock button and a game button for each setting, side by side."""

    def compose(self) -> ComposeResult:
        for number, (variant, compact, flat) in enumerate(SETTINGS):
            options = {"variant": variant, "compact": compact, "flat": flat}
            yield Button("stock", id=f"stock-{number}", classes="mine", **options)
            yield GameButton("game", id=f"game-{number}", classes="mine", **options)


async def test_a_game_button_ends_with_the_stock_buttons_classes_and_mounts_without_a_restyle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    restyled: list[str] = []
    stock = DOMNode.update_node_styles

    def counting(node: DOMNode, animate: bool = True) -> None:
        if isinstance(node, Button):
            restyled.append(str(node.id))
        stock(node, animate)

    monkeypatch.setattr(DOMNode, "update_node_styles", counting)
    app = Buttons()
    async with app.run_test() as pilot:
        await pilot.pause()
        for number, setting in enumerate(SETTINGS):
            made = app.query_one(f"#game-{number}", GameButton)
            assert made.classes == app.query_one(f"#stock-{number}", Button).classes, setting
            assert made.has_class("mine")
    assert restyled, "the stock buttons are restyled as they mount (what this saves)"
    assert not [name for name in restyled if name.startswith("game-")], restyled


def button_calls(source: str) -> list[int]:
    """The lines where ``source`` makes a stock ``Button``."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id == "Button")
            or (isinstance(node.func, ast.Attribute) and node.func.attr == "Button")
        )
    ]


def test_every_button_the_game_makes_is_a_game_button() -> None:
    sources = sorted(TUI.rglob("*.py"))
    assert any(path.name == "title.py" for path in sources)
    stock = [
        f"{path.relative_to(TUI)}:{line}"
        for path in sources
        for line in button_calls(path.read_text(encoding="utf-8"))
    ]
    assert stock == []
    assert button_calls("from textual import widgets\nwidgets.Button('x')\nButton('y')\n") == [2, 3]
    assert button_calls("GameButton('x')\n") == []
