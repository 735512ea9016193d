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
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final

from ..campaign.model import Campaign, CampaignSummary, HistoryEntry
from ..campaign.service import CampaignError, LockedFeats, NoSuchCampaign, after_game
from ..engine import FeatSet, FeatSpec, Move
from ..i18n import _, ngettext
from ..records import GameRecord, RecordError, result_of
from ..text import unsafe_characters
from . import holders
from .db import sql_write, tx
from .errors import LoadError, SaveError, StaleGameError, game_place, not_in_play
from .loading import as_load_error, record_from_rows
from .once import find_or_create
from .rows import campaign_from_rows, summary_from_row

MAX_NAME: Final = 64


def now() -> str:
    """The current time, UTC, ISO 8601 to the millisecond (sorts as text)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def played_now() -> str:
    """``game.played_at``: to the microsecond, since two moves (in two games) can
    land in one millisecond and "most recently played" must still be right."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def already_exists(name: str) -> str:
    return _("a campaign named {name} already exists").format(name=repr(name))


def check_name(name: object) -> str:
    """A campaign name is stored verbatim: 1-64 characters, not blank, no control
    characters (they would garble the chooser). Raises CampaignError."""
    if not isinstance(name, str) or not name.strip():
        raise CampaignError(_("a campaign needs a name"))
    if len(name) > MAX_NAME:
        raise CampaignError(
            ngettext(
                "a campaign name has at most {count} character",
                "a campaign name has at most {count} characters",
                MAX_NAME,
            ).format(count=MAX_NAME)
        )
    bad = unsafe_characters(name)
    if bad:
        raise CampaignError(
            _(
                "a campaign name cannot contain control, bidi or separator characters "
                "({characters})"
            ).format(characters=", ".join(bad[:3]))
        )
    return name


def name_key(name: str) -> str:
    """What makes two campaign names the same name: ``Ana``, ``ana`` and ``ANA`` (case
    folded), ``é`` typed as one character or as e plus an accent (NFC)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def _same_name(conn: sqlite3.Connection, name: str, *, other_than: str | None = None) -> str | None:
    """An existing campaign's name that is ``name`` whatever its case, if any (looked
    up inside the write transaction). Pairs stored by older releases ("ana", "Ana")
    are kept."""
    key = name_key(name)
    for (existing,) in conn.execute("SELECT name FROM campaign").fetchall():
        if isinstance(existing, str) and existing != other_than and name_key(existing) == key:
            return existing
    return None


# --- campaigns --------------------------------------------------------------------


def create_campaign(conn: sqlite3.Connection, name: str) -> Campaign:
    """A new campaign; a name that is another campaign's (any case) is refused."""
    check_name(name)
    stamp = now()

    def insert() -> str:
        sql_write(
            conn,
            "INSERT INTO campaign (name, created_at, updated_at) VALUES (?, ?, ?)",
            (name, stamp, stamp),
        )
        return name

    try:
        existing, created = find_or_create(conn, lambda: _same_name(conn, name), insert)
    except sqlite3.IntegrityError:
        raise CampaignError(already_exists(name)) from None
    if not created:
        raise CampaignError(already_exists(existing))
    return load_campaign(conn, name)


def default_campaign(conn: sqlite3.Connection, name: str) -> str:
    """The most recently played campaign's name, creating ``name`` when there is none
    (a first start): one step, so windows starting at once all get the same one."""
    check_name(name)

    def newest() -> str | None:
        row = conn.execute(
            "SELECT name FROM campaign ORDER BY updated_at DESC, id DESC LIMIT 1"
        ).fetchone()
        return None if row is None else str(row[0])

    def insert() -> str:
        stamp = now()
        sql_write(
            conn,
            "INSERT INTO campaign (name, created_at, updated_at) VALUES (?, ?, ?)",
            (name, stamp, stamp),
        )
        return name

    return find_or_create(conn, newest, insert)[0]


def campaign_id(conn: sqlite3.Connection, name: str) -> int:
    row = conn.execute("SELECT id FROM campaign WHERE name = ?", (name,)).fetchone()
    if row is None:
        raise NoSuchCampaign(name)
    return int(row[0])


