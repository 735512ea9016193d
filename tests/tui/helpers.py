"""Helpers for the UI tests: a deterministic app and drivers that play moves."""

from __future__ import annotations

import html
import itertools
import re
import time
from collections.abc import Callable
from typing import Any, cast

import pytest
from rich.cells import cell_len
from textual.app import App
from textual.geometry import Offset, Region
from textual.pilot import Pilot
from textual.widgets import Footer

from benchmarks.keys import keys_for
from palm_island.engine import Move
from palm_island.policies import Policy
from palm_island.session import GameSession
from palm_island.solver import Budget
from palm_island.tui.app import AppConfig, PalmIslandApp, make_app
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.widgets.card import DISCARD, CardWidget

SIZES = [
    # the smallest table on every make test; the roomier one is make sweep's (CI)
    pytest.param((100, 32), id="100x32", marks=pytest.mark.sweep),
    pytest.param((80, 24), id="80x24"),
]
"""The two table sizes of the snapshot tests."""


def app_for(seed: int, **options: object) -> PalmIslandApp:
    """The app as the CLI builds it, with the seed and "new deal" seeds fixed and no
    background par (``compute_par=True`` turns it on)."""
    counter = itertools.count(1000)
    # No background par unless the test asks (``compute_par=True``): a game's start
    # searches its par and works out the deal's bound in threads, about 0.2 s of CPU
    # per app run that no test of the game screen looks at (the UI tests took 222 s of
    # CPU with it, 2026-12-03), and the screens that show par have tests of their own.
    config = AppConfig(seed=seed, seed_source=lambda: next(counter), compute_par=False)
    # Cheap, fixed searches where a test turns the par on or asks for a hint: the
    # default budgets would take seconds of CPU away from the UI under test.
    config.par_budget = Budget(10)
    config.analysis_budget = Budget(5)
    for name, value in options.items():
        setattr(config, name, value)
    return make_app(config)


def app_in_game(seed: int, **options: object) -> PalmIslandApp:
    """:func:`app_for` that opens on the game screen, as ``New game`` then ``Start``
    would (the same new session; ``AppConfig.start_in_game``): for tests of the game
    screen, whose way in is not under test. The title and the deck preview cost about
    0.3 s of CPU a test (:func:`open_game` goes through them, for the tests of that way)."""
    return app_for(seed, start_in_game=True, **options)


async def in_game(pilot: Pilot[None]) -> None:
    """Waits for :func:`app_in_game`'s game screen."""
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, GameScreen), "the game screen")


def game_screen(app: PalmIslandApp) -> GameScreen:
    screen = next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))
    return screen


def session(app: PalmIslandApp) -> GameSession:
    assert app.controller.session is not None
    return app.controller.session


async def open_game(pilot: Pilot[None]) -> None:
    """Title → deck preview → game, with enter twice (New game has the focus, then
    the preview's Start playing)."""
    await pilot.press("enter")
    await pilot.press("enter")
    assert isinstance(pilot.app.screen, GameScreen)


async def play_by_keys(pilot: Pilot[None], move: Move) -> None:
    app = cast(PalmIslandApp, pilot.app)
    await pilot.press(*keys_for(session(app).state, move))


def action_offset(card: CardWidget, kind: str) -> Offset:
    """Where a player clicks for ``kind`` on ``card`` (relative to it): on the line the
    card shows for it, found in what the card draws (its border included)."""
    width, height = card.outer_size
    lines = [strip.text for strip in card.render_lines(Region(0, 0, width, height))]
    label = "] discard to back" if kind == DISCARD else f"] {kind} "
    rows = [y for y, line in enumerate(lines) if label in line]
    assert len(rows) == 1, (kind, lines)
    return Offset(3, rows[0])


async def play_by_mouse(pilot: Pilot[None], move: Move) -> None:
    """Click the action's line on its card, then the variant in the modal if asked."""
    app = cast(PalmIslandApp, pilot.app)
    variants = [m for m in session(app).legal_moves() if m[:2] == move[:2]]
    card = game_screen(app).query_one(f"#card-{move.card}", CardWidget)
    kind = DISCARD if move.kind == "discard" else move.kind
    assert await pilot.click(card, offset=action_offset(card, kind))
    if len(variants) > 1:
        await click_choice(pilot, game_screen(app).choice.moves.index(move))


async def click_choice(pilot: Pilot[None], row: int) -> None:
    """Click option ``row`` of the payment choice (each option is one line)."""
    assert await pilot.click("#choices", offset=(4, row))


