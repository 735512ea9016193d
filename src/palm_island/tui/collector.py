"""Keeps the cyclic garbage collector's full passes out of the time a key waits.

Textual allocates many small containers per frame, so Python's collector runs a
full pass every few dozen keys; a full pass visits every live object (the app,
its widgets, the card catalog, Textual's caches: some 100,000 objects) and took
30-110 ms here, which landed in the time from a key to its frame (measured with
``palm-island bench --tui``). While a game is on the table:

* what is alive once the table is first drawn is frozen (``gc.freeze``): full
  passes then visit only what was made since, about a fifth as much;
* automatic full passes are switched off; once as many younger passes have run
  as would have triggered one, the table asks for it a moment (:data:`PAUSE`)
  after its next frame, so it runs while the player looks at the new table, not
  between a key and the frame it changes.

Younger passes (about 1-3 ms) stay automatic. Leaving the table unfreezes
everything and restores the thresholds, so nothing frozen outlives the game.
Only public ``gc`` functions are used; the state is process-wide, so nested
starts (a new table mounted before the old one is gone) are counted.
"""

from __future__ import annotations

import gc

FULL_PASS_AFTER = 10
"""Younger passes between two full ones (Python's own default threshold)."""

PAUSE = 0.03
"""Seconds after a frame before a due full pass: the frame is out first."""

_NEVER = 1 << 30
"""A full-pass threshold that is never reached: full passes are ours to make."""

_depth = 0
_saved: tuple[int, int, int] | None = None


def hold_full_passes() -> None:
    """Freeze what is alive and make full passes only on :func:`after_frame`."""
    global _depth, _saved
    _depth += 1
    if _depth == 1:
        _saved = gc.get_threshold()
        gc.set_threshold(_saved[0], _saved[1], _NEVER)
    gc.freeze()


def full_pass_due() -> bool:
    """Whether a held full pass is due (then call :func:`after_frame` after a frame)."""
    return bool(_depth) and gc.get_count()[2] >= FULL_PASS_AFTER


def after_frame() -> None:
    """Run the full pass that is due, if any (call once a frame has been drawn)."""
    if full_pass_due() and gc.isenabled():
        gc.collect()


def release_full_passes() -> None:
    """Undo :func:`hold_full_passes`: thresholds back, nothing frozen, once the last
    holder has let go."""
    global _depth, _saved
    if _depth == 0:
        return
    _depth -= 1
    if _depth == 0:
        gc.unfreeze()
        if _saved is not None:
            gc.set_threshold(*_saved)
            _saved = None
