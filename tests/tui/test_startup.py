"""Start-up imports only what the first screen needs (the title)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from palm_island.tui.screens.game import GameScreen

from .helpers import app_for


def test_the_app_module_imports_neither_the_engine_nor_the_game_screens() -> None:
    code = (
        "import sys, palm_island.tui.app as m; "
        "m.make_app(); "
        "print(sorted(n for n in sys.modules if n.startswith(('palm_island', 'pydantic'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = out.stdout
    for heavy in ("palm_island.engine", "pydantic", "palm_island.tui.screens.game", "records"):
        assert heavy not in loaded
    assert "palm_island.tui.screens.title" in loaded


COLLECTION = """
import gc
from palm_island.tui import pause_collection
from palm_island.tui.app import AppConfig, PalmIslandApp

pause_collection()
assert not gc.isenabled()

class FirstFrame(PalmIslandApp):
    def on_ready(self) -> None:
        paused = not gc.isenabled()
        super().on_ready()
        print(paused, gc.isenabled(), gc.get_freeze_count() > 1000, flush=True)
        self.exit()

FirstFrame(None, AppConfig(seed=7)).run(headless=True)
"""


def test_collection_paused_for_start_up_resumes_at_the_first_frame_with_start_up_frozen() -> None:
    out = subprocess.run(
        [sys.executable, "-c", COLLECTION], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.split() == ["True", "True", "True"]  # paused until, on and frozen after


def test_resuming_collection_does_nothing_unless_it_was_paused() -> None:
    import gc

    from palm_island.tui import resume_collection

    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    resume_collection()
    assert gc.isenabled() and gc.get_freeze_count() == frozen


async def test_work_the_game_defers_at_start_up_waits_for_the_first_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Started in the game, the log update and the preparation of the next moves
    must not run before the first frame, however short `after_key_delay` is (0 here:
    without the wait they would run before it)."""
    drawn_when_run: list[bool] = []
    update_log = GameScreen._update_log

    def spy(screen: GameScreen) -> None:
        drawn_when_run.append(screen.palm_app.first_frame_drawn)
        update_log(screen)

    monkeypatch.setattr(GameScreen, "_update_log", spy)
    app = app_for(7, start_in_game=True, compute_par=False, after_key_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause(0.1)
        assert app.first_frame_drawn
    assert drawn_when_run and all(drawn_when_run)
