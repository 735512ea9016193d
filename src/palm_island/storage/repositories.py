"""Provides the SQL for campaigns, games, moves and feat unlocks.

Functions take an open connection (see db.py) and do one thing each; every write
is one :func:`~palm_island.storage.db.tx`. Rows read back are validated (the
header as a strict record, the moves numbered 1..n), so a damaged row becomes a
:class:`LoadError` naming the game, never a wrong game.
"""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final

from ..campaign.model import Campaign, CampaignSummary, HistoryEntry
from ..campaign.service import CampaignError, after_game
from ..engine import FeatSet, FeatSpec
from ..records import GameRecord, RecordError, result_of
from .db import tx
from .errors import LoadError, SaveError
from .loading import as_load_error, record_from_rows
from .rows import campaign_from_rows, summary_from_row

MAX_NAME: Final = 64


def now() -> str:
    """The current time, UTC, ISO 8601 to the millisecond (sorts as text)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def check_name(name: object) -> str:
    """A campaign name is stored verbatim: 1-64 characters, not blank, no control
    characters (they would garble the chooser). Raises CampaignError."""
    if not isinstance(name, str) or not name.strip():
        raise CampaignError("a campaign needs a name")
    if len(name) > MAX_NAME:
        raise CampaignError(f"a campaign name has at most {MAX_NAME} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in name):
        raise CampaignError("a campaign name cannot contain control characters")
    return name


# --- campaigns --------------------------------------------------------------------


def create_campaign(conn: sqlite3.Connection, name: str) -> Campaign:
    check_name(name)
    stamp = now()
    try:
        with tx(conn):
            cursor = conn.execute(
                "INSERT INTO campaign (name, created_at, updated_at) VALUES (?, ?, ?)",
                (name, stamp, stamp),
            )
    except sqlite3.IntegrityError:
        raise CampaignError(f"a campaign named {name!r} already exists") from None
    assert cursor.lastrowid is not None
    return Campaign(cursor.lastrowid, name, stamp, stamp)


def campaign_id(conn: sqlite3.Connection, name: str) -> int:
    row = conn.execute("SELECT id FROM campaign WHERE name = ?", (name,)).fetchone()
    if row is None:
        raise CampaignError(f"there is no campaign named {name!r}")
    return int(row[0])


def load_campaign(conn: sqlite3.Connection, name: str) -> Campaign:
    """The campaign with its unlocks, validated (a damaged row is a LoadError)."""
    row = conn.execute(
        "SELECT id, name, created_at, updated_at, modified FROM campaign WHERE name = ?",
        (name,),
    ).fetchone()
    if row is None:
        raise CampaignError(f"there is no campaign named {name!r}")
    unlocks = conn.execute(
        "SELECT feat, game_id, unlocked_at FROM feat_unlock WHERE campaign_id = ? "
        "ORDER BY unlocked_at, feat",
        (row[0],),
    ).fetchall()
    return campaign_from_rows(row, unlocks)


def list_campaigns(conn: sqlite3.Connection) -> list[CampaignSummary]:
    """Every campaign, most recently played first."""
    rows = conn.execute(
        """
        SELECT c.id, c.name, c.updated_at, c.modified,
            (SELECT count(*) FROM game g WHERE g.campaign_id = c.id AND g.status = 'finished'),
            (SELECT count(*) FROM feat_unlock f WHERE f.campaign_id = c.id),
            (SELECT max(score) FROM game g WHERE g.campaign_id = c.id AND g.status = 'finished'),
            EXISTS (SELECT 1 FROM game g WHERE g.campaign_id = c.id AND g.status = 'playing')
        FROM campaign c ORDER BY c.updated_at DESC, c.id DESC
        """
    ).fetchall()
    return [summary_from_row(r) for r in rows]


def rename_campaign(conn: sqlite3.Connection, name: str, new_name: str) -> None:
    check_name(new_name)
    try:
        with tx(conn):
            changed = conn.execute(
                "UPDATE campaign SET name = ?, updated_at = ? WHERE name = ?",
                (new_name, now(), name),
            ).rowcount
    except sqlite3.IntegrityError:
        raise CampaignError(f"a campaign named {new_name!r} already exists") from None
    if not changed:
        raise CampaignError(f"there is no campaign named {name!r}")


def delete_campaign(conn: sqlite3.Connection, name: str, *, confirm: bool) -> None:
    """Delete a campaign with its games and feats; ``confirm=True`` is required."""
    if confirm is not True:
        raise CampaignError("deleting a campaign loses its games and feats: pass confirm=True")
    with tx(conn):
        changed = conn.execute("DELETE FROM campaign WHERE name = ?", (name,)).rowcount
    if not changed:
        raise CampaignError(f"there is no campaign named {name!r}")


def set_modified(conn: sqlite3.Connection, campaign: int, modified: bool) -> None:
    with tx(conn):
        conn.execute("UPDATE campaign SET modified = ? WHERE id = ?", (int(modified), campaign))


# --- games ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as stored: its id, where it belongs, and its validated record."""

    game_id: int
    campaign_id: int | None
    status: str
    started_at: str
    finished_at: str | None
    record: GameRecord


