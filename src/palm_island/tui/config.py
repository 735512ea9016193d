"""Provides :class:`AppConfig`: what the CLI or a test decides before the game starts.

Kept apart from ``app.py`` (and free of Textual) so the controller and the
screens read it without importing the app.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..session import DeckColour
    from ..solver import Budget
    from .exit_guard import ExitGuard


TOUCH_ENV = "PALM_ISLAND_TOUCH"
"""Set to ``1`` by ``palm-island serve`` for a tab whose page is on a touch screen
(web/tab_game.py): the game then speaks of taps, not keys (:attr:`AppConfig.touch`)."""


def _random_seed() -> int:
    import random

    return random.SystemRandom().randrange(1_000_000)


@dataclass
class AppConfig:
    """What the CLI or a test decides before the app starts."""

    seed: int | None = None
    """The seed offered on the title screen; ``None`` draws one."""
    ascii_only: bool = False
    """Plain ASCII glyphs for terminals without good Unicode (``--ascii``)."""
    deck_colour: DeckColour = "blue"
    seed_source: Callable[[], int] = field(default=_random_seed)
    """Where "new deal" seeds come from; tests pass a fixed sequence."""
    exit_guard: ExitGuard | None = None
    """Ends the process once its terminal is gone or on SIGTERM/SIGHUP (real runs
    only, not tests); the app connects its event loop to it at mount."""
    start_in_game: bool = False
    """Skip the title and the deck preview (benchmarks)."""
    deal_seed: bool = False
    """``play --seed N``: deal :attr:`seed` at once, as "New game" on the title would (a
    saved game still asks its difficulty and feats, R31; quick games start at once)."""
    use_store: bool = False
    """Save games in the campaign file (``make play``); off: quick games in memory."""
    replay_file: Path | None = None
    """A record to open in the replay viewer at start (``palm-island replay FILE``)."""
    data_dir: Path | None = None
    """Where the campaign file is (``--data-dir``; None: $PALM_ISLAND_DATA_DIR or
    the user data dir, see storage/paths.py)."""
    served_folder: tuple[int, int] | None = None
    """A game started by ``serve``: the device and inode of the data folder the server
    serves. A folder gone or replaced since is said, never created or started afresh."""
    touch: bool = False
    """Played on a touch screen (a served page said so, :data:`TOUCH_ENV`): the
    tutorial asks for taps on what the screen shows instead of keys."""
    hint_budget: Budget | None = None
    """The solver's effort for ``h``; ``None`` is ``solver.HINT_BUDGET`` (tests pass others)."""
    par_budget: Budget | None = None
    """The effort for each deal's par; ``None`` is ``solver.DEFAULT_BUDGET`` (as ``daily``)."""
    analysis_budget: Budget | None = None
    """The effort for the analysis screen; ``None`` is ``solver.ANALYSIS_BUDGET``."""
    compute_par: bool = True
    """Search each deal's par in the background (off for benchmarks of the UI)."""
    par_cache: bool = True
    """Keep the daily deal's par in the user cache (as ``daily`` does); tests turn it
    off or point PALM_ISLAND_CACHE_DIR elsewhere."""
    today: dt.date | None = None
    """The date of the daily deal; ``None`` reads the clock (tests fix it)."""
