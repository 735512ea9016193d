"""Provides campaign files: a whole campaign written out (``export --campaign``) and
read back into any data folder (``import``), its games keeping their own dates.

Reading is the record loader's pipeline widened to a campaign: size cap, JSON,
envelope, strict schema, then each game's record through the record loader and
re-simulated, its result recomputed; then the campaign rules, game by game in the
order they finished: a game may use only feats the games before it unlocked and
its difficulty allows (R31), and each unlocks what it earns (R29). The file's
scores, ranks and any feats it names are never trusted. Any failure is one
:class:`LoadError` and nothing is written.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from .. import __version__
from ..campaign.model import Campaign
from ..campaign.service import CampaignError, after_game, check_setup
from ..engine import FeatSet
from ..i18n import _
from ..records import result_of
from ..records.campaign_file import (
    MAX_CAMPAIGN_BYTES,
    CampaignFile,
    CampaignFileError,
    CampaignGame,
    dump_campaign_file,
    is_campaign_text,
    load_campaign_file,
)
from . import repositories
from .errors import LoadError, LoadErrorKind
from .loading import check_record, parse_record, write_atomically
from .safe_read import read_bytes

_KINDS: dict[str, LoadErrorKind] = {
    "not_json": "not_json",
    "wrong_kind": "wrong_kind",
    "newer_version": "newer_version",
    "invalid_field": "invalid_field",
}


def is_campaign_file(path: Path) -> bool:
    """Whether ``path`` is a campaign file rather than a game record (by its
    ``format``); a file that cannot be read is left to the record loader to report."""
    try:
        data = read_bytes(path, MAX_CAMPAIGN_BYTES)
    except LoadError:
        return False
    return is_campaign_text(data)


def campaign_file(conn: sqlite3.Connection, name: str) -> tuple[CampaignFile, int]:
    """The campaign as a file's contents, and how many unfinished games it has (they
    are not written: a campaign file holds finished games)."""
    campaign = repositories.load_campaign(conn, name)
    games = [
        CampaignGame(
            started_at=row.started_at,
            finished_at=row.finished_at or row.started_at,
            hints=row.hints,
            practice=row.practice,
            record=json.loads(row.record.model_dump_json()),
        )
        for row in repositories.campaign_games(conn, name)
    ]
    (unfinished,) = conn.execute(
        "SELECT count(*) FROM game WHERE campaign_id = ? AND status = 'playing'", (campaign.id,)
    ).fetchone()
    content = CampaignFile(
        app_version=__version__,
        name=campaign.name,
        created_at=campaign.created_at,
        games=tuple(games),
    )
    return content, int(unfinished)


def export_campaign(
    conn: sqlite3.Connection,
    name: str,
    path: Path,
    *,
    replace: bool = False,
    protected: Sequence[Path] = (),
) -> tuple[int, int]:
    """Write the campaign's file atomically; ``(games written, unfinished left out)``.

    Raises:
        CampaignError: no such campaign. SaveError: nothing was written.
    """
    content, unfinished = campaign_file(conn, name)
    write_atomically(path, dump_campaign_file(content), replace=replace, protected=protected)
    return len(content.games), unfinished


def read_campaign_file(
    path: Path, feats: FeatSet, *, name: str | None = None
) -> tuple[str, str, list[repositories.CampaignGameRow]]:
    """Read, check and replay a campaign file: its name (or ``name``), when it was
    made, and its games in the order they finished with what each unlocks.

    Raises:
        LoadError: naming the file and, for a game, which one (its place in the file).
    """
    where = path.name or str(path)
    data = read_bytes(path, MAX_CAMPAIGN_BYTES, where=where)
    try:
        content = load_campaign_file(data)
    except CampaignFileError as exc:
        raise LoadError(_KINDS[exc.kind], where, str(exc)) from None
    campaign_name = content.name if name is None else name
    try:
        repositories.check_name(campaign_name)
    except CampaignError as exc:
        raise LoadError("invalid_field", where, str(exc)) from None
    order = sorted(range(len(content.games)), key=lambda i: content.games[i].finished_at)
    campaign = Campaign(0, campaign_name, content.created_at, content.created_at)
    rows: list[repositories.CampaignGameRow] = []
    for index in order:
        game = content.games[index]
        place = _("{file} game {number}").format(file=where, number=index + 1)
        if game.finished_at < game.started_at:
            raise LoadError("invalid_field", place, _("finished before it started"))
        record = parse_record(json.dumps(game.record), place)
        final = check_record(record, feats.catalog, place)
        if not final.is_over:
            raise LoadError("invalid_field", place, _("the game is not finished"))
        try:
            check_setup(campaign, record.setup.difficulty, record.setup.feats)
        except CampaignError as exc:
            raise LoadError(
                "invalid_field",
                place,
                _("not allowed by the games before it: {reason}").format(reason=exc),
            ) from None
        setup = record.setup.model_copy(update={"campaign": campaign_name})
        record = record.model_copy(
            update={
                "result": result_of(record, feats.catalog),
                "moves": repositories.canonical_moves(record.moves),
                "setup": setup,
            }
        )
        campaign, new = after_game(campaign, record, feats, game_id=index, at=game.finished_at)
        rows.append(
            repositories.CampaignGameRow(
                record,
                game.started_at,
                game.finished_at,
                game.hints,
                game.practice,
                tuple(feat.code for feat in new),
            )
        )
    return campaign_name, content.created_at, rows


def import_campaign(
    conn: sqlite3.Connection, path: Path, feats: FeatSet, *, name: str | None = None
) -> tuple[str, int, tuple[str, ...]]:
    """Recreate the campaign of a campaign file: ``(its name, games, feats unlocked)``.

    Raises:
        LoadError: the file (nothing written). CampaignError: the name is taken.
    """
    campaign_name, created_at, rows = read_campaign_file(path, feats, name=name)
    repositories.store_campaign(conn, campaign_name, created_at, rows)
    return campaign_name, len(rows), tuple(feat for row in rows for feat in row.unlocks)
