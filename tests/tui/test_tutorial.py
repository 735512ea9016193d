"""The guided first game: played by its asked keys, wrong keys refused, left and resumed,
offered on the title, never part of a campaign (issue 26)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Button, Input

from benchmarks.keys import keys_for
from check_budget import first_in_check
from palm_island.policies import greedy_policy
from palm_island.storage.catalog_files import standard_tutorial
from palm_island.storage.settings import load_settings
from palm_island.tui.app import PalmIslandApp
from palm_island.tui.glyphs import ASCII
from palm_island.tui.screens.end import EndScreen
from palm_island.tui.screens.tutorial import TutorialScreen
from palm_island.tui.widgets.card import CardWidget
from palm_island.tui.widgets.lesson import LessonPanel
from palm_island.tutorial.progress import Progress

from .helpers import action_offset, app_for, palette_shows
from .store_helpers import opened, store_app

Notes = Callable[[App[Any]], list[str]]
Snap = Callable[..., bool]


def tutorial_screen(app: PalmIslandApp) -> TutorialScreen:
    screen = app.screen
    assert isinstance(screen, TutorialScreen), type(screen).__name__
    return screen


def asked_keys(screen: TutorialScreen) -> list[str]:
    """The keys the step on the screen asks for (enter for a reading step)."""
    move = screen.expected
    return ["enter"] if move is None else keys_for(screen.session.state, move)


async def play_to_step(pilot: Pilot[None], step: int) -> TutorialScreen:
    """Open the tutorial from the title and follow it up to ``step`` (0 first)."""
    await pilot.press("t")
    screen = tutorial_screen(cast(PalmIslandApp, pilot.app))
    while screen.step < step:
        await pilot.press(*asked_keys(screen))
    return screen


SOME_WRONG = ("s", "d", "2", "x", "u", "enter")
"""At each step: an action, discard, a card, an unbound key, undo, enter (those not asked)."""
ALL_WRONG = ("s", "r", "f", "d", "1", "2", "3", "x", "h", "u", "ctrl+r", "enter", "t", "n")


async def wrong_keys_at_every_step(candidates: tuple[str, ...], notes_of: Notes) -> None:
    """The whole tutorial played by its asked keys, ``candidates`` not asked pressed
    first at each step: each plays nothing and says what is asked; the asked keys
    play exactly the scripted moves, every lesson shown, then free play."""
    tutorial = standard_tutorial()
    app = app_for(7)
    async with app.run_test(size=(80, 24)) as pilot:
        notes = notes_of(app)
        screen = await play_to_step(pilot, 0)
        seen = []
        while screen.scripted:
            turn, step = screen.session.turn, screen.step
            seen.append(step)
            right = asked_keys(screen)
            wrong = [k for k in candidates if k not in right]
            assert len(wrong) >= 3
            for key in wrong:
                before = len(notes)
                await pilot.press(key)
                assert screen.session.turn == turn and screen.step == step, (step, key)
                assert not screen.choice.is_open, (step, key)
                assert len(notes) == before + 1, (step, key)  # it says what is asked
            assert notes and "asks for something else" in notes[-1]
            await pilot.press(*right)
            assert screen.step > step or screen.session.turn == turn + 1
        assert sorted(set(seen)) == list(range(len(tutorial.lessons)))
        assert screen.session.moves == tutorial.moves  # exactly the scripted moves
        assert screen.query_one("#log").display and not screen.query_one("#lesson").display
        assert (
            app.controller.settings.tutorial is not None and app.controller.settings.tutorial.done
        )
        await pilot.press("d")  # free play: any move now
        assert screen.session.turn == len(tutorial.moves) + 1


@pytest.mark.slow
async def test_the_whole_tutorial_plays_by_its_asked_keys_and_wrong_keys_play_nothing(
    notifications: Notes,
) -> None:
    await wrong_keys_at_every_step(SOME_WRONG, notifications)


@pytest.mark.slow
@pytest.mark.sweep  # every key at every step, ~25 s: make sweep (CI), not make test
async def test_every_wrong_key_at_every_step_plays_nothing(notifications: Notes) -> None:
    await wrong_keys_at_every_step(ALL_WRONG, notifications)


@pytest.mark.slow
async def test_a_wrong_choice_and_a_wrong_click_play_nothing(notifications: Notes) -> None:
    app = app_for(7)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await play_to_step(pilot, 7)  # store at four: release LG1 (option 2)
        notes = notifications(app)
        turn = screen.session.turn
        await pilot.press("s")
        assert screen.choice.is_open
        await pilot.press("1")  # releases CH2: not what the step asks
        assert screen.session.turn == turn and screen.choice.is_open
        assert "Press 2" in notes[-1]
        await pilot.press("escape")
        card = screen.query_one("#card-2", CardWidget)
        assert await pilot.click(card, offset=(3, 1))  # card 2: not this step's card
        assert screen.session.turn == turn and screen.selected == 1
        await pilot.press("s", "2")
        assert screen.session.turn == turn + 1 and screen.step == 8
        card1 = screen.query_one("#card-1", CardWidget)
        assert await pilot.click(card1, offset=action_offset(card1, "rotate"))  # the mouse
        await pilot.press("1")
        assert screen.step == 9
        await pilot.press("s")
        assert screen.step == 10  # the Temple: discard
        before = len(notes)
        card1 = screen.query_one("#card-1", CardWidget)
        assert await pilot.click(card1, offset=action_offset(card1, "discard"))
        assert screen.step == 11 and len(notes) == before  # played, nothing to explain


@pytest.mark.slow
async def test_escape_leaves_and_the_title_resumes_at_the_step(tmp_path: Path) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        screen = await play_to_step(pilot, 5)
        await pilot.press("escape")
        assert not isinstance(app.screen, TutorialScreen)
        assert "resume at step 6" in str(app.screen.query_one("#tutorial", Button).label)
        await pilot.press("t")
        assert tutorial_screen(app).step == 5
        assert tutorial_screen(app).session.turn == screen.session.turn
    settings = json.loads((tmp_path / "settings.json").read_text("utf-8"))
    assert settings["tutorial"] == {"step": 5, "moves": 3, "done": False}
    again = store_app(tmp_path)  # a new run: the step kept in settings
    async with again.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert not again.screen.query_one("#tutorial-new").display  # not a first start
        await pilot.press("t")
        assert tutorial_screen(again).step == 5
        assert tutorial_screen(again).session.turn == 3


@pytest.mark.slow
async def test_hint_and_undo_are_off_the_key_bar_until_free_play(notifications: Notes) -> None:
    app = app_for(7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_to_step(pilot, 3)
        bar = [b.action for _, b, enabled, _ in screen.active_bindings.values() if enabled]
        assert "hint" not in bar and "undo" not in bar
        notes = notifications(app)
        await pilot.press("u", "h")
        assert screen.session.turn == 1 and len(notes) == 2
        screen = await play_to_step(pilot, len(standard_tutorial().lessons))
        bar = [b.action for _, b, enabled, _ in screen.active_bindings.values() if enabled]
        assert "hint" in bar and "undo" in bar
        turn = screen.session.turn
        card1 = screen.query_one("#card-1", CardWidget)
        assert await pilot.click(card1, offset=action_offset(card1, "discard"))  # free play
        assert screen.session.turn == turn + 1
        await pilot.press("d", "escape")
        assert "back to your game" in str(app.screen.query_one("#tutorial", Button).label)
        await pilot.press("t")
        assert tutorial_screen(app).session is screen.session  # free play, as it was


@pytest.mark.slow
async def test_finishing_the_tutorial_counts_for_nothing_in_the_campaign(tmp_path: Path) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        screen = await play_to_step(pilot, len(standard_tutorial().lessons))
        policy = greedy_policy()
        while not screen.session.state.is_over:
            screen.play(policy(screen.session.state))
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        assert app.controller.store is not None
        assert app.controller.store.history() == [] and app.controller.store.unfinished_count() == 0
        assert app.controller.store.saved_games() == []
        assert app.controller.store.campaign(app.controller.campaign_name or "").unlocked == ()


@pytest.mark.slow
async def test_the_palette_offers_the_tutorial() -> None:
    app = app_for(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.press(*"Tutorial")
        await palette_shows(pilot, "Tutorial")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TutorialScreen)


FIRST_START_KEYS = [
    ("n", "PreviewScreen"),
    ("d", "PreviewScreen"),
    ("question_mark", "HelpScreen"),
    ("t", "TutorialScreen"),
]
STORE_KEYS = [
    ("n", "SetupScreen"),
    ("s", "SavedGamesScreen"),
    ("m", "CampaignScreen"),
    ("f", "FeatsScreen"),
    ("y", "HistoryScreen"),
    ("z", "StatsScreen"),
]


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
@pytest.mark.parametrize(("key", "screen"), first_in_check(FIRST_START_KEYS))
async def test_first_start_shows_the_tutorial_entry_and_every_title_key_works(
    key: str, screen: str
) -> None:
    app = app_for(7)
    async with app.run_test(size=(80, 24)) as pilot:
        new = app.screen.query_one("#tutorial-new", Button)
        assert new.display and "New to Palm Island? Learn by playing" in str(new.label)
        assert app.focused is not None and app.focused.id == "new"  # not in the way
        await pilot.press("c", "4", "2")
        assert (
            app.controller.deck_colour == "red"
            and app.screen.query_one("#seed", Input).value == "42"
        )
        await pilot.press(key)
        await pilot.pause()
        assert type(app.screen).__name__ == screen


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
@pytest.mark.parametrize(("key", "screen"), first_in_check(STORE_KEYS))
async def test_first_start_with_a_campaign_file_every_title_key_works(
    key: str, screen: str, tmp_path: Path
) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert app.screen.query_one("#tutorial-new").display
        await pilot.press(key)
        await pilot.pause()
        assert type(app.screen).__name__ == screen


def test_with_ascii_every_lesson_is_written_in_ascii() -> None:
    for lesson in standard_tutorial().lessons:
        assert ASCII.in_text(lesson.title + lesson.text).isascii(), lesson.title


@pytest.mark.slow  # over 0.3 s of CPU: make test, not make check (60 s budget)
async def test_with_ascii_the_lesson_panel_draws_only_ascii() -> None:
    app = app_for(7, ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_to_step(pilot, 1)  # reading a card: stars, icons, arrows
        panel = screen.query_one("#lesson", LessonPanel)
        assert "*0" in str(panel.render())
        assert (str(panel.render()) + str(panel.border_title)).isascii()


def test_every_place_a_game_screen_changes_the_game_is_held_by_the_tutorial() -> None:
    """A move, undo or redo the game screen makes must pass the tutorial's checks: each
    method of GameScreen that calls the session's play/undo/redo is overridden."""
    import ast
    import inspect

    from palm_island.tui.screens import game

    tree = ast.parse(inspect.getsource(game))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "GameScreen")
    changing = set()
    for method in cls.body:
        if isinstance(method, ast.FunctionDef):
            for node in ast.walk(method):
                if (
                    isinstance(node, ast.Attribute)
                    and node.attr in ("play", "undo", "redo")
                    and "session" in ast.unparse(node.value)
                ):
                    changing.add(method.name)
    assert changing == {"play", "action_undo", "action_redo"}, changing
    for name in changing:
        assert name in vars(TutorialScreen), f"TutorialScreen does not hold {name}"


