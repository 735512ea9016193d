"""The title fits in Spanish (issue 48: Spanish labels run longer): at 80×24, in the
compact layout's smallest window (44×40) and on the phone (55×60), with the longest
menu (a campaign with a game to continue), the whole box shows, every entry is one
row with its key, and at 80 columns the key bar keeps Help and Quit. Run as a
start runs: Spanish chosen before the screens are imported (their key bar labels
are built then)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .test_one_window import left_game

pytestmark = pytest.mark.slow

SIZES = ((80, 24), (44, 40), (55, 60))
TESTS = Path(__file__).resolve().parents[1]

SCRIPT = """
import asyncio, json, sys
from pathlib import Path
from palm_island.i18n import activate
activate("es")
from textual.widgets import Button
from palm_island.tui.app import AppConfig, make_app
from palm_island.tui.widgets.footer import KeyBar
from palm_island.tui.widgets.touch_keys import TouchKeys
sys.path.insert(0, sys.argv[3])  # the tests' folder
from tui.helpers import footer_text

async def look(folder, width, height):
    app = make_app(AppConfig(seed=7, use_store=True, data_dir=folder, compute_par=False))
    async with app.run_test(size=(width, height)) as pilot:
        for _ in range(400):
            if not app.controller.store_pending and app.screen.query("#continue"):
                if app.screen.query_one("#continue").display:
                    break
            await pilot.pause()
        await pilot.pause()
        screen = app.screen
        box = screen.query_one("#title-box").region
        bars = [w.region for w in (*screen.query(KeyBar), *screen.query(TouchKeys)) if w.display]
        entries = {
            b.id: [str(b.label), b.region.height]
            for b in screen.query("#entries Button").results(Button) if b.display
        }
        footer = footer_text(app) if width >= 80 else ""
        return {
            "box": [box.y, box.bottom],
            "screen": height,
            "bars_top": min((r.y for r in bars if r.height), default=height),
            "entries": entries,
            "footer": footer,
        }

folder = Path(sys.argv[1])
print(json.dumps([asyncio.run(look(folder, w, h)) for w, h in json.loads(sys.argv[2])]))
"""


def test_the_title_fits_in_spanish(tmp_path: Path) -> None:
    left_game(tmp_path, 2)  # a campaign and a game to continue: every entry shows
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path), json.dumps(SIZES), str(TESTS)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for (width, height), seen in zip(SIZES, json.loads(out), strict=True):
        where = f"{width}x{height}: {seen}"
        top, bottom = seen["box"]
        assert top >= 0 and bottom <= seen["bars_top"], where  # the whole box, above the keys
        entries = seen["entries"]
        assert {"continue", "saved", "quit"} <= set(entries), where
        assert all(rows == 1 for _, rows in entries.values()), where  # none wraps
        assert "Partidas guardadas (1 en curso)" in entries["saved"][0], where
        if width == 80:
            assert "Ayuda" in seen["footer"] and "Salir" in seen["footer"], where
