"""Provides a minimal Textual screen until the full game lands (issue 3)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static

from ..engine import new_game, position_notation
from ..storage.catalog_files import standard_catalog


class PalmIslandApp(App[None]):
    """Shows the deal of a seed; q quits."""

    BINDINGS: ClassVar = [("q", "quit", "Quit")]

    def __init__(self, seed: int = 0) -> None:
        super().__init__()
        self.seed = seed

    def compose(self) -> ComposeResult:
        yield Header()
        state = new_game(standard_catalog(), seed=self.seed)
        yield Static(f"Palm Island — deal {self.seed}\n\n{position_notation(state)}")
        yield Footer()


def run_app(seed: int | None = None, ascii_only: bool = False) -> int:
    del ascii_only
    PalmIslandApp(seed or 0).run()
    return 0
