"""Colours a player can read on every theme Textual ships and on 16-colour terminals
(WCAG 2.2 AA, 1.4.3): resources, stars and titles at 4.5:1 or more against the
background each is drawn on, measured on the drawn screen with this file's own
contrast formula; one colour per resource on a 16-colour terminal and the terminal's
own background there."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.color import Color as RichColor
from rich.color import ColorSystem, ColorType
from rich.style import Style
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.screen import Screen
from textual.theme import BUILTIN_THEMES
from textual.widgets import DataTable, OptionList, RadioSet

from palm_island.policies import greedy_policy
from palm_island.tui.palette import NAMES, css_variables, is_ansi

from .helpers import app_for, game_screen, open_game, play_moves, screen_rows, wait_until
from .store_helpers import opened, store_app

AA: float = 4.5
RESOURCE = re.compile(r"\d+[♣≈▲][WFS]")
STAR = re.compile(r"★\d+|\d+★")


def luminance(red: int, green: int, blue: int) -> float:
    """WCAG 2.2 relative luminance (this test's own, not the game's palette.py)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def ratio(one: tuple[int, int, int], other: tuple[int, int, int]) -> float:
    high, low = sorted((luminance(*one), luminance(*other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_formula() -> None:
    """Known ratios: black on white 21:1, grey #777 on white 4.48:1, equal 1:1."""
    assert ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert ratio((0x77, 0x77, 0x77), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    assert ratio((9, 9, 9), (9, 9, 9)) == 1.0


def rgb(colour: RichColor | None, app: App[Any], *, background: bool) -> tuple[int, int, int]:
    """What the player sees for a drawn colour: ANSI colours through the app's ANSI
    theme (as Textual's filter turns them into RGB outside ANSI themes), the
    terminal's default as the ANSI theme's foreground or background."""
    theme = app.ansi_theme
    if colour is None or colour.type is ColorType.DEFAULT:
        triplet = theme.background_color if background else theme.foreground_color
        return (triplet.red, triplet.green, triplet.blue)
    got = colour.get_truecolor(theme, foreground=not background)
    return (got.red, got.green, got.blue)


def cells(app: App[Any]) -> Iterator[tuple[str, str, int, int]]:
    """Each resource, star, border title and border subtitle on the screen: what it
    is, its text, and the screen cells it is drawn in (column, row) one by one.
    The text is the screenshot's (Textual's ``export_screenshot``), titles are found
    on their widget's border row."""
    shown = screen_rows(app)
    for y, row in enumerate(shown):
        for kind, pattern in (("resource", RESOURCE), ("star", STAR)):
            for match in pattern.finditer(row):
                for x in range(match.start(), match.end()):
                    yield kind, match.group(), x, y
    for widget in app.screen.query("*"):
        if not widget.display or not widget.region.area:
            continue
        outer = widget.region
        for kind, title, y in (
            ("title", widget.border_title, outer.y),
            ("subtitle", widget.border_subtitle, outer.bottom - 1),
        ):
            plain = str(getattr(title, "plain", title or "")).strip()
            if not plain or not 0 <= y < len(shown):
                continue
            row = shown[y][: outer.right]
            x = row.find(plain[:20], outer.x)
            assert x >= 0, f"{type(widget).__name__}'s {kind} {plain!r} not on row {y}"
            for column in range(x, x + min(len(plain), 20)):
                if row[column] != " ":
                    yield f"{type(widget).__name__} {kind}", plain, column, y


def problems(app: App[Any]) -> list[str]:
    """Every resource, star and border title or subtitle on the screen below 4.5:1
    against the background of its cell, as the screen is composed."""
    found: list[str] = []
    for kind, text, x, y in cells(app):
        style = app.screen.get_style_at(x, y)
        fore = rgb(style.color, app, background=False)
        back = rgb(style.bgcolor, app, background=True)
        got = ratio(fore, back)
        if got < AA:
            found.append(f"{app.theme}: {kind} {text!r} at {x},{y}: {got:.2f}:1")
    return sorted(set(found))


async def _seed_2_stored(pilot: Pilot[None]) -> None:
    await open_game(pilot)
    await play_moves(pilot, greedy_policy(), 8)  # three cards stored: totals, log


@pytest.mark.slow
async def test_every_theme_reaches_aa_where_drawn() -> None:
    """Each of Textual's themes in turn on the game screen (cards, stored cards with
    their totals, the log, the status bar): each resource, star and panel title at
    4.5:1 or more against the background it is drawn on. The theme changes while
    the game is shown, so texts drawn before the change are measured again too."""
    app = app_for(2)
    found: list[str] = []
    async with app.run_test(size=(100, 32)) as pilot:
        await _seed_2_stored(pilot)
        screen = game_screen(app)
        assert screen.query("CardWidget") and screen.query("StoredPanel")
        for name in BUILTIN_THEMES:
            app.theme = name
            await pilot.pause()  # the restyle and the theme's signal run after the change
            assert app.current_theme.name == name
            found += problems(app)
    assert not found, "\n".join(found)


def test_every_theme_defines_the_games_colours() -> None:
    """Each theme gets every colour as a CSS variable (``$palm-wood`` …), and a
    non-ANSI theme's are at 4.5:1 on its background, surface and panel."""
    for name, theme in BUILTIN_THEMES.items():
        variables = css_variables(theme)
        assert set(variables) == {f"palm-{n}" for n in NAMES}, name
        if is_ansi(theme):
            continue
        generated = theme.to_color_system().generate()
        for where in ("background", "surface", "panel"):
            back = RichColor.parse(generated[where][:7]).get_truecolor()
            for colour in variables.values():
                fore = RichColor.parse(colour).get_truecolor()
                got = ratio((fore.red, fore.green, fore.blue), (back.red, back.green, back.blue))
                assert got >= AA, (name, where, colour)


def sixteen(colour: RichColor | None, app: App[Any]) -> str:
    """The colour a 16-colour terminal shows: Rich's downgrade, as it writes it."""
    if colour is None or colour.type is ColorType.DEFAULT:
        return "default"
    if colour.type is ColorType.STANDARD or is_ansi(app.current_theme):
        return str(colour.number)
    return str(colour.downgrade(ColorSystem.STANDARD).number)


def test_rgb_turns_to_the_nearest_of_sixteen() -> None:
    """The downgrade the 16-colour test relies on: Rich maps the old wood #c98a3c to
    bright red (9), not yellow (3)."""
    wood = RichColor.parse("#c98a3c")
    assert wood.downgrade(ColorSystem.STANDARD).number == 9


async def test_sixteen_colours_one_per_resource_on_the_terminals_background(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """TERM=xterm without COLORTERM (16 colours): every wood, fish and stone shown has
    one colour everywhere (cards, stored cards, totals, log), three different ones,
    and the screen's background is the terminal's own, not black."""
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("COLORTERM", raising=False)
    app = app_for(2)
    colours: dict[str, set[str]] = {"W": set(), "F": set(), "S": set()}
    places: dict[str, set[str]] = {"W": set(), "F": set(), "S": set()}
    async with app.run_test(size=(100, 32)) as pilot:
        assert app.console.color_system == "standard"
        await _seed_2_stored(pilot)
        for kind, text, x, y in cells(app):
            if kind != "resource" or text.startswith("0"):
                continue  # a total of none is plain text
            widget, _ = app.screen.get_widget_and_offset_at(x, y)
            colours[text[-1]].add(sixteen(app.screen.get_style_at(x, y).color, app))
            places[text[-1]].add(type(widget).__name__)
        width, height = app.size
        backgrounds = {
            sixteen(app.screen.get_style_at(x, y).bgcolor, app)
            for x in range(0, width, 3)
            for y in range(0, height - 1, 2)  # not the footer's row
        }
    assert places["W"] >= {"CardWidget", "StoredPanel"} <= places["F"], places  # two panels
    assert all(len(c) == 1 for c in colours.values()), colours
    assert len(set().union(*colours.values())) == 3, colours
    assert backgrounds == {"default"}, backgrounds


LISTS_WITH_A_CURSOR = ("OptionList", "DataTable", "RadioSet", "ListView", "SelectionList", "Tree")
"""Textual's widgets with a cursor row."""
COVERED = {"OptionList", "DataTable", "RadioSet"}
"""The ones the game uses, each checked below (a subclass, such as the setup's
FeatList, is its base's rule too)."""


def test_every_list_the_game_uses_is_covered() -> None:
    """Each of Textual's lists with a cursor that src/ uses (by name) is in COVERED,
    so a new kind of list without a NO_COLOR cue fails here."""
    root = Path(__file__).resolve().parents[2] / "src" / "palm_island"
    used = {
        node.id if isinstance(node, ast.Name) else node.attr
        for path in root.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Name | ast.Attribute)
        and (node.id if isinstance(node, ast.Name) else node.attr) in LISTS_WITH_A_CURSOR
    }
    assert used == COVERED


class ListsScreen(Screen[None]):
    """One of each list the game uses, three rows each."""

    def compose(self) -> ComposeResult:
        yield OptionList("one", "two", "three")
        table: DataTable[str] = DataTable(cursor_type="row", zebra_stripes=True)
        table.add_columns("game")
        table.add_rows([("one",), ("two",), ("three",)])
        yield table
        yield RadioSet("one", "two", "three")


def cue(style: Style) -> tuple[bool, bool, bool, bool]:
    return (bool(style.reverse), bool(style.bold), bool(style.underline), bool(style.italic))


@pytest.mark.parametrize("focused", ["OptionList", "DataTable", "RadioSet"])
async def test_no_color_cursor_rows_have_a_cue_besides_colour(
    monkeypatch: pytest.MonkeyPatch, focused: str
) -> None:
    """With NO_COLOR, every list's cursor row differs from the row under it in more
    than colour (reverse, bold, underline or italic), focused or not."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = app_for(2)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.screen.is_current, "the first screen")
        await app.push_screen(ListsScreen())
        app.screen.query_one(focused).focus()
        await pilot.pause()
        same: list[str] = []
        for name in COVERED:
            widget = app.screen.query_one(name)
            x, y = widget.content_region.x + 5, widget.content_region.y  # a label
            if name == "DataTable":
                y += 1  # the header row
            if cue(app.screen.get_style_at(x, y)) == cue(app.screen.get_style_at(x, y + 1)):
                same.append(name)
    assert not same, f"no cue besides colour in {same} ({focused} focused)"


@pytest.mark.parametrize(
    ("chosen", "given"), [("textual-light", "ansi-light"), (None, "ansi-dark")]
)
async def test_a_sixteen_colour_terminal_gets_an_ansi_theme_and_keeps_the_choice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chosen: str | None, given: str
) -> None:
    """On 16 colours the app starts in the ANSI theme of the chosen theme's lightness
    (Textual's default is dark), and the settings keep the player's own choice, for
    the next run in a terminal of more colours."""
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("COLORTERM", raising=False)
    settings = tmp_path / "settings.json"
    if chosen is not None:
        settings.write_text(json.dumps({"theme": chosen}))
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert app.theme == given and is_ansi(app.current_theme)
    kept = json.loads(settings.read_text()).get("theme") if settings.exists() else None
    assert kept == chosen