def load_campaign(conn: sqlite3.Connection, name: str) -> Campaign:
    """The campaign with its unlocks, validated (a damaged row is a LoadError)."""
    row = conn.execute(
        "SELECT id, name, created_at, updated_at, modified FROM campaign WHERE name = ?",
        (name,),
    ).fetchone()
    if row is None:
        raise NoSuchCampaign(name)
    unlocks = conn.execute(
        "SELECT feat, game_id, unlocked_at FROM feat_unlock WHERE campaign_id = ? "
        "ORDER BY unlocked_at, feat",
        (row[0],),
    ).fetchall()
    return campaign_from_rows(row, unlocks)


def list_campaigns(conn: sqlite3.Connection) -> list[CampaignSummary]:
    """Every campaign, most recently played first."""
    rows = conn.execute(
        f"""
        SELECT c.id, c.name, c.updated_at, c.modified,
            (SELECT count(*) FROM game g WHERE g.campaign_id = c.id AND g.status = 'finished'
                AND g.quarantined IS NULL),
            (SELECT count(*) FROM feat_unlock f WHERE f.campaign_id = c.id),
            (SELECT max(score) FROM game g WHERE g.campaign_id = c.id AND g.status = 'finished'
                AND g.quarantined IS NULL),
            EXISTS (SELECT 1 FROM game g WHERE g.campaign_id = c.id AND g.status = 'playing'
                AND g.quarantined IS NULL AND {HAS_MOVE})
        FROM campaign c ORDER BY c.updated_at DESC, c.id DESC
        """
    ).fetchall()
    return [summary_from_row(r) for r in rows]


def rename_campaign(conn: sqlite3.Connection, name: str, new_name: str) -> None:
    check_name(new_name)
    try:
        with tx(conn):
            existing = _same_name(conn, new_name, other_than=name)
            if existing is not None:
                raise CampaignError(already_exists(existing))
            changed = sql_write(
                conn,
                "UPDATE campaign SET name = ?, updated_at = ? WHERE name = ?",
                (new_name, now(), name),
            ).rowcount
    except sqlite3.IntegrityError:
        raise CampaignError(already_exists(new_name)) from None
    if not changed:
        raise NoSuchCampaign(name)


class CampaignInUseError(CampaignError):
    """A campaign was not deleted: a game of it is open (held) in a live window.

    Attributes:
        open_games: ``(game id, which window holds it)`` of each such game.
    """

    def __init__(self, name: str, open_games: Sequence[tuple[int, str]]) -> None:
        self.open_games = tuple(open_games)
        games = "; ".join(
            _("{game} ({window})").format(game=game_place(gid), window=where)
            for gid, where in self.open_games
        )
        super().__init__(
            _("campaign {name} has a game open in a window: {games}").format(
                name=repr(name), games=games
            )
        )


def open_games(conn: sqlite3.Connection, campaign: int) -> list[tuple[int, str]]:
    """The campaign's games in play held by a live window (this process's too), with
    who holds each: a delete would take a game from under its player."""
    found = []
    for (game_id,) in conn.execute(
        "SELECT g.id FROM game g JOIN game_holder h ON h.game_id = g.id "
        "WHERE g.campaign_id = ? AND g.status = 'playing' ORDER BY g.id",
        (campaign,),
    ).fetchall():
        held = holders.holder(conn, int(game_id))
        if held is not None and not holders.is_gone(held):
            found.append((int(game_id), held.describe()))
    return found


