"""The pseudo-language walk of the tutorial (docs/i18n.md): under ``xx`` every
translated string is bracketed ⟦…⟧, so a plain English word left in a step's
panel (its heading, the lesson, what it asks), the marked card's label, the
status line or the notice of a wrong key is a string that slipped through. Every
step is walked, by keys and on a touch screen (whose asks name taps, not keys)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import pytest
from textual.app import App

from benchmarks.keys import keys_for
from palm_island.i18n import speaking
from palm_island.storage.catalog_files import standard_tutorial
from palm_island.tui.screens.tutorial import TutorialScreen
from palm_island.tui.widgets.lesson import LessonPanel

from .helpers import app_for, wait_until
from .test_pseudo_screens import region_text, unmarked

pytestmark = pytest.mark.slow


def step_parts(app: App[Any], screen: TutorialScreen) -> dict[str, str]:
    """The tutorial's own words on the screen at this step."""
    parts = {
        f"step {screen.step + 1}'s panel": region_text(app, screen.query_one("#lesson")),
        f"step {screen.step + 1}'s status": region_text(app, screen.query_one("#status")),
    }
    lesson = screen.lesson
    if lesson is not None and lesson.mark.card:
        card = screen.query_one(f"#card-{lesson.mark.card}")
        parts[f"step {screen.step + 1}'s card label"] = region_text(app, card).splitlines()[-1]
    return parts


def grew(notices: list[str], before: int) -> Callable[[], bool]:
    return lambda: len(notices) > before


def moved_on(screen: TutorialScreen, step: int, turn: int) -> Callable[[], bool]:
    """Whether the step's move (or its enter) was taken: a later step or turn."""
    return lambda: screen.step > step or screen.session.turn > turn


async def walk(notes: Callable[[App[Any]], list[str]], *, touch: bool) -> dict[str, str]:
    """Every step of the tutorial under ``xx``: its parts, and at each step the
    notice a wrong key gets (``x`` is bound to nothing) and the note it leaves."""
    app = app_for(7, touch=touch)
    parts: dict[str, str] = {}
    with speaking("xx"):
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("t")
            await wait_until(pilot, lambda: isinstance(app.screen, TutorialScreen), "the tutorial")
            screen = cast(TutorialScreen, app.screen)
            notices = notes(app)
            steps = len(standard_tutorial().lessons)
            while screen.scripted:
                step, turn, before = screen.step, screen.session.turn, len(notices)
                parts.update(step_parts(app, screen))
                await pilot.press("x")
                await wait_until(pilot, grew(notices, before), "the wrong key's notice")
                parts[f"step {step + 1}'s notice"] = notices[-1]
                parts[f"step {step + 1}'s note"] = region_text(app, screen.query_one("#lesson"))
                move = screen.expected
                for key in ["enter"] if move is None else keys_for(screen.session.state, move):
                    if screen.choice.is_open:  # it covers the panel: the ask is on its border
                        parts[f"step {step + 1}'s choice"] = region_text(app, screen.choice)
                    await pilot.press(key)
                await wait_until(pilot, moved_on(screen, step, turn), "the move")
            assert len({part.split("'")[0] for part in parts}) == steps
    return parts


@pytest.mark.parametrize(
    "touch",  # the touch screen's walk is make sweep's (CI)
    [pytest.param(False, id="keys"), pytest.param(True, id="touch", marks=pytest.mark.sweep)],
)
async def test_every_step_of_the_tutorial_holds_no_english(
    notifications: Callable[[App[Any]], list[str]], touch: bool
) -> None:
    parts = await walk(notifications, touch=touch)
    found = [f"{part}: {word}" for part, text in parts.items() for word in unmarked(text)]
    assert found == [], found
    assert all("⟦" in text for text in parts.values()), [
        p for p, t in parts.items() if "⟦" not in t
    ]


def test_the_walk_s_check_finds_an_english_lesson() -> None:
    """The check the walk uses, on a panel whose lesson slipped through."""
    assert unmarked("⟦Šţéƥ 1 óƒ 18⟧ Your hand\n⟦Ƥŕéšš éñţéŕ⟧") == ["Your", "hand"]


def panel_overflow(app: App[Any], screen: TutorialScreen) -> int:
    """How many lines of the step's panel do not fit in it (0: all shown); its
    heading cut on the border counts as one."""
    panel = screen.query_one(LessonPanel)
    size = panel.content_region.size
    lines = max(0, panel.get_content_height(size, size, size.width) - size.height)
    heading = str(panel.border_title)  # the border's Content as plain text
    assert heading.startswith("Paso "), heading
    return lines + (heading not in region_text(app, panel).splitlines()[0])


@pytest.mark.parametrize(
    "touch",  # the keys' walk is make sweep's (CI): a touch screen's asks are the longer
    [pytest.param(False, id="keys", marks=pytest.mark.sweep), pytest.param(True, id="touch")],
)
async def test_every_spanish_step_fits_at_80x24(touch: bool) -> None:
    """Spanish runs longer than English: at 80×24 every step's heading, lesson and
    what it asks (a touch screen's asks are the longer) still fit in the panel."""
    app = app_for(7, touch=touch)
    cut: dict[int, int] = {}
    with speaking("es"):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("t")
            await wait_until(pilot, lambda: isinstance(app.screen, TutorialScreen), "the tutorial")
            screen = cast(TutorialScreen, app.screen)
            while screen.scripted:
                step, turn = screen.step, screen.session.turn
                await pilot.pause()
                if panel_overflow(app, screen):
                    cut[step + 1] = panel_overflow(app, screen)
                move = screen.expected
                await pilot.press(
                    *(["enter"] if move is None else keys_for(screen.session.state, move))
                )
                await wait_until(pilot, moved_on(screen, step, turn), "the move")
    assert cut == {}, f"step: lines cut {cut}"