def _header(record: GameRecord) -> str:
    return record.model_copy(update={"moves": ()}).model_dump_json()


def start_game(conn: sqlite3.Connection, campaign: int, record: GameRecord) -> int:
    """Store a new game (``record`` has no moves yet). Other unfinished games stay
    as they are (another window may be playing one); see :func:`abandon_game`."""
    stamp = now()
    with tx(conn):
        cursor = conn.execute(
            "INSERT INTO game (campaign_id, status, started_at, header) "
            "VALUES (?, 'playing', ?, ?)",
            (campaign, stamp, _header(record)),
        )
        conn.execute("UPDATE campaign SET updated_at = ? WHERE id = ?", (stamp, campaign))
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def abandon_game(conn: sqlite3.Connection, game_id: int) -> None:
    """Give up a game in play: it stays stored but is no longer offered to continue."""
    with tx(conn):
        changed = conn.execute(
            "UPDATE game SET status = 'abandoned' WHERE id = ? AND status = 'playing'",
            (game_id,),
        ).rowcount
    if not changed:
        raise SaveError(f"game {game_id}", "there is no game in play with this number")


def append_move(conn: sqlite3.Connection, game_id: int, ply: int, notation: str) -> None:
    """Autosave: commit one move (``ply`` = its 1-based number) of a game in play.

    Raises:
        SaveError: the game is not in play here any more (finished or abandoned in
            another window), or that move number is already saved.
    """
    try:
        with tx(conn):
            inserted = conn.execute(
                "INSERT INTO move (game_id, ply, notation) SELECT ?, ?, ? "
                "WHERE EXISTS (SELECT 1 FROM game WHERE id = ? AND status = 'playing')",
                (game_id, ply, notation, game_id),
            ).rowcount
    except sqlite3.IntegrityError:
        raise SaveError(f"game {game_id}", f"move {ply} was already saved elsewhere") from None
    if inserted != 1:
        raise SaveError(f"game {game_id}", "this game is no longer in play (another window?)")


def undo_move(conn: sqlite3.Connection, game_id: int, ply: int) -> None:
    """Take back move ``ply`` (the last one) and count the undo in the record."""
    with tx(conn):
        removed = conn.execute(
            "DELETE FROM move WHERE game_id = ? AND ply = ? AND ply = "
            "(SELECT max(ply) FROM move WHERE game_id = ?) AND EXISTS "
            "(SELECT 1 FROM game WHERE id = ? AND status = 'playing')",
            (game_id, ply, game_id, game_id),
        ).rowcount
        if removed != 1:
            raise SaveError(f"game {game_id}", f"move {ply} is not the last saved move")
        conn.execute("UPDATE game SET undo_count = undo_count + 1 WHERE id = ?", (game_id,))


_GAME_COLUMNS: Final = "id, campaign_id, status, started_at, finished_at, header, undo_count"


