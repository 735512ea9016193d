"""Every screen at a phone held upright (55×60) and at the compact minimum (44×40):
no entry wraps so that it reads as two.

Two things break a line on a phone. A tap target (a button, a list's option) whose
label Textual wraps: its key or its figure lands on a row of its own ("Learn by
playing — 5" / "minutes t", "best" / "- 0 feats"). And a list's line whose wrapped
rest starts left of where the line starts ("1 QU1 Quarry ... R" / "2♣W · F 2≈F"),
so it reads as the next entry. Both are found from what is drawn: the first from
the widget's own rows against its label's lines, the second from the screen's text
(:func:`continued_left`), where a row is a wrap's rest when its first word would
not have fitted on the row above (the rule every word wrap breaks by).
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, OptionList, Static

from palm_island.policies import greedy_policy

from .helpers import play_moves, screen_rows
from .store_helpers import opened, store_app

PHONE = (55, 60)
"""A 390 px phone held upright at a 12 px font (tests/tui/test_compact.py)."""


def _lines(prompt: object) -> int:
    plain = prompt.plain if isinstance(prompt, Text) else str(prompt)
    return plain.count("\n") + 1


def wrapped_targets(app: App[Any]) -> list[str]:
    """Buttons and option lists drawn on more rows than their labels have lines."""
    problems = []
    for widget in shown(app):
        if isinstance(widget, Button):
            if widget.content_size.height > _lines(widget.label):
                problems.append(f"{widget!r}: {str(widget.label)!r} wraps")
        elif isinstance(widget, OptionList):
            options = [widget.get_option_at_index(i) for i in range(widget.option_count)]
            rows = sum(_lines(option.prompt) for option in options)
            rules = widget.virtual_size.height - rows
            # a TapList draws a rule between each two options on a phone, none else
            if rules > max(0, len(options) - 1):
                prompts = [str(option.prompt) for option in options]
                problems.append(f"{widget!r}: an option wraps: {prompts}")
    return problems


def shown(app: App[Any]) -> list[Widget]:
    """The widgets on the screen now (every ancestor displayed), with an area."""
    return [
        widget
        for widget in app.screen.query("*")
        if widget.region.area
        and all(node.display for node in widget.ancestors_with_self if isinstance(node, Widget))
    ]


def _unwrapped(widget: Widget) -> bool:
    """A ``Static`` drawn on no more rows than its text has lines: nothing wrapped
    (its rows are its lines, however they are indented)."""
    plain = getattr(widget.visual, "plain", None) if isinstance(widget, Static) else None
    return isinstance(plain, str) and plain.count("\n") + 1 >= widget.content_size.height


def _words(text: str) -> bool:
    """Whether a row has text (not blank, not only a rule or a scroll bar)."""
    return any(char.isalnum() for char in text)


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def continued_left(app: App[Any]) -> list[str]:
    """Rows that carry on the row above (a word wrap) but start left of where that
    line of text began: in each widget that draws text itself (no children shown),
    within its content and the part of it its scrolling containers show."""
    rows = screen_rows(app)
    problems = []
    for widget in shown(app):
        if any(child.display for child in widget.children) or _unwrapped(widget):
            continue
        area = widget.content_region.intersection(app.screen.region)
        for ancestor in widget.ancestors:
            if isinstance(ancestor, Widget) and ancestor.allow_vertical_scroll:
                area = area.intersection(ancestor.scrollable_content_region)
        left, right = area.x, area.right
        texts = [rows[y][left:right].rstrip() for y in range(area.y, area.bottom)]
        start = 0  # where the line the row belongs to began
        hang: int | None = None  # where its rest goes on, once it has wrapped
        for above, row in itertools.pairwise(texts):
            indent = _indent(row)
            carries_on = len(above) + 1 + len(row.split()[0] if _words(row) else "") > area.width
            if not (_words(above) and _words(row)):  # blank, or a rule between entries
                carries_on = False
            elif carries_on and hang is None and indent < start:
                problems.append(f"{widget!r}: {above.strip()!r} / {row.strip()!r}")
            if carries_on and hang is None and indent >= start:
                hang = indent
            elif not carries_on or (hang is not None and indent < hang):
                start, hang = indent, None  # a line of its own
    return problems


async def wraps_on(pilot: Pilot[None], where: str) -> list[str]:
    """Every wrap problem of the screen now, its scrolled parts included."""
    await pilot.pause()
    app = pilot.app
    problems = [f"{where}: {p}" for p in wrapped_targets(app) + continued_left(app)]
    for widget in shown(app):
        if widget.allow_vertical_scroll and widget.max_scroll_y:
            for _ in range(widget.max_scroll_y // max(1, widget.size.height) + 1):
                widget.scroll_page_down(animate=False)
                await pilot.pause()
                problems += [f"{where} (scrolled): {p}" for p in continued_left(app)]
    return problems


@pytest.mark.slow
@pytest.mark.parametrize(
    "size",  # the smallest on every make test; the upright phone is make sweep's (CI)
    [pytest.param(PHONE, id="55x60", marks=pytest.mark.sweep), pytest.param((44, 40), id="44x40")],
)
async def test_no_screen_breaks_an_entry_across_rows(size: tuple[int, int], tmp_path: Path) -> None:
    """Title (first start and after a game), campaigns, new game, deck preview, game,
    payment choice, help, quit question, end, feats, history, statistics, daily
    deal, tutorial."""
    app = store_app(tmp_path, seed=2)
    problems: list[str] = []
    async with app.run_test(size=size) as pilot:
        await opened(pilot)
        problems += await wraps_on(pilot, "title")
        await pilot.press("m")
        problems += await wraps_on(pilot, "campaigns")
        await pilot.press("c", *"Two", "enter")  # a list of two
        problems += await wraps_on(pilot, "two campaigns")
        await pilot.press("escape", "n")
        problems += await wraps_on(pilot, "new game")
        await pilot.press("enter")
        problems += await wraps_on(pilot, "deck preview")
        await pilot.press("enter")
        problems += await wraps_on(pilot, "game")
        await play_moves(pilot, greedy_policy(), 8)  # seed 2, turn 8: two ways to pay
        await pilot.press("1", "r")
        problems += await wraps_on(pilot, "payment choice")
        await pilot.press("escape", "question_mark")
        problems += await wraps_on(pilot, "help")
        await pilot.press("escape", "q")
        problems += await wraps_on(pilot, "quit question")
        await pilot.press("n")
        await play_moves(pilot, greedy_policy(), 200)
        problems += await wraps_on(pilot, "end")
        await pilot.press("t")
        problems += await wraps_on(pilot, "title after a game")
        for key, name in [("f", "feats"), ("y", "history"), ("z", "statistics")]:
            await pilot.press(key)
            problems += await wraps_on(pilot, name)
            await pilot.press("escape")
        await pilot.press("d")
        problems += await wraps_on(pilot, "daily deal")
        await pilot.press("escape", "t")
        await pilot.pause()
        problems += await wraps_on(pilot, "tutorial")
    assert problems == [], "\n".join(problems)