def delete_campaign(
    conn: sqlite3.Connection, name: str, *, confirm: bool, force: bool = False
) -> None:
    """Delete a campaign with its games and feats; ``confirm=True`` is required.

    Refused (:class:`CampaignInUseError`, naming the games) while a game of it is
    open in a live window, unless ``force``; checked inside the delete's transaction.
    """
    if confirm is not True:
        raise CampaignError(_("deleting a campaign loses its games and feats: pass confirm=True"))
    with tx(conn):
        row = conn.execute("SELECT id FROM campaign WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise NoSuchCampaign(name)
        in_use = open_games(conn, int(row[0]))
        if in_use and not force:
            raise CampaignInUseError(name, in_use)
        sql_write(conn, "DELETE FROM campaign WHERE id = ?", (row[0],))


def set_modified(conn: sqlite3.Connection, campaign: int, modified: bool) -> None:
    with tx(conn):
        sql_write(conn, "UPDATE campaign SET modified = ? WHERE id = ?", (int(modified), campaign))


# --- games ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameRow:
    """A game's row as read: its id, where it belongs, and its validated record (the
    game being played and saved move by move is :class:`.stored_game.StoredGame`)."""

    game_id: int
    campaign_id: int | None
    status: str
    started_at: str
    finished_at: str | None
    record: GameRecord
    hints: int = 0
    """Hints the player asked for in this game (every session of it)."""
    practice: bool = False
    """A practice game: a daily deal played again, never that day's result."""


def _header(record: GameRecord) -> str:
    """``game.header``: the record without its moves (rows of their own) and without
    its finish time (the ``finished_at`` column is the truth)."""
    return record.model_copy(update={"moves": ()}).model_dump_json(exclude={"finished_at"})


def start_game(
    conn: sqlite3.Connection,
    campaign: int,
    record: GameRecord,
    *,
    first_move: str | None = None,
    hints: int = 0,
    practice: bool = False,
    official: bool = False,
) -> int:
    """Store a new game (``record`` has no moves yet), with its first move when it is
    stored as that move is played (one transaction: never a game with no move).
    Other unfinished games stay as they are (another window may be playing one);
    see :func:`abandon_game`.

    ``official``: the daily deal's one official attempt on ``record.seed``. If one is
    stored already (another window started it first), nothing is written and
    :class:`StaleGameError` names that game (open it instead).
    """
    stamp = now()

    def insert() -> int:
        cursor = sql_write(
            conn,
            "INSERT INTO game (campaign_id, status, started_at, played_at, header) "
            "VALUES (?, 'playing', ?, ?, ?)",
            (campaign, stamp, played_now(), _header(record)),
        )
        game_id = cursor.lastrowid
        assert game_id is not None
        sql_write(
            conn,
            "INSERT INTO game_play (game_id, hints, practice) VALUES (?, ?, ?)",
            (game_id, hints, int(practice)),
        )
        if first_move is not None:
            sql_write(
                conn,
                "INSERT INTO move (game_id, ply, notation) VALUES (?, 1, ?)",
                (game_id, first_move),
            )
        sql_write(conn, "UPDATE campaign SET updated_at = ? WHERE id = ?", (stamp, campaign))
        return game_id

    def official_attempt() -> int | None:
        if not official or practice or record.seed is None:
            return None  # any number of games and practice games may share a deal
        attempts = [i for i, _status, marked in daily_games(conn, record.seed) if not marked]
        return attempts[0] if attempts else None

    game_id, created = find_or_create(conn, official_attempt, insert)
    if not created:
        raise StaleGameError(
            game_id,
            _("the daily deal was started in another window; that game is opened instead"),
        )
    return game_id


def count_hint(conn: sqlite3.Connection, game_id: int) -> int:
    """One more hint asked in a stored game; returns its new count.

    Raises:
        StaleGameError: another live window holds the game.
        SaveError: the game is no longer in play.
    """
    with tx(conn):
        _check_in_play(conn, game_id)
        sql_write(conn, "INSERT OR IGNORE INTO game_play (game_id) VALUES (?)", (game_id,))
        sql_write(conn, "UPDATE game_play SET hints = hints + 1 WHERE game_id = ?", (game_id,))
        row = conn.execute("SELECT hints FROM game_play WHERE game_id = ?", (game_id,)).fetchone()
    return int(row[0])


def daily_games(conn: sqlite3.Connection, seed: int) -> list[tuple[int, str, bool]]:
    """Every stored game on the deal of ``seed`` (a daily deal), in any campaign:
    (id, status, practice), oldest first. Imported and set-aside games are not
    attempts here."""
    rows = conn.execute(
        "SELECT g.id, g.status, coalesce(p.practice, 0) FROM game g "
        "LEFT JOIN game_play p ON p.game_id = g.id "
        "WHERE g.status IN ('playing', 'finished', 'abandoned') AND g.quarantined IS NULL "
        "AND json_valid(g.header) AND json_extract(g.header, '$.seed') = ? ORDER BY g.id",
        (seed,),
    ).fetchall()
    return [(int(i), str(status), bool(practice)) for i, status, practice in rows]


def abandon_game(conn: sqlite3.Connection, game_id: int) -> None:
    """Give up a game in play: it stays stored but is no longer offered to continue.

    Raises:
        StaleGameError: another live window holds the game (it is being played there).
        SaveError: there is no game in play with this number.
    """
    with tx(conn):
        _check_in_play(conn, game_id)
        sql_write(
            conn,
            "UPDATE game SET status = 'abandoned' WHERE id = ? AND status = 'playing'",
            (game_id,),
        )


def append_move(
    conn: sqlite3.Connection,
    game_id: int,
    notation: str,
    *,
    based_on: Sequence[str],
    finish: FeatSet | None = None,
) -> tuple[FeatSpec, ...]:
    """Autosave: commit one move of a game in play, played after the moves ``based_on``.

    Compare-and-set inside the transaction: the stored moves must be exactly
    ``based_on`` (what the window saw), so a move from a stale view (another window
    undid or played meanwhile) is refused and never makes a gap or an illegal line.
    With ``finish`` (the move ends the game) the end of game is committed in the same
    transaction (see :func:`finish_game`), so a failure leaves neither; returns the
    feats it unlocked.

    Raises:
        StaleGameError: the stored moves are not ``based_on``, or another live
            window holds the game (see holders.py).
        SaveError: the game is not in play here any more (finished or abandoned in
            another window).
    """
    ply = len(based_on) + 1
    with tx(conn):
        _check_base(conn, game_id, based_on)
        try:
            sql_write(
                conn,
                "INSERT INTO move (game_id, ply, notation) VALUES (?, ?, ?)",
                (game_id, ply, notation),
            )
        except sqlite3.IntegrityError:
            raise StaleGameError(
                game_id, _("move {ply} was already saved elsewhere").format(ply=ply)
            ) from None
        sql_write(conn, "UPDATE game SET played_at = ? WHERE id = ?", (played_now(), game_id))
        if finish is not None:
            return _finish(conn, game_id, finish)
    return ()


def undo_move(conn: sqlite3.Connection, game_id: int, *, based_on: Sequence[str]) -> None:
    """Take back the last of the moves ``based_on`` (compare-and-set, as
    :func:`append_move`) and count the undo in the record."""
    if not based_on:
        raise SaveError(game_place(game_id), _("there is no move to take back"))
    with tx(conn):
        _check_base(conn, game_id, based_on)
        sql_write(conn, "DELETE FROM move WHERE game_id = ? AND ply = ?", (game_id, len(based_on)))
        sql_write(
            conn,
            "UPDATE game SET undo_count = undo_count + 1, played_at = ? WHERE id = ?",
            (played_now(), game_id),
        )


def _check_base(conn: sqlite3.Connection, game_id: int, based_on: Sequence[str]) -> None:
    """Inside a write: the game is in play, no other live window holds it, and its
    stored moves are exactly ``based_on`` (compared as moves, so a stored move
    written in another spelling of the same notation still matches)."""
    _check_in_play(conn, game_id)
    stored = [
        str(text)
        for (text,) in conn.execute(
            "SELECT notation FROM move WHERE game_id = ? ORDER BY ply", (game_id,)
        )
    ]
    if stored == list(based_on):
        return
    if len(stored) == len(based_on) and _canonical(stored, game_id) == _canonical(
        based_on, game_id
    ):
        return
    raise StaleGameError(
        game_id,
        _(
            "this game was changed in another window ({stored} moves stored, {here} here); reloaded"
        ).format(stored=len(stored), here=len(based_on)),
    )


def _check_in_play(conn: sqlite3.Connection, game_id: int) -> None:
    """Inside a write to a game in play: it is in play, and no other live window holds
    it (holders.py). Every write that changes a game in play calls this first, so a
    window that does not hold a game can neither play, undo, count a hint in nor
    abandon it (tests/test_one_writer.py lists the sites)."""
    row = conn.execute("SELECT status FROM game WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise SaveError(game_place(game_id), _("there is no game with this number"))
    if row[0] != "playing":
        raise SaveError(game_place(game_id), _("this game is no longer in play (another window?)"))
    holder = holders.other_holder(conn, game_id)
    if holder is not None:
        raise StaleGameError(
            game_id,
            _("this game is open in another window ({window})").format(window=holder.describe()),
        )


def _canonical(notations: Sequence[str], game_id: int) -> list[str]:
    try:
        return [str(Move.parse(text)) for text in notations]
    except ValueError:
        where = game_place(game_id)
        raise LoadError("invalid_field", where, _("a stored move does not parse")) from None


HAS_MOVE: Final = "EXISTS (SELECT 1 FROM move m WHERE m.game_id = g.id)"
"""A game in play is offered (Continue, Saved games, "in play") only once a move is
played: a game with no move is not a saved game (all its moves taken back, or
stored by an older release; schema 3 removed those)."""

_GAME_COLUMNS: Final = (
    "id, campaign_id, status, CAST(started_at AS BLOB), CAST(finished_at AS BLOB), "
    "CAST(header AS BLOB), undo_count, "
    "(SELECT hints FROM game_play p WHERE p.game_id = g.id), "
    "(SELECT practice FROM game_play p WHERE p.game_id = g.id)"
)
"""Text columns are read as bytes and decoded here, so one row with bad bytes is a
LoadError naming that game instead of an error for the whole query. Selected
``FROM game g``."""


def load_game(conn: sqlite3.Connection, game_id: int) -> GameRow:
    """A stored game with its moves, validated (not re-simulated: see check_record).

    Raises:
        LoadError: the rows do not make a valid record.
        KeyError: there is no such game.
    """
    row = conn.execute(f"SELECT {_GAME_COLUMNS} FROM game g WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise KeyError(game_id)
    return _stored(conn, row)


def _stored(conn: sqlite3.Connection, row: tuple[object, ...]) -> GameRow:
    game_id, campaign, status, started_raw, finished_raw, header_raw, undo_count = row[:7]
    hints, practice = row[7:9]
    where = game_place(game_id)
    header = _text(header_raw, where)
    started, finished = _text(started_raw, where), _text(finished_raw, where)
    if not isinstance(header, str) or not isinstance(game_id, int):
        raise LoadError("invalid_field", where, _("stored game header is not text"))
    moves = [
        (ply, _text(notation, where))
        for ply, notation in conn.execute(
            "SELECT ply, CAST(notation AS BLOB) FROM move WHERE game_id = ? ORDER BY ply",
            (game_id,),
        ).fetchall()
    ]
    record = record_from_rows(header, moves, where)
    if isinstance(undo_count, int) and undo_count != record.undo_count:
        record = record.model_copy(update={"undo_count": undo_count})
    return GameRow(
        game_id,
        campaign if isinstance(campaign, int) else None,
        str(status),
        str(started),
        None if finished is None else str(finished),
        record,
        hints if isinstance(hints, int) and hints >= 0 else 0,
        practice == 1,
    )


def unfinished_game(conn: sqlite3.Connection, campaign: int) -> GameRow | None:
    """The campaign's most recently played game in play, if any."""
    row = conn.execute(
        f"SELECT {_GAME_COLUMNS} FROM game g WHERE campaign_id = ? AND status = 'playing' "
        f"AND quarantined IS NULL AND {HAS_MOVE} ORDER BY played_at DESC, id DESC LIMIT 1",
        (campaign,),
    ).fetchone()
    return None if row is None else _stored(conn, row)


def unfinished_ids(conn: sqlite3.Connection) -> list[tuple[int, str | None, str]]:
    """Every game in play (id, campaign name, last played), most recently played first."""
    rows = conn.execute(
        "SELECT g.id, CAST(c.name AS BLOB), CAST(coalesce(g.played_at, g.started_at) AS BLOB) "
        "FROM game g LEFT JOIN campaign c ON c.id = g.campaign_id "
        f"WHERE g.status = 'playing' AND g.quarantined IS NULL AND {HAS_MOVE} "
        "ORDER BY coalesce(g.played_at, g.started_at) DESC, g.id DESC"
    ).fetchall()
    return [(int(i), _decoded(name), _decoded(at) or "") for i, name, at in rows]


def _decoded(value: object) -> str | None:
    """A TEXT column read as bytes, decoded leniently: a damaged name must not stop a list."""
    if value is None:
        return None
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    return str(value)


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
        return _finish(conn, game_id, feats)


def _finish(conn: sqlite3.Connection, game_id: int, feats: FeatSet) -> tuple[FeatSpec, ...]:
    """:func:`finish_game` inside the caller's transaction."""
    game = load_game(conn, game_id)
    if game.status != "playing":
        raise SaveError(game_place(game_id), not_in_play(game.status))
    try:
        result = result_of(game.record, feats.catalog)
    except RecordError as exc:
        raise as_load_error(exc, game_place(game_id)) from None
    if result is None:
        raise SaveError(game_place(game_id), _("the game is not over yet"))
    stamp = now()
    header = json.loads(_header(game.record))
    header["result"] = json.loads(result.model_dump_json())
    sql_write(
        conn,
        "UPDATE game SET status = 'finished', finished_at = ?, played_at = ?, score = ?, "
        "rank = ?, header = ? WHERE id = ?",
        (stamp, stamp, result.score, result.rank, json.dumps(header), game_id),
    )
    if game.campaign_id is None:
        return ()
    name = conn.execute("SELECT name FROM campaign WHERE id = ?", (game.campaign_id,)).fetchone()[0]
    campaign = load_campaign(conn, name)
    _campaign, new = after_game(campaign, game.record, feats, game_id=game_id, at=stamp)
    for feat in new:
        sql_write(
            conn,
            "INSERT OR IGNORE INTO feat_unlock (campaign_id, feat, game_id, unlocked_at) "
            "VALUES (?, ?, ?, ?)",
            (campaign.id, feat.code, game_id, stamp),
        )
    sql_write(conn, "UPDATE campaign SET updated_at = ? WHERE id = ?", (stamp, campaign.id))
    return new


def store_finished(
    conn: sqlite3.Connection, record: GameRecord, status: str = "imported", where: str = "import"
) -> int:
    """Store a whole, already re-simulated game in one transaction (imports), with
    no campaign: imported games are for viewing and never unlock feats. Its finish
    time is the record's ``finished_at``, or now for a record that has none.

    The duplicate check runs inside the write transaction (``BEGIN IMMEDIATE``
    holds the write lock), so imports racing in parallel store one copy.

    Raises:
        LoadError: the same game (deal, setup, canonical moves) is already stored.
    """
    if record.result is None:
        raise SaveError("import", _("only finished games can be imported"))
    finished = record.finished_at or now()
    game_id, created = find_or_create(
        conn,
        lambda: find_duplicate(conn, record),
        lambda: _insert_finished(conn, None, status, record, finished),
    )
    if not created:
        raise _already_stored(game_id, where)
    return game_id


def store_in_campaign(
    conn: sqlite3.Connection, record: GameRecord, name: str, feats: FeatSet, where: str
) -> tuple[int, tuple[FeatSpec, ...]]:
    """Store a whole, already re-simulated game as a finished game of the campaign
    ``name``, in one transaction, by the campaign rules: its feat cards must be
    unlocked there (R31), and it unlocks what it earns (R29), dated by its finish
    time (the record's ``finished_at``, or now). Returns the game and the new feats.

    Raises:
        NoSuchCampaign: no campaign has that name. LockedFeats: the game uses feats
            the campaign has not unlocked. LoadError: the game is already stored.
            Nothing is written in any of these cases.
    """
    if record.result is None:
        raise SaveError("import", _("only finished games can be imported"))
    finished = record.finished_at or now()
    with tx(conn):
        campaign = load_campaign(conn, name)
        locked = [code for code in record.setup.feats if code not in campaign.unlocked]
        if locked:
            raise LockedFeats(campaign.name, locked)
        setup = record.setup.model_copy(update={"campaign": campaign.name})
        record = record.model_copy(update={"setup": setup})

        def insert() -> tuple[int, tuple[FeatSpec, ...]]:
            game_id = _insert_finished(conn, campaign.id, "finished", record, finished)
            _campaign, new = after_game(campaign, record, feats, game_id=game_id, at=finished)
            for feat in new:
                sql_write(
                    conn,
                    "INSERT INTO feat_unlock (campaign_id, feat, game_id, unlocked_at) "
                    "VALUES (?, ?, ?, ?)",
                    (campaign.id, feat.code, game_id, finished),
                )
            sql_write(
                conn,
                "UPDATE campaign SET updated_at = max(updated_at, ?) WHERE id = ?",
                (finished, campaign.id),
            )
            return game_id, new

        def duplicate() -> tuple[int, tuple[FeatSpec, ...]] | None:
            found = find_duplicate(conn, record)
            return None if found is None else (found, ())

        (game_id, new), created = find_or_create(conn, duplicate, insert)
    if not created:
        raise _already_stored(game_id, where)
    return game_id, new


def _already_stored(game_id: int, where: str) -> LoadError:
    return LoadError(
        "invalid_field",
        where,
        _("this game is already stored as game {number} (same deal, setup and moves)").format(
            number=game_id
        ),
    )


def _insert_finished(
    conn: sqlite3.Connection,
    campaign: int | None,
    status: str,
    record: GameRecord,
    finished: str,
) -> int:
    """Insert a finished game's row and its moves (inside the caller's transaction,
    after its duplicate check); started and last played are set to its finish time,
    the one time an imported record knows."""
    result = record.result
    assert result is not None  # finished games only
    cursor = sql_write(
        conn,
        "INSERT INTO game (campaign_id, status, started_at, finished_at, played_at, header,"
        " score, rank, undo_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            campaign,
            status,
            finished,
            finished,
            finished,
            _header(record),
            result.score,
            result.rank,
            record.undo_count,
        ),
    )
    game_id = cursor.lastrowid
    assert game_id is not None
    for ply, text in enumerate(record.moves, start=1):
        sql_write(
            conn, "INSERT INTO move (game_id, ply, notation) VALUES (?, ?, ?)", (game_id, ply, text)
        )
    return game_id


def history(
    conn: sqlite3.Connection, campaign: int | None = None, *, include_imported: bool = False
) -> tuple[list[HistoryEntry], list[LoadError]]:
    """Finished games, oldest first: a campaign's, or every campaign's; and a
    LoadError naming each game whose row is damaged (left out of the list, so one
    bad row never hides the others; ``doctor`` can quarantine it)."""
    statuses = ("finished", "imported") if include_imported else ("finished",)
    query = (
        "SELECT g.id, CAST(c.name AS BLOB), CAST(g.finished_at AS BLOB), "
        "CAST(g.header AS BLOB), g.score, CAST(g.rank AS BLOB), g.status, "
        "(SELECT practice FROM game_play p WHERE p.game_id = g.id) "
        "FROM game g LEFT JOIN campaign c ON c.id = g.campaign_id "
        f"WHERE g.status IN ({', '.join('?' * len(statuses))}) AND g.quarantined IS NULL"
    )
    params: list[object] = list(statuses)
    if campaign is not None:
        query += " AND g.campaign_id = ?"
        params.append(campaign)
    entries: list[HistoryEntry] = []
    problems: list[LoadError] = []
    for row in conn.execute(query + " ORDER BY g.finished_at, g.id", params).fetchall():
        try:
            entries.append(_history_entry(row))
        except LoadError as exc:
            problems.append(exc)
    return entries, problems


def _history_entry(row: tuple[object, ...]) -> HistoryEntry:
    game_id, name, finished, header, total, rank, status, practice = row
    where = game_place(game_id)
    texts = [_text(value, where) for value in (name, finished, header, rank)]
    name_text, finished_text, header_text, rank_text = texts
    if header_text is None or finished_text is None or rank_text is None:
        raise LoadError("invalid_field", where, _("stored game is missing its result"))
    record = record_from_rows(header_text, [], where)
    if record.result is None or total != record.result.score or rank_text != record.result.rank:
        raise LoadError("invalid_field", where, _("stored score or rank disagrees with the game"))
    return HistoryEntry(
        int(str(game_id)),
        name_text,
        finished_text,
        record.deck_colour,
        record.result.score,
        record.result.rank,
        record.setup.difficulty,
        record.setup.feats,
        record.result.turns,
        str(status),
        record.seed,
        practice == 1,
    )


def _text(value: object, where: str) -> str | None:
    """A TEXT column read as bytes: strict UTF-8, or a LoadError naming the game."""
    if value is None or isinstance(value, str):
        return value
    if not isinstance(value, bytes):
        raise LoadError("invalid_field", where, _("a stored text field holds a number"))
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        raise LoadError("invalid_field", where, _("stored text is not UTF-8")) from None


def game_rows(conn: sqlite3.Connection) -> list[int]:
    """The id of every game not set aside (for doctor's row check)."""
    return [int(r[0]) for r in conn.execute("SELECT id FROM game WHERE quarantined IS NULL")]


def quarantine_game(conn: sqlite3.Connection, game_id: int, reason: str) -> None:
    """Set a damaged game row aside: kept as it is, left out of every list."""
    with tx(conn):
        sql_write(
            conn,
            "UPDATE game SET quarantined = ? WHERE id = ?",
            (reason[:200] or "damaged", game_id),
        )


def quarantined(conn: sqlite3.Connection) -> list[tuple[int, str]]:
    return [
        (int(i), _decoded(reason) or "")
        for i, reason in conn.execute(
            "SELECT id, CAST(quarantined AS BLOB) FROM game WHERE quarantined IS NOT NULL"
        )
    ]


def find_duplicate(conn: sqlite3.Connection, record: GameRecord) -> int | None:
    """A stored game with the same deal, setup (difficulty, feats) and moves, if any.

    Compared on the parsed record and canonical move notation, so formatting,
    field order, the campaign's name, the seed or how a move was spelt (``s1``,
    extra blanks) cannot hide a duplicate.
    """
    moves = canonical_moves(record.moves)
    rows = conn.execute(
        "SELECT g.id FROM game g WHERE g.status IN ('finished', 'imported') "
        "AND (SELECT count(*) FROM move m WHERE m.game_id = g.id) = ?",
        (len(record.moves),),
    ).fetchall()
    for (game_id,) in rows:
        try:
            other = load_game(conn, int(game_id)).record
        except (LoadError, KeyError, UnicodeDecodeError, sqlite3.DatabaseError, ValueError):
            continue
        if (
            other.deal == record.deal
            and canonical_moves(other.moves) == moves
            and other.setup.difficulty == record.setup.difficulty
            and other.setup.feats == record.setup.feats
        ):
            return int(game_id)
    return None


def canonical_moves(moves: tuple[str, ...]) -> tuple[str, ...]:
    """Each move as the engine writes it (``s1`` → ``S1``).

    Raises:
        InvalidMoveError: a text that is not a move in our notation.
    """
    return tuple(str(Move.parse(text)) for text in moves)


# --- whole campaigns (campaign files) -----------------------------------------------


@dataclass(frozen=True, slots=True)
class CampaignGameRow:
    """A finished game of a campaign file, re-simulated, with its result recomputed."""

    record: GameRecord
    started_at: str
    finished_at: str
    hints: int
    practice: bool
    unlocks: tuple[str, ...]
    """The feats this game unlocked, by the campaign rules (R29), never the file's."""


def campaign_games(conn: sqlite3.Connection, name: str) -> list[GameRow]:
    """A campaign's finished games, in the order they finished (damaged ones left out
    by the caller, who gets each LoadError from :func:`load_game`)."""
    rows = conn.execute(
        "SELECT id FROM game WHERE campaign_id = ? AND status = 'finished' "
        "AND quarantined IS NULL ORDER BY finished_at, id",
        (campaign_id(conn, name),),
    ).fetchall()
    return [load_game(conn, int(game_id)) for (game_id,) in rows]


def store_campaign(
    conn: sqlite3.Connection, name: str, created_at: str, games: Sequence[CampaignGameRow]
) -> int:
    """Store a whole campaign, its games and the feats they unlock, in one transaction;
    a name that is another campaign's (any case) is refused and nothing is written.
    Returns the campaign's id."""
    check_name(name)
    updated = max([created_at, *(game.finished_at for game in games)])

    def insert() -> int:
        cursor = sql_write(
            conn,
            "INSERT INTO campaign (name, created_at, updated_at) VALUES (?, ?, ?)",
            (name, created_at, updated),
        )
        campaign = cursor.lastrowid
        assert campaign is not None
        for game in games:
            result = game.record.result
            assert result is not None  # finished games only
            cursor = sql_write(
                conn,
                "INSERT INTO game (campaign_id, status, started_at, finished_at, played_at,"
                " header, score, rank, undo_count) VALUES (?, 'finished', ?, ?, ?, ?, ?, ?, ?)",
                (
                    campaign,
                    game.started_at,
                    game.finished_at,
                    game.finished_at,
                    _header(game.record),
                    result.score,
                    result.rank,
                    game.record.undo_count,
                ),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            sql_write(
                conn,
                "INSERT INTO game_play (game_id, hints, practice) VALUES (?, ?, ?)",
                (game_id, game.hints, int(game.practice)),
            )
            for ply, text in enumerate(game.record.moves, start=1):
                sql_write(
                    conn,
                    "INSERT INTO move (game_id, ply, notation) VALUES (?, ?, ?)",
                    (game_id, ply, text),
                )
            for feat in game.unlocks:
                sql_write(
                    conn,
                    "INSERT INTO feat_unlock (campaign_id, feat, game_id, unlocked_at) "
                    "VALUES (?, ?, ?, ?)",
                    (campaign, feat, game_id, game.finished_at),
                )
        return campaign

    clash: list[str] = []

    def same_name() -> int | None:
        found = _same_name(conn, name)
        if found is None:
            return None
        clash.append(found)
        return -1

    try:
        campaign, created = find_or_create(conn, same_name, insert)
    except sqlite3.IntegrityError:
        raise CampaignError(already_exists(name)) from None
    if not created:
        raise CampaignError(already_exists(clash[0]))
    return campaign
