"""The compact layout (narrow terminals, tmux panes, phones) and play by taps alone.

Which layout applies is Textual's breakpoints' business (``tui/layout.py``); these
tests check the sizes at its edges, that every screen the player meets fits or
scrolls at the compact size and at 80×24 (no widget drawn outside the screen or
outside a container that does not scroll), and a whole visit by clicks only.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.binding import Binding
from textual.geometry import Size
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Input, OptionList, RadioButton

from palm_island.policies import greedy_policy
from palm_island.session import GameSession
from palm_island.tui.app import PalmIslandApp
from palm_island.tui.layout import COMPACT, TABLE, fits
from palm_island.tui.screens.ask import InputScreen
from palm_island.tui.screens.campaign import CampaignScreen
from palm_island.tui.screens.confirm import ConfirmQuitScreen
from palm_island.tui.screens.end import EndScreen
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.help import HelpScreen
from palm_island.tui.screens.preview import PreviewScreen
from palm_island.tui.screens.setup import SetupScreen
from palm_island.tui.screens.title import TitleScreen
from palm_island.tui.screens.too_small import TooSmallScreen
from palm_island.tui.screens.tutorial import TutorialScreen
from palm_island.tui.widgets.card import CardWidget
from palm_island.tui.widgets.touch_keys import (
    OFF_THE_FOOTER,
    REACHED_OTHERWISE,
    TouchKeys,
    on_a_bar,
)

from .helpers import (
    action_offset,
    app_for,
    app_in_game,
    footer_text,
    game_screen,
    in_game,
    keys_settled,
    open_game,
    play_moves,
    screen_rows,
    session,
    wait_until,
)
from .store_helpers import opened, store_app

NARROW_SIZES = [(55, 60), (48, 44), (COMPACT.minimum.width, COMPACT.minimum.height)]
"""A 390 px phone at 12 px (55x60), a narrow window, the compact minimum."""
CHECKED_SIZES = [*NARROW_SIZES, (TABLE.minimum.width, TABLE.minimum.height)]


def test_a_layout_fits_from_each_minimum_and_not_below() -> None:
    table, compact = TABLE.minimum, COMPACT.minimum
    assert fits(table) and fits(compact) and fits(Size(50, 45))
    for width, height in [
        (table.width - 1, table.height),  # too narrow for the table, too short for compact
        (table.width, table.height - 1),
        (compact.width - 1, compact.height),
        (compact.width, compact.height - 1),
        (table.width - 1, compact.height - 1),
    ]:
        assert not fits(Size(width, height)), (width, height)


LAYOUT_CLASSES = {"-narrow", "-snug", "-wide"}


@pytest.mark.slow
async def test_the_layout_class_and_the_notice_follow_the_window() -> None:
    """Each screen has one layout class by width; the notice covers only the sizes
    no layout fits, and the game comes back as it was."""
    app = app_in_game(7)
    async with app.run_test(size=(44, 40)) as pilot:
        await in_game(pilot)
        for size, layout in [((44, 40), "-narrow"), ((80, 24), "-snug"), ((100, 32), "-wide")]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen), size
            assert set(screen.classes) & LAYOUT_CLASSES == {layout}, size
        before = session(app).state
        for width, height in [(43, 40), (44, 39), (79, 30)]:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            assert isinstance(app.screen, TooSmallScreen), (width, height)
            assert "44×40" in app.screen.notice_text() and "80×24" in app.screen.notice_text()
        await pilot.resize_terminal(60, 45)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.has_class("-narrow")
        assert session(app).state is before


def fixed_widgets(screen: Screen[Any]) -> list[Widget]:
    """The widgets drawn on ``screen`` that no container scrolls (the screen included)."""
    shown = []
    for widget in screen.query("*"):
        chain = [node for node in widget.ancestors_with_self if isinstance(node, Widget)]
        if not all(node.display for node in chain) or not widget.region.area:
            continue
        if any(a.allow_vertical_scroll or a.allow_horizontal_scroll for a in chain[1:]):
            continue  # it scrolls into view
        shown.append(widget)
    return shown


def cut_off(screen: Screen[Any]) -> list[str]:
    """The widgets drawn (partly) outside the screen or their container, unless a
    container between them and the screen scrolls (then they scroll into view)."""
    problems = []
    for widget in fixed_widgets(screen):
        region = widget.region
        parent = widget.parent
        inside_parent = not isinstance(parent, Widget) or parent.region.contains_region(region)
        if not screen.region.contains_region(region) or not inside_parent:
            problems.append(f"{widget!r} at {region}")
    return problems


def key_bar_fits(screen: Screen[Any]) -> None:
    """The compact layout shows the tappable key bar, the table's width the footer;
    the one shown is whole."""
    narrow = screen.has_class("-narrow")
    bar = screen.query_one(TouchKeys) if narrow else screen.query_one(Footer)
    assert bar.display and screen.region.contains_region(bar.region)
    other = screen.query_one(Footer) if narrow else screen.query_one(TouchKeys)
    assert not other.display
    if not narrow:
        return  # (at the table's width a docked button's lower edge lies under the footer)
    assert all(key.end <= bar.region.width for key in screen.query_one(TouchKeys).keys)
    family = {*bar.ancestors_with_self, *bar.walk_children()}
    hidden = [
        f"{widget!r} at {widget.region}"
        for widget in fixed_widgets(screen)
        if widget not in family and widget.region.overlaps(bar.region)
    ]
    assert hidden == [], "under the key bar"


TAP_TARGETS = (Button, RadioButton, Checkbox, Input)
"""Widgets a tap works on, each a target of its own (a list's options: OptionList)."""
TARGET_ROWS = 2
"""Rows a tap target needs on a phone, or rows from one target to the next: a row
is 14 CSS px at a phone's 12 px font (``tests/web/test_serve_touch.py`` measures
it), two are 28, and WCAG 2.5.8 asks for 24."""


def targets_too_close(screen: Screen[Any]) -> list[str]:
    """On the compact layout: tap targets of one row stacked with no row between
    them (they overlap in columns), and lists whose options are under two rows."""
    shown = [
        widget
        for widget in screen.query("*")
        if all(node.display for node in widget.ancestors_with_self if isinstance(node, Widget))
        and widget.region.area
    ]
    targets = sorted((w for w in shown if isinstance(w, TAP_TARGETS)), key=lambda w: w.region.y)
    problems = []
    for upper in targets:
        for lower in targets:
            a, b = upper.region, lower.region
            if b.y != a.bottom or a.right <= b.x or b.right <= a.x:
                continue
            if min(a.height, b.height) < TARGET_ROWS:
                problems.append(f"{upper!r} right above {lower!r}")
    for options in (w for w in shown if isinstance(w, OptionList) and w.option_count > 1):
        # one row each at least, and a rule between each two (widgets/tap_list.py)
        if options.virtual_size.height < TARGET_ROWS * options.option_count - 1:
            problems.append(
                f"{options!r}: {options.option_count} options in {options.virtual_size.height} rows"
            )
    return problems


async def check(pilot: Pilot[None], expected: type[Screen[Any]], where: str) -> None:
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, expected), f"{where}: {screen!r}"
    assert cut_off(screen) == [], where
    key_bar_fits(screen)
    if screen.has_class("-narrow"):
        assert targets_too_close(screen) == [], where