_CELL = re.compile(
    r'<text [^>]*?x="([\d.]+)"[^>]*?textLength="([\d.]+)"[^>]*?'
    r'clip-path="url\(#[\w-]+-line-(\d+)\)"[^>]*>([^<]*)</text>'
)


def screen_rows(app: App[Any]) -> list[str]:
    """The screen's rows as the player sees them: the text of Textual's screenshot
    (``App.export_screenshot``), one string per row, in terminal cells."""
    width, height = app.size
    rows = [[" "] * width for _ in range(height)]
    cells = [
        (float(x), float(length), int(line), html.unescape(raw).replace("\xa0", " "))
        for x, length, line, raw in _CELL.findall(app.export_screenshot())
    ]
    cell = min(length / cell_len(text) for _, length, _, text in cells if cell_len(text))
    for x, _, line, text in cells:
        if not text or line >= height:
            continue
        column = round(x / cell)
        for char in text:
            if column < width:
                rows[line][column] = char
            column += max(1, cell_len(char))
    return ["".join(row).rstrip() for row in rows]


async def keys_settled(pilot: Pilot[Any]) -> None:
    """Waits until every key bar has passed its binding changes on, then lets the
    stock rebuild run (``KeyBar`` gathers a burst of changes for a refresh): read
    the footer after this, not after a bare ``pause``."""
    from palm_island.tui.widgets.footer import KeyBar

    def settled() -> bool:
        return not any(bar.gathering for bar in pilot.app.screen.query(KeyBar))

    await wait_until(pilot, settled, "the key bar to take the new keys")
    await pilot.pause()


def footer_row(app: App[Any]) -> tuple[int, str]:
    """The row the screen's key bar (Textual's ``Footer``) is drawn on, and its text."""
    footer = app.screen.query_one(Footer)
    return footer.region.y, screen_rows(app)[footer.region.y]


def footer_text(app: App[Any]) -> str:
    """What the key bar reads, as drawn (keys cut off at the edge are not there)."""
    return footer_row(app)[1]


async def click_footer_key(pilot: Pilot[None], description: str) -> None:
    """Click the footer's key with ``description`` (e.g. ``Discard``), as a mouse user."""
    await keys_settled(pilot)
    y, text = footer_row(pilot.app)
    assert description in text, f"no {description!r} key in the footer: {text!r}"
    assert await pilot.click(offset=(text.index(description), y))


async def play_moves(pilot: Pilot[None], policy: Policy, turns: int) -> None:
    """Play ``turns`` moves of ``policy`` directly on the screen (set-up, not input)."""
    app = cast(PalmIslandApp, pilot.app)
    screen = game_screen(app)
    for _ in range(turns):
        if session(app).state.is_over:
            break
        screen.play(policy(session(app).state))
    await pilot.pause()


WAIT_LIMIT_SECONDS = 60.0
"""How long :func:`wait_until` waits before failing: a bound on a broken test, not a
wait any passing test sits through."""


async def wait_until(
    pilot: Pilot[Any], ready: Callable[[], object], what: str, timeout: float = WAIT_LIMIT_SECONDS
) -> None:
    """Lets the app run (Pilot's own pauses) until ``ready()`` is true; fails naming
    ``what`` after ``timeout`` s. Tests wait on the condition they need, never a
    fixed time: a fixed pause is too short on a loaded machine, too long elsewhere."""
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting after {timeout:.0f} s for {what}")
        await pilot.pause(0.01)


async def palette_shows(pilot: Pilot[Any], title: str) -> None:
    """After ``ctrl+p`` and typing: waits until the palette's highlighted command is
    ``title``'s (its search runs in the background)."""
    from textual.command import CommandList

    def highlighted() -> bool:
        lists = pilot.app.screen.query(CommandList)
        if not lists:
            return False
        listed = lists.first()
        index = listed.highlighted
        return index is not None and title in str(listed.get_option_at_index(index).prompt)

    await wait_until(pilot, highlighted, f"the palette to offer {title!r}")


def par_shown(app: App[Any]) -> Callable[[], bool]:
    """Whether the end screen is up with the par and the deal's bound on it (it polls
    the par book for both)."""
    from palm_island.tui.screens.end import EndScreen
    from palm_island.tui.widgets.result import ResultLines

    def shown() -> bool:
        lines = app.screen.query(ResultLines) if isinstance(app.screen, EndScreen) else None
        if not lines:
            return False
        shown = lines.first()
        return shown.par is not None and shown.bound is not None

    return shown