def load_game(conn: sqlite3.Connection, game_id: int) -> StoredGame:
    """A stored game with its moves, validated (not re-simulated: see check_record).

    Raises:
        LoadError: the rows do not make a valid record.
        KeyError: there is no such game.
    """
    row = conn.execute(f"SELECT {_GAME_COLUMNS} FROM game WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise KeyError(game_id)
    return _stored(conn, row)


def _stored(conn: sqlite3.Connection, row: tuple[object, ...]) -> StoredGame:
    game_id, campaign, status, started, finished, header, undo_count = row
    where = f"game {game_id}"
    if not isinstance(header, str) or not isinstance(game_id, int):
        raise LoadError("invalid_field", where, "stored game header is not text")
    moves = conn.execute(
        "SELECT ply, notation FROM move WHERE game_id = ? ORDER BY ply", (game_id,)
    ).fetchall()
    record = record_from_rows(header, moves, where)
    if isinstance(undo_count, int) and undo_count != record.undo_count:
        record = record.model_copy(update={"undo_count": undo_count})
    return StoredGame(
        game_id,
        campaign if isinstance(campaign, int) else None,
        str(status),
        str(started),
        None if finished is None else str(finished),
        record,
    )


def unfinished_game(conn: sqlite3.Connection, campaign: int) -> StoredGame | None:
    """The campaign's game in play, if any (the title screen's "Continue")."""
    row = conn.execute(
        f"SELECT {_GAME_COLUMNS} FROM game WHERE campaign_id = ? AND status = 'playing' "
        "ORDER BY id DESC LIMIT 1",
        (campaign,),
    ).fetchone()
    return None if row is None else _stored(conn, row)


def finish_game(conn: sqlite3.Connection, game_id: int, feats: FeatSet) -> tuple[FeatSpec, ...]:
    """End a game in one transaction: status, score, final hash and feat unlocks (R29).

    The record is rebuilt from the stored rows inside the transaction and
    re-simulated, so the unlocks are exactly what the stored game earns. Returns
    the newly unlocked feats (none for a game outside a campaign).

    Raises:
        SaveError: the game is not in play or not over.
        LoadError: its rows do not replay.
    """
    with tx(conn):
        game = load_game(conn, game_id)
        if game.status != "playing":
            raise SaveError(f"game {game_id}", f"the game is {game.status}, not in play")
        try:
            result = result_of(game.record, feats.catalog)
        except RecordError as exc:
            raise as_load_error(exc, f"game {game_id}") from None
        if result is None:
            raise SaveError(f"game {game_id}", "the game is not over yet")
        stamp = now()
        header = json.loads(_header(game.record))
        header["result"] = json.loads(result.model_dump_json())
        conn.execute(
            "UPDATE game SET status = 'finished', finished_at = ?, score = ?, rank = ?, "
            "header = ? WHERE id = ?",
            (stamp, result.score, result.rank, json.dumps(header), game_id),
        )
        if game.campaign_id is None:
            return ()
        name = conn.execute(
            "SELECT name FROM campaign WHERE id = ?", (game.campaign_id,)
        ).fetchone()[0]
        campaign = load_campaign(conn, name)
        _, new = after_game(campaign, game.record, feats, game_id=game_id, at=stamp)
        conn.executemany(
            "INSERT OR IGNORE INTO feat_unlock (campaign_id, feat, game_id, unlocked_at) "
            "VALUES (?, ?, ?, ?)",
            [(campaign.id, feat.code, game_id, stamp) for feat in new],
        )
        conn.execute("UPDATE campaign SET updated_at = ? WHERE id = ?", (stamp, campaign.id))
    return new


def store_finished(conn: sqlite3.Connection, record: GameRecord, status: str = "imported") -> int:
    """Store a whole, already re-simulated game in one transaction (imports), with
    no campaign: imported games are for viewing and never unlock feats."""
    if record.result is None:
        raise SaveError("import", "only finished games can be imported")
    stamp = now()
    with tx(conn):
        cursor = conn.execute(
            "INSERT INTO game (campaign_id, status, started_at, finished_at, header, score, rank,"
            " undo_count) VALUES (NULL, ?, ?, ?, ?, ?, ?, ?)",
            (
                status,
                stamp,
                stamp,
                _header(record),
                record.result.score,
                record.result.rank,
                record.undo_count,
            ),
        )
        assert cursor.lastrowid is not None
        conn.executemany(
            "INSERT INTO move (game_id, ply, notation) VALUES (?, ?, ?)",
            [(cursor.lastrowid, i, text) for i, text in enumerate(record.moves, start=1)],
        )
    return cursor.lastrowid


def history(
    conn: sqlite3.Connection, campaign: int | None = None, *, include_imported: bool = False
) -> list[HistoryEntry]:
    """Finished games, oldest first: a campaign's, or every campaign's.

    Raises:
        LoadError: a stored header is damaged (names the game).
    """
    statuses = ("finished", "imported") if include_imported else ("finished",)
    query = (
        "SELECT g.id, c.name, g.finished_at, g.header, g.score, g.rank, g.status "
        "FROM game g LEFT JOIN campaign c ON c.id = g.campaign_id "
        f"WHERE g.status IN ({', '.join('?' * len(statuses))})"
    )
    params: list[object] = list(statuses)
    if campaign is not None:
        query += " AND g.campaign_id = ?"
        params.append(campaign)
    entries = []
    for game_id, name, finished, header, total, rank, status in conn.execute(
        query + " ORDER BY g.finished_at, g.id", params
    ):
        record = record_from_rows(str(header), [], f"game {game_id}")
        if record.result is None or total != record.result.score:
            raise LoadError("invalid_field", f"game {game_id}", "stored score disagrees")
        entries.append(
            HistoryEntry(
                int(game_id),
                None if name is None else str(name),
                str(finished),
                record.deck_colour,
                int(total),
                str(rank),
                record.setup.difficulty,
                record.setup.feats,
                record.result.turns,
                str(status),
            )
        )
    return entries