async def wait_for(pilot: Pilot[None], expected: type[Screen[Any]]) -> None:
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, expected), expected.__name__)


@pytest.mark.slow
@pytest.mark.parametrize(
    "size",
    [  # the smallest layout on every make test; each other size is make sweep's (CI)
        pytest.param(
            size, id=f"{size[0]}x{size[1]}", marks=() if size == (44, 40) else pytest.mark.sweep
        )
        for size in CHECKED_SIZES
    ],
)
async def test_every_screen_fits_or_scrolls(size: tuple[int, int], tmp_path: Path) -> None:
    """Title, new game, deck preview, game (with a payment choice and a hint), help,
    the quit question, end, feats, history, statistics, tutorial, daily deal."""
    app = store_app(tmp_path, seed=2)
    async with app.run_test(size=size) as pilot:
        await opened(pilot)
        await check(pilot, TitleScreen, "title")
        await pilot.press("m")
        await check(pilot, CampaignScreen, "campaigns")
        await pilot.press("c")
        await check(pilot, InputScreen, "a new campaign's name")
        await pilot.press("c", *"Two", "enter")  # a second campaign: a list of two
        await check(pilot, CampaignScreen, "two campaigns")
        await pilot.press("escape")
        await wait_for(pilot, TitleScreen)
        await pilot.press("n")
        await check(pilot, SetupScreen, "new game")
        await pilot.press("enter")
        await check(pilot, PreviewScreen, "deck preview")
        await pilot.press("enter")
        await check(pilot, GameScreen, "game")
        narrow = app.screen.has_class("-narrow")
        if narrow:  # the game fits without scrolling: nothing is below the fold
            assert not app.screen.allow_vertical_scroll
        await play_moves(pilot, greedy_policy(), 8)  # seed 2, turn 8: two ways to pay
        await pilot.press("1", "r")
        await check(pilot, GameScreen, "payment choice")
        assert game_screen(app).choice.is_open
        await pilot.press("escape", "question_mark")
        await check(pilot, HelpScreen, "help")
        await pilot.press("escape", "q")
        await check(pilot, ConfirmQuitScreen, "quit question")
        await pilot.press("n")
        await play_moves(pilot, greedy_policy(), 200)
        await check(pilot, EndScreen, "end")
        await pilot.press("t")
        for key, name in [("f", "feats"), ("y", "history"), ("z", "statistics")]:
            await pilot.press(key)
            await check(pilot, Screen, name)
            assert not isinstance(app.screen, TitleScreen), name
            await pilot.press("escape")
        await pilot.press("d")
        await check(pilot, PreviewScreen, "daily deal")
        await pilot.press("enter")
        await check(pilot, GameScreen, "daily deal's game")
        await pilot.press("escape", "t")
        await wait_for(pilot, TutorialScreen)
        await check(pilot, TutorialScreen, "tutorial")


