"""Provides :class:`Fitted`: a screen that composes with its layout classes already set.

Textual gives a screen its breakpoint classes (``-narrow``, ``-snug``, ``-wide``;
``-short``, ``-tall``: :mod:`.layout`) on its first resize, after its widgets have
been styled without them, so every screen pushed was styled twice. A screen always has the
app's size, so the classes are known before it composes; set then (the public
``on_compose`` handler runs before Textual composes the screen, and the classes
go on without a restyle), the resize finds them in place and changes nothing.
Every screen of the game is ``Fitted`` (``tests/tui/test_fitted.py`` lists them).
Textual before 8.2.4 (the lowest version the game declares is 7.0) removes and adds
the classes on every resize, whatever they were: there this saves nothing and
changes nothing.
"""

from __future__ import annotations

from textual.screen import Screen

from .layout import breakpoint_classes


class Fitted:
    """A screen given the breakpoint classes of the app's size before it composes.

    A mixin, first in a screen's bases (``class TitleScreen(Fitted, Screen)``):
    Textual calls the handlers of the classes in their order, so this one runs
    before Textual composes the screen; and it is not a widget class, since a
    screen inherits the CSS (a modal's see-through background) of its first base
    that is one.
    """

    def on_compose(self) -> None:
        if isinstance(self, Screen):
            for name, present in breakpoint_classes(self.app.size).items():
                self.set_class(present, name, update=False)
