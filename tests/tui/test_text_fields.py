"""Text fields on a phone (issue 47): a phone has no enter or escape to press, so
every text field has a button that does what enter does."""

from __future__ import annotations

import ast
from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Input, Static

from palm_island.tui.screens.ask import InputScreen

SCREENS = Path(__file__).parents[2] / "src" / "palm_island" / "tui"
SUBMITTED_BY_A_BUTTON: dict[str, str] = {
    "screens/ask.py": "InputScreen's OK button",
    "screens/title.py": "the seed: the title's New game entry deals it",
}
"""Each module that makes an ``Input``, with the button that submits what is typed
(a test: a new text field without one fails)."""


def makes_an_input(path: Path) -> bool:
    return any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Input"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
    )


def test_every_text_field_has_a_button_that_submits_it() -> None:
    found = {
        str(path.relative_to(SCREENS))
        for path in sorted(SCREENS.rglob("*.py"))
        if makes_an_input(path)
    }
    assert found == set(SUBMITTED_BY_A_BUTTON)


class Asking(App[None]):
    def __init__(self, refuse: bool) -> None:
        super().__init__()
        self.refuse = refuse
        self.answers: list[str | None] = []

    def compose(self) -> ComposeResult:
        yield Static("behind")

    def on_mount(self) -> None:
        def submit(text: str) -> str | None:
            return "Taken already." if self.refuse and text == "Ana" else None

        self.push_screen(InputScreen("Name:", submit=submit), self.answers.append)


async def test_ok_submits_what_is_typed_and_a_refusal_keeps_it() -> None:
    app = Asking(refuse=True)
    async with app.run_test(size=(50, 20)) as pilot:
        await pilot.press(*"Ana")
        assert await pilot.click("#ok")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, InputScreen)
        assert dialog.query_one(Input).value == "Ana"
        assert "Taken already." in str(dialog.query_one("#refused", Static).render())
        assert await pilot.click("#answer")  # the tap on OK took the focus
        await pilot.press("end", "backspace", *"n")
        assert await pilot.click("#ok")
        await pilot.pause()
        assert app.answers == ["Ann"]


async def test_cancel_gives_nothing() -> None:
    app = Asking(refuse=False)
    async with app.run_test(size=(50, 20)) as pilot:
        await pilot.press(*"Ana")
        assert await pilot.click("#cancel")
        await pilot.pause()
        assert app.answers == [None]