def touch_key(app: App[Any], description: str) -> tuple[TouchKeys, int, int]:
    """The key bar and where its key with ``description`` is drawn (x, row)."""
    bar = app.screen.query_one(TouchKeys)
    labels = [key.label for key in bar.keys]
    key = next((k for k in bar.keys if k.label.endswith(f" {description}")), None)
    assert key is not None, f"no {description!r} in the key bar: {labels}"
    return bar, key.start, key.row


async def tap_key(pilot: Pilot[None], description: str) -> None:
    bar, x, row = touch_key(pilot.app, description)
    assert await pilot.click(bar, offset=(x, row))
    await pilot.pause()


async def tap_option(pilot: Pilot[None], number: int) -> None:
    """Tap the payment choice's option ``number`` where it is drawn ("1. pay ...")."""
    app = pilot.app
    assert isinstance(app, PalmIslandApp)
    box = game_screen(app).choice
    rows = screen_rows(pilot.app)
    y = next(
        y
        for y in range(box.region.y, box.region.bottom)
        if rows[y].lstrip("│| ").startswith(f"{number}. ")
    )
    assert await pilot.click(offset=(box.region.x + 4, y))
    await pilot.pause()


@pytest.mark.slow
async def test_a_game_is_played_and_left_by_taps_alone(tmp_path: Path) -> None:
    """No key is pressed: a new game from the title, its dialog, the deck preview, card
    actions, a payment, hint, undo, help, back to the title, quit."""
    app = store_app(tmp_path, seed=2)
    async with app.run_test(size=(48, 44)) as pilot:
        await opened(pilot)
        assert await pilot.click("#new")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, PreviewScreen)
        assert await pilot.click("#start")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.has_class("-narrow")

        policy = greedy_policy()
        for _ in range(8):  # seed 2: on turn 8 a rotation can be paid two ways
            move = policy(session(app).state)
            card = screen.query_one(f"#card-{move.card}", CardWidget)
            kind = "discard" if move.kind == "discard" else move.kind
            assert await pilot.click(card, offset=action_offset(card, kind))
            await pilot.pause()
            if screen.choice.is_open:
                await tap_option(pilot, 1 + screen.choice.moves.index(move))
            assert session(app).moves[-1] == move
        card = screen.query_one("#card-1", CardWidget)
        turns = len(session(app).moves)
        assert await pilot.click(card, offset=action_offset(card, "rotate"))
        await pilot.pause()
        assert screen.choice.is_open  # which stored cards pay
        await tap_option(pilot, 2)
        assert len(session(app).moves) == turns + 1

        await tap_key(pilot, "Undo")
        assert len(session(app).moves) == turns
        await tap_key(pilot, "Hint")
        assert screen.query_one("#hint").display
        await tap_key(pilot, "Help")
        assert isinstance(app.screen, HelpScreen)
        await tap_key(pilot, "Close")
        assert app.screen is screen
        await tap_key(pilot, "Quit")
        assert isinstance(app.screen, ConfirmQuitScreen)
        assert await pilot.click("#no")  # keep playing
        await pilot.pause()
        assert app.screen is screen
        await tap_key(pilot, "Title")
        assert isinstance(app.screen, TitleScreen)
        await tap_key(pilot, "Quit")
        assert app.return_code == 0  # a saved game is kept: no question on the title


