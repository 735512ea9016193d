"""Provides :class:`NewGameSetup`: what the next new game deals, and how (the seed,
the deck's colour, the difficulty and feats of a saved game, R31)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...records import Difficulty
    from ...session import DeckColour


class NewGameSetup:
    """The choices the title and the setup screen make for the next game."""

    def __init__(self, seed: int | None, colour: DeckColour, roll: Callable[[], int]) -> None:
        self._roll = roll
        self._seed = seed if seed is not None else roll()
        self._chosen = seed is not None
        self._colour: DeckColour = colour
        self._difficulty: Difficulty = "easy"
        self._feats: tuple[str, ...] = ()

    @property
    def next_seed(self) -> int:
        """The seed the next new game deals (shown on the title)."""
        return self._seed

    @property
    def seed_chosen(self) -> bool:
        """Whether the player chose :attr:`next_seed` (``--seed`` or typed on the
        title); otherwise a finished game rolls a new one."""
        return self._chosen

    @property
    def colour(self) -> DeckColour:
        return self._colour

    @property
    def difficulty(self) -> Difficulty:
        return self._difficulty

    @property
    def feats(self) -> tuple[str, ...]:
        """The feats of the last new game (R31), reused by "new deal"."""
        return self._feats

    def typed(self, text: str) -> None:
        """The title's seed field now reads ``text``: a typed seed is chosen, an
        empty one asks for a random deal."""
        if text != str(self._seed):
            self._chosen = bool(text)

    def deal(self, text: str) -> int:
        """The seed a new game deals from the title's field (random if empty)."""
        self._seed = int(text) if text else self._roll()
        return self._seed

    def roll(self) -> int:
        """A random seed (a new deal from the end screen)."""
        return self._roll()

    def after_game(self) -> None:
        """A game ended: the next one deals a new seed unless the player chose one."""
        if not self._chosen:
            self._seed = self._roll()

    def choose_colour(self, colour: DeckColour) -> None:
        self._colour = colour

    def choose(self, difficulty: Difficulty, feats: tuple[str, ...]) -> None:
        self._difficulty, self._feats = difficulty, feats
