"""Markup fuzz: stored names, ranks and moves go through every screen that shows
them, as text. A campaign named ``[/]`` (or a rank or move holding markup or
terminal control characters) once crashed the app; now each is shown escaped.

Strings are written straight into a campaign file (as a hand edit or an older
release could leave them), so the screens are tested, not the input checks.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from palm_island.engine import legal_moves
from palm_island.storage.service import Store
from palm_island.tui.app import PalmIslandApp
from storage_helpers import finished_games, scale

from .store_helpers import opened, store_app

pytestmark = pytest.mark.reliability

EXAMPLES = scale(30)
MARKUP = st.sampled_from(
    [
        "[/]",
        "[b]",
        "[/b]",
        "[link=file:///etc/passwd]x[/link]",
        "[@click=app.quit]quit[/]",
        "[red on blue",
        "\\[x]",
        "]]]]",
        "[[/]]",
        "$accent",
        "\x1b]0;pwned\x07\x1b[2J",
        "\u202eevil",
        "line\u2028break",
        "\x00\x08\x7f",
    ]
)
TEXT = st.one_of(
    MARKUP,
    st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=64),
    st.lists(MARKUP, min_size=1, max_size=4).map("".join).map(lambda s: s[:64]),
)
NAMES = TEXT.map(lambda s: s.replace("\x00", "")).filter(bool)
"""SQLite's length() stops at a NUL, so the name column's CHECK refuses one."""


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store with one campaign, a finished game and an unfinished one."""
    folder = tmp_path_factory.mktemp("template")
    with Store.open(folder) as store:
        store.create_campaign("My island")
        finished_games(store, "My island", range(1))
        game = store.new_game("My island", seed=3)
        game.play(legal_moves(game.state)[0])
    for extra in folder.glob("backups"):
        shutil.rmtree(extra)
    return folder


def _poison(folder: Path, name: str, rank: str, move: str) -> None:
    conn = sqlite3.connect(folder / "campaign.db")
    with conn:
        conn.execute("UPDATE campaign SET name = ?", (name,))
        header = json.loads(conn.execute("SELECT header FROM game WHERE id = 1").fetchone()[0])
        header["result"]["rank"] = rank
        conn.execute(
            "UPDATE game SET rank = ?, header = ? WHERE id = 1", (rank, json.dumps(header))
        )
        conn.execute("UPDATE move SET notation = ? WHERE game_id = 2 AND ply = 1", (move,))
    conn.close()


async def _visit_every_screen(app: PalmIslandApp) -> None:
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        for key in ("s", "m", "y", "z", "n"):  # saved games, campaigns, history, stats, setup
            await pilot.press(key)
            await pilot.pause()
            if key == "y":
                await pilot.press("enter")  # replay the game with the stored rank
                await pilot.pause()
                await pilot.press("escape")
                await pilot.pause()
            if key == "s":
                await pilot.press("enter")  # try to resume the game with the stored move
                await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
        assert app.is_running  # nothing crashed it
    assert app.return_code in (None, 0)


@pytest.mark.sweep  # 30 whole app runs, ~80 s: make sweep (CI), not make test
@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
    phases=(Phase.explicit, Phase.generate),  # each example runs the app: no slow shrinking
)
@given(name=NAMES, rank=TEXT, move=TEXT)
def test_stored_names_ranks_and_moves_are_shown_as_text_on_every_screen(
    template: Path, tmp_path_factory: pytest.TempPathFactory, name: str, rank: str, move: str
) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    shutil.copy(template / "campaign.db", folder / "campaign.db")
    _poison(folder, name, rank, move)
    asyncio.run(_visit_every_screen(store_app(folder)))
