"""The terminal game (Textual). Imported only when the game is opened."""

from __future__ import annotations

import gc

_paused = False


def pause_collection() -> None:
    """Pause Python's cyclic garbage collector until the app's first frame.

    Called before Textual is imported. Start-up creates tens of thousands of
    objects that live as long as the app (Textual, Rich, our modules, the first
    screen); collecting while they are being made finds nothing to free and cost
    about 25 ms (5 %) of start-up here. :func:`resume_collection` turns it back on.
    """
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume_collection() -> None:
    """After the first frame: collect again, with what start-up made frozen.

    Frozen objects (``gc.freeze``) are never scanned again, so later collections,
    which can land between a key and its frame, only look at newer objects.
    Does nothing unless :func:`pause_collection` paused the collector.
    """
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
