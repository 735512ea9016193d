"""Provides the game's own colours for each theme: resources, stars, upgrades, titles.

Each keeps the game's hue (wood brown, fish blue, stone grey, gold stars) and is made
lighter or darker, theme by theme, until it reaches 4.5:1 against every background
the game draws it on (WCAG 2.2, 1.4.3): a light theme gets dark wood, a dark theme
light wood. The values reach the screen two ways: as CSS variables (``$palm-wood``
…, through ``App.get_theme_variable_defaults``) and as named Rich styles
(``palm.wood`` …) on the app's console, which the render code uses.

A terminal that shows 16 colours gets Textual's ANSI themes: the terminal's own
background and colours, with one ANSI colour per resource everywhere.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable
from typing import Any, Final

from rich.console import Console
from rich.theme import Theme as RichTheme
from textual.app import App
from textual.color import Color
from textual.theme import Theme
from textual.widgets import Static

NAMES: Final = ("wood", "fish", "stone", "star", "upgrade", "title")
"""The game's colours: ``$palm-<name>`` in CSS, ``palm.<name>`` in Rich text."""
HUES: Final = {
    "wood": "#c98a3c",
    "fish": "#4fa3e0",
    "stone": "#a0a0a0",
    "star": "#e0b000",
    "upgrade": "#c061cb",
}
"""The game's hue of each colour; a title takes the theme's accent."""
ANSI: Final = {
    True: {"wood": "yellow", "fish": "cyan", "stone": "default", "star": "default"},
    False: {"wood": "red", "fish": "blue", "stone": "default", "star": "default"},
}
"""ANSI themes (dark: True): one terminal colour per resource, the terminal's own
foreground for stones and stars (the ★ glyph tells a star)."""
ANSI_OTHERS: Final = {"upgrade": "magenta", "title": "default"}
MIN_CONTRAST: Final = 4.6
"""What each colour reaches: 4.5:1 (WCAG AA) with a margin for rounding to hex."""
SIXTEEN_COLOURS: Final = ("standard", "windows")
"""Rich's names of the colour systems with 16 colours."""


def relative_luminance(colour: Color) -> float:
    """WCAG 2.2's relative luminance of an sRGB colour (0 black to 1 white)."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(channel) for channel in colour.rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one: Color, other: Color) -> float:
    """WCAG 2.2's contrast ratio of two opaque colours (1 to 21)."""
    lighter, darker = sorted((relative_luminance(one), relative_luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def backgrounds(theme: Theme) -> list[Color]:
    """Every background the game draws its colours on in ``theme``: the screen, the
    panels and dialogs, the hint line ($boost) and the tutorial's marked card."""
    variables = theme.to_color_system().generate()
    base = Color.parse(variables["background"])
    found = [base, Color.parse(variables["surface"]), Color.parse(variables["panel"])]
    found.append(base + Color.parse(variables["boost"]))
    found.append(base + Color.parse(variables["warning"]).with_alpha(0.12))
    return found


def readable(hue: Color, behind: Iterable[Color]) -> Color:
    """``hue`` made lighter or darker, the least that reaches :data:`MIN_CONTRAST`
    against every colour in ``behind``."""
    behind = list(behind)
    dark = sum(relative_luminance(colour) for colour in behind) / len(behind) < 0.2
    towards = Color(255, 255, 255) if dark else Color(0, 0, 0)
    for step in range(21):
        colour = hue.blend(towards, step / 20)
        if min(contrast(colour, other) for other in behind) >= MIN_CONTRAST:
            return colour
    return towards


def is_ansi(theme: Theme) -> bool:
    """Whether ``theme`` draws in the terminal's own colours (``ansi-dark``,
    ``ansi-light``, or a theme of the player's built on ANSI colours)."""
    return theme.ansi or str(theme.background).startswith("ansi_")


def theme_colours(theme: Theme) -> dict[str, str]:
    """Each of :data:`NAMES` as a colour Textual and Rich both read: ``#rrggbb``,
    or an ANSI name in an ANSI theme."""
    if is_ansi(theme):
        return {**ANSI[theme.dark], **ANSI_OTHERS}
    behind = backgrounds(theme)
    variables = theme.to_color_system().generate()
    hues = {**HUES, "title": variables["accent"]}
    return {name: readable(Color.parse(hues[name]), behind).hex6 for name in NAMES}


def css_variables(theme: Theme) -> dict[str, str]:
    """``palm-wood`` … for the app's CSS (ANSI colours as Textual writes them)."""
    colours = theme_colours(theme)
    return {
        f"palm-{name}": colour if colour.startswith("#") else f"ansi_{colour}"
        for name, colour in colours.items()
    }


def rich_theme(theme: Theme) -> RichTheme:
    """``palm.wood`` … for the render code's Rich text: bold, in the theme's colour, and
    never dim (a dim line, such as what an action leads to, keeps its costs readable:
    Textual draws dim text half way to the background)."""
    colours = theme_colours(theme)
    return RichTheme({f"palm.{name}": f"bold not dim {colour}" for name, colour in colours.items()})


def terminal_colours() -> str | None:
    """The colour system Textual's console will find (``TEXTUAL_COLOR_SYSTEM``, else
    what ``TERM`` and ``COLORTERM`` say), before the app builds it."""
    wanted = os.environ.get("TEXTUAL_COLOR_SYSTEM", "auto")
    if wanted not in ("auto", "standard", "256", "truecolor", "windows"):
        wanted = "auto"
    console = Console(color_system=wanted, force_terminal=True, file=io.StringIO())  # type: ignore[arg-type]
    return console.color_system


def terminal_theme(chosen: str, themes: dict[str, Theme], colours: str | None) -> str:
    """The theme to start in: ``chosen``, but on a terminal of 16 colours Textual's ANSI
    theme of the same lightness (the terminal's own background and colours: a colour
    of 16 million is otherwise turned into the nearest of 16, a different one in
    different panels, and the background forced black)."""
    theme = themes.get(chosen)
    if colours not in SIXTEEN_COLOURS or theme is None or is_ansi(theme):
        return chosen
    wanted = "ansi-dark" if theme.dark else "ansi-light"
    return wanted if wanted in themes else chosen


def follow_theme(app: App[Any], on_change: Callable[[], None] | None = None) -> None:
    """Give the app's console the current theme's named styles, now and at each change
    of theme, and redraw every text already shown in them. Called when the app is
    mounted, before its first screen (a signal takes only a running app).

    With ``NO_COLOR`` the app gets the class ``-no-color``: its CSS gives every list's
    cursor row a cue that is not a colour."""
    app.set_class(app.no_color, "-no-color")
    app.console.push_theme(rich_theme(app.current_theme))

    def changed(theme: Theme) -> None:
        app.console.pop_theme()
        app.console.push_theme(rich_theme(theme))
        for screen in app.screen_stack:
            for static in screen.query(Static):
                static.update(static.content, layout=False)
        if on_change is not None:
            on_change()

    app.theme_changed_signal.subscribe(app, changed)
