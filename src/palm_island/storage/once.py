"""Provides :func:`find_or_create`: every "create it if it is missing" of the store.

Two windows starting at once on a fresh data folder both looked for the first
campaign, found none, and both created it: the second failed with "a campaign
named 'My island' already exists" (issue 36). The same look-then-insert made two
official attempts at one daily deal. Every such step now runs here, the look and
the insert inside one write transaction (``BEGIN IMMEDIATE`` takes the write lock
before the look), so racing processes queue on the lock and all but the first
find the row the first one created. ``tests/test_first_start_race.py`` lists the
inserts of ``src/`` and fails on a look-then-insert that does not come here.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TypeVar

from .transaction import tx

T = TypeVar("T")


def find_or_create(
    conn: sqlite3.Connection, find: Callable[[], T | None], create: Callable[[], T]
) -> tuple[T, bool]:
    """``(what find() found, False)``, else ``(create(), True)``: one atomic step.

    Runs in its own write transaction, or inside the caller's when one is open
    (every write transaction of the store is ``db.tx``, which holds the write lock
    from its start), so nothing can be inserted between the look and the insert.
    """
    if not conn.in_transaction:
        with tx(conn):
            return find_or_create(conn, find, create)
    found = find()
    if found is not None:
        return found, False
    return create(), True
