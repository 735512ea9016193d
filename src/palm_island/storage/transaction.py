"""Provides :func:`tx`: every write transaction of the store (``db.tx``).

Apart from :mod:`.db` so that :mod:`.once` (every create-if-missing) and the
database's own creation (``db._prepare``) both use it without importing each other.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from .folder_identity import check_folder_of


@contextmanager
def tx(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction: ``BEGIN IMMEDIATE`` … ``COMMIT``, or ``ROLLBACK`` on any
    exception (even ``KeyboardInterrupt``), so nothing is ever half-written. Once it
    holds the write lock it checks the store's folder is still the one it opened
    (folder_identity.py): a deleted or replaced one raises ``FolderGone``."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        check_folder_of(conn)
        yield conn
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    try:
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
