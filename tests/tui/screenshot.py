"""Make the README's screenshot with the app's own screenshot (an SVG).

Not a test; run it when the game's look changes:
``.venv/bin/python tests/tui/screenshot.py docs/screenshot.svg`` (``make screenshot``).
Seed 7 after 30 greedy moves, in a 100×32 terminal, the default theme.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from palm_island.policies import greedy_policy
from palm_island.tui.app import AppConfig, make_app
from palm_island.tui.screens.game import GameScreen

SEED = 7
TURNS = 30


async def take(target: Path) -> None:
    app = make_app(AppConfig(seed=SEED, start_in_game=True, compute_par=False))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert app.controller.session is not None
        policy = greedy_policy()
        for _ in range(TURNS):
            screen.play(policy(app.controller.session.state))
        await pilot.pause(0.5)
        app.save_screenshot(filename=target.name, path=str(target.parent))
    print(f"wrote {target}")


if __name__ == "__main__":
    asyncio.run(take(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshot.svg")))
