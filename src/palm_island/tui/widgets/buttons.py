"""Provides :class:`GameButton`: Textual's ``Button``, mounted already styled.

A stock button is restyled as it mounts, once per setting that changes a class:
its variant (``-primary``), ``flat`` (``-style-default`` or ``-style-flat``) and
``compact`` (``-textual-compact``), each first set to its default as its
constructor sets it. Each marks the button for one more pass of the style sheet.
Given those classes in its constructor, the same settings change nothing. The classes are the ones
Textual's ``Button`` sets for each setting; ``tests/tui/test_buttons.py`` checks
that a game button ends with the classes of a stock one, and that every button
of the game is one of these.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Button
from textual.widgets.button import ButtonVariant


class GameButton(Button):
    """Textual's ``Button``, given the classes of its settings before it mounts."""

    def __init__(
        self,
        label: str = "",
        variant: ButtonVariant = "default",
        *,
        compact: bool = False,
        flat: bool = False,
        classes: str | None = None,
        **options: Any,
    ) -> None:
        # Built with the default look, whose class (-style-default) it already has,
        # and its variant's class: setting them in Button's constructor changes no
        # class. A compact or flat look is then set without its watchers (the public
        # set_reactive) and its classes without a restyle: set in the constructor,
        # each would first be set to its default (removing the class given here).
        settled = [classes or "", "-style-default"]
        if variant != "default":
            settled.append(f"-{variant}")
        super().__init__(
            label, variant, classes=" ".join(part for part in settled if part), **options
        )
        if compact:
            self.set_reactive(Button.compact, True)
            self.set_class(True, "-textual-compact", update=False)
        if flat:
            self.set_reactive(Button.flat, True)
            self.set_class(True, "-style-flat", update=False)
            self.set_class(False, "-style-default", update=False)
