"""Provides :class:`PalmIslandError`, the base of every error the game raises on purpose.

A module of its own that imports nothing, so that code run before the first frame
(reading the settings, whose errors are storage errors) can raise and catch the
game's errors without importing the engine package. The engine re-exports it
(``palm_island.engine.PalmIslandError``), which is where callers take it from.
"""

from __future__ import annotations


class PalmIslandError(Exception):
    """Base class of every error the engine, the records and storage raise on purpose."""