@pytest.mark.parametrize(
    "kept",
    [
        {"step": "5", "moves": 3, "done": False},
        {"step": 5, "moves": 3},
        {"step": -1, "moves": 3, "done": False},
        {"step": True, "moves": 3, "done": False},
        [5, 3, False],
    ],
)
def test_a_tutorial_entry_not_as_written_means_never_started(tmp_path: Path, kept: object) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"theme": "nord", "tutorial": kept}))
    settings = load_settings(tmp_path).settings
    assert settings.theme == "nord" and settings.tutorial is None


@pytest.mark.slow
async def test_changing_the_theme_keeps_the_tutorial_step(tmp_path: Path) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await play_to_step(pilot, 4)
        app.theme = "nord"
        await pilot.pause()
    settings = load_settings(tmp_path).settings
    assert settings.theme == "nord" and settings.tutorial == Progress(4, 2, False)


TAP_ASKED = re.compile(
    r'Tap (?:Next on the key bar|"(?P<kind>[a-z ]+)" on card (?P<card>\d)'
    r"|choice (?P<choice>\d))(?:, then choice (?P<then>\d))?"
)
"""What a step asks on a touch screen: the key bar's Next, a card's action line,
a choice's line (and a choice after an action line)."""


@pytest.mark.slow
async def test_on_a_touch_screen_every_step_asks_for_taps_that_play_it() -> None:
    """AppConfig.touch (a served page on a touch screen): no step names a key; each
    step's words, tapped as they say in the compact layout, play the whole lesson."""
    from .test_compact import tap_key, tap_option

    tutorial = standard_tutorial()
    app = app_for(7, touch=True)
    async with app.run_test(size=(50, 48)) as pilot:
        screen = await play_to_step(pilot, 0)
        seen = []
        while screen.scripted:
            seen.append(screen.step)
            asked = screen.asked()
            assert "Press" not in asked and " key " not in asked.replace("key bar", ""), asked
            found = TAP_ASKED.match(asked)
            assert found is not None, asked
            turn, step = screen.session.turn, screen.step
            if found["kind"]:
                card = screen.query_one(f"#card-{found['card']}", CardWidget)
                kind = "discard" if found["kind"] == "discard to back" else found["kind"]
                assert await pilot.click(card, offset=action_offset(card, kind))
                await pilot.pause()
            elif found["choice"]:
                await tap_option(pilot, int(found["choice"]))
            else:
                await tap_key(pilot, "Next")
            if found["then"]:
                await tap_option(pilot, int(found["then"]))
            assert screen.step > step or screen.session.turn > turn, asked
        assert sorted(set(seen)) == list(range(len(tutorial.lessons)))
        assert screen.session.moves == tutorial.moves