def _called(node: ast.AST) -> str:
    """The name a call calls (``Footer`` for ``Footer(...)``), else ``""``."""
    if isinstance(node, ast.Call):
        func = node.func
        return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
    return ""


def test_every_footer_comes_with_the_touch_key_bar() -> None:
    """Each screen's footer is made inside ``key_bars(...)``, which adds the compact
    layout's tappable bar: a screen with a bare ``Footer`` would leave a phone with
    keys cut off at the right edge and no way to tap them."""
    package = Path(__file__).resolve().parents[2] / "src" / "palm_island" / "tui"
    bare, stock, wrapped = [], [], 0
    for path in sorted(package.rglob("*.py")):
        if path.relative_to(package) == Path("widgets/footer.py"):
            continue  # where key_bars makes them
        tree = ast.parse(path.read_text())
        for parent in ast.walk(tree):
            for node in ast.iter_child_nodes(parent):
                where = f"{path.relative_to(package)}:{getattr(node, 'lineno', 0)}"
                if _called(node) == "Footer":
                    stock.append(where)  # rebuilt on every binding signal: KeyBar
                if _called(node) in ("Footer", "KeyBar", "modal_footer", "TouchKeys"):
                    if _called(parent) == "key_bars":
                        wrapped += 1
                    else:
                        bare.append(where)
    assert bare == []
    assert stock == []  # every footer is a KeyBar (one rebuild a burst of changes)
    assert wrapped >= 10  # the screens with a footer of their own (the scan sees them)


@pytest.mark.slow
async def test_the_key_bar_shows_the_keys_of_now_after_a_spell_at_the_table_width() -> None:
    """Keys that changed while the bar was hidden (the table's width) show when the
    window is narrow again, and each key of the bar is one the footer lists too (Redo,
    which the footer leaves out for room, aside: it does not apply here)."""
    app = app_for(7)
    async with app.run_test(size=(48, 44)) as pilot:
        await open_game(pilot)
        await pilot.pause()
        labels = [key.label for key in app.screen.query_one(TouchKeys).keys]
        assert "u Undo" not in labels and "q Quit" in labels
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        await pilot.press("d")  # a move: Undo applies now
        await keys_settled(pilot)
        assert "Undo" in footer_text(app)
        await pilot.resize_terminal(48, 44)
        await pilot.pause()
        labels = [key.label for key in app.screen.query_one(TouchKeys).keys]
        assert "u Undo" in labels
        assert labels == [
            "p Peek",
            "h Hint",
            "u Undo",
            "esc Title",
            "? Help",
            "q Quit",
        ]  # the footer's keys but the cards' own (store, rotate, flip, discard)


TAPPED_ON_THE_TABLE = {
    "select": "a tap on a card selects it",
    "act": "a tap on a card's action line plays it",
    "choice": "a tap on a payment option chooses it (esc Cancel is on the key bar)",
}
"""The game's actions a phone reaches by a tap on the table rather than on the key
bar (all of them tapped in :func:`test_a_game_is_played_and_left_by_taps_alone`)."""


