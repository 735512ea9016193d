"""Provides the rows of the solver's results: each deal's lines and each game's analysis.

Kept apart from repositories.py because these rows are caches of deterministic
searches, not player progress: losing them costs only a search, and callers check
what they read (a line is replayed, never trusted). Schema: docs/storage.md.
"""

from __future__ import annotations

import sqlite3

from .db import sql_write, tx


def lines(conn: sqlite3.Connection, deal: str, solver: str) -> list[tuple[str, str, str]]:
    """``(solver, prefix, moves)`` of the deal's lines whose solver tag starts with ``solver``."""
    rows = conn.execute(
        "SELECT solver, prefix, moves FROM solver_line WHERE deal = ? AND substr(solver, 1, ?) = ?"
        " ORDER BY solver, prefix",
        (deal, len(solver), solver),
    ).fetchall()
    return [(str(a), str(b), str(c)) for a, b, c in rows]


def save_line(conn: sqlite3.Connection, deal: str, solver: str, prefix: str, moves: str) -> None:
    """Keep one line (replacing the same search's line from the same position)."""
    with tx(conn):
        sql_write(
            conn,
            "INSERT OR REPLACE INTO solver_line (deal, solver, prefix, moves) VALUES (?, ?, ?, ?)",
            (deal, solver, prefix, moves),
        )


def analysis(conn: sqlite3.Connection, game_id: int, solver: str) -> str | None:
    """The stored analysis (JSON text) of a game by a solver, if any."""
    row = conn.execute(
        "SELECT report FROM game_analysis WHERE game_id = ? AND solver = ?", (game_id, solver)
    ).fetchone()
    return None if row is None else str(row[0])


def save_analysis(conn: sqlite3.Connection, game_id: int, solver: str, report: str) -> None:
    """Keep a finished game's analysis (a game deleted later takes it along)."""
    with tx(conn):
        sql_write(
            conn,
            "INSERT OR REPLACE INTO game_analysis (game_id, solver, report) "
            "SELECT id, ?, ? FROM game WHERE id = ?",
            (solver, report, game_id),
        )