@pytest.mark.slow
async def test_every_key_of_the_game_has_a_tap_target_on_a_phone() -> None:
    """Every binding of the game screen and the app (those a phone's missing keys
    would leave out of reach) is on the compact key bar when it applies, or tapped
    on the table: a new binding with neither fails here. Redo, which the footer
    leaves out for room, is on the bar and a tap on it redoes the move."""
    app = app_in_game(7)
    bindings = [*GameScreen.BINDINGS, *PalmIslandApp.BINDINGS]
    actions = {
        binding.action
        for binding in bindings
        if isinstance(binding, Binding)
        and binding.action.partition("(")[0] not in TAPPED_ON_THE_TABLE
    }
    on_the_bar: set[str] = set()
    async with app.run_test(size=(48, 44)) as pilot:
        await in_game(pilot)
        await pilot.pause()
        # the game's states with different keys: new, a move made, a move undone
        for keys in ((), ("d", "d"), ("u",)):
            await pilot.press(*keys)
            await pilot.pause()
            on_the_bar |= {key.action for key in app.screen.query_one(TouchKeys).keys}
        assert sorted(actions - on_the_bar) == []
        assert len(session(app).moves) == 1
        await tap_key(pilot, "Redo")
        assert len(session(app).moves) == 2
        labels = [key.label for key in app.screen.query_one(TouchKeys).keys]
        assert "u Undo" in labels and not any(label.endswith(" Redo") for label in labels)


def screen_classes() -> list[type[Screen[Any]]]:
    """Every screen class of the game's screens package."""
    import importlib
    import inspect
    import pkgutil

    import palm_island.tui.screens as screens

    found: list[type[Screen[Any]]] = []
    for info in pkgutil.iter_modules(screens.__path__):
        module = importlib.import_module(f"{screens.__name__}.{info.name}")
        found += [
            cls
            for cls in vars(module).values()
            if inspect.isclass(cls)
            and issubclass(cls, Screen)
            and cls.__module__ == module.__name__
        ]
    return found


def test_every_hidden_key_of_every_screen_has_taps_that_do_the_same() -> None:
    """A key bound with ``show=False`` on any screen (or the app) is on the compact
    key bar, another key of a shown action, tapped on the table, or listed with the
    taps that reach the same (REACHED_OTHERWISE): a phone has no keyboard."""
    classes = screen_classes()
    assert len(classes) >= 15  # the walk found the screens
    unreached: list[str] = []
    owners: list[type[Screen[Any]] | type[PalmIslandApp]] = [*classes, PalmIslandApp]
    for cls in owners:
        bindings = [b for b in cls.BINDINGS if isinstance(b, Binding)]
        shown = {b.action for b in bindings if b.show}
        for binding in bindings:
            name = binding.action.partition("(")[0].rpartition(".")[2]
            if (
                on_a_bar(binding)
                or binding.action in shown
                or name in TAPPED_ON_THE_TABLE
                or name in REACHED_OTHERWISE
            ):
                continue
            unreached.append(f"{cls.__name__}: {binding.key} {binding.action}")
    assert unreached == []
    assert {"export", "redo"} <= OFF_THE_FOOTER


@pytest.mark.slow
async def test_the_replay_s_export_is_on_the_compact_key_bar() -> None:
    """Export, kept out of the replay's footer for room at 80 columns, is a tap away."""
    from palm_island.records import replay as replay_states
    from palm_island.tui.controller import Replay
    from palm_island.tui.screens.replay import ReplayScreen

    app = app_for(7)
    game = GameSession.from_seed(app.controller.catalog, 7)
    policy = greedy_policy()
    while not game.state.is_over:
        game.play(policy(game.state))
    record = game.record()
    replay = Replay(record, tuple(replay_states(record, app.controller.catalog)), tuple(game.moves))
    async with app.run_test(size=(48, 44)) as pilot:
        await app.push_screen(ReplayScreen(app.controller, replay))
        await wait_until(
            pilot,
            lambda: any(k.action == "export" for k in app.screen.query_one(TouchKeys).keys),
            "Export on the replay's key bar",
        )
        labels = [key.label for key in app.screen.query_one(TouchKeys).keys]
        assert "x Export" in labels


def test_every_option_list_of_the_game_is_spaced_for_taps() -> None:
    """The game's option lists are TapLists (widgets/tap_list.py): a rule between
    each two options on a phone. A stock OptionList made anywhere else fails."""
    tui = Path(__file__).parents[2] / "src" / "palm_island" / "tui"
    stock = []
    for path in sorted(tui.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _called(node) == "OptionList":
                stock.append(f"{path.relative_to(tui)}:{node.lineno}")
            if isinstance(node, ast.ClassDef) and any(
                isinstance(base, ast.Name) and base.id == "OptionList" for base in node.bases
            ):
                stock.append(f"{path.relative_to(tui)}:{node.lineno} (class {node.name})")
    assert stock == ["widgets/tap_list.py:41 (class TapList)"]
