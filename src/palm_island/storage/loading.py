"""Provides the loaders and writers of game records: stored rows, import and export.

Each loader is a pipeline (size cap, JSON, envelope, migrate or refuse, strict
schema, re-simulation) whose every failure is one :class:`LoadError` naming what
was read. Exports are written atomically: temp file, fsync, rename, directory
fsync, so a crash leaves the old file or the new one, never a mix.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from ..engine import Catalog, GameState
from ..i18n import _
from ..records import (
    MAX_RECORD_BYTES,
    GameRecord,
    RecordError,
    dump_record,
    load_record,
    verify,
)
from . import safe_write
from .errors import LoadError, LoadErrorKind
from .safe_read import read_bytes

_KINDS: Final[dict[str, LoadErrorKind]] = {
    "too_large": "too_large",
    "not_json": "not_json",
    "wrong_kind": "wrong_kind",
    "newer_version": "newer_version",
    "invalid_field": "invalid_field",
    "bad_deal": "invalid_field",
    "invalid_move": "illegal_move",
    "illegal_move": "illegal_move",
    "result_mismatch": "hash_mismatch",
}


def as_load_error(exc: RecordError, where: str) -> LoadError:
    """The record error as a LoadError; the position (long) stays in ``detail``."""
    text = str(exc)
    short = text.split("; position:")[0]
    return LoadError(_KINDS[exc.kind], where, short, text)


def parse_record(text: str | bytes, where: str) -> GameRecord:
    """Validate a record's JSON (not replayed). Raises LoadError."""
    try:
        return load_record(text)
    except RecordError as exc:
        raise as_load_error(exc, where) from None
    except (RecursionError, ValueError) as exc:  # json on absurd nesting, huge ints
        raise LoadError(
            "not_json", where, _("not readable JSON: {error}").format(error=type(exc).__name__)
        ) from None


def check_record(record: GameRecord, catalog: Catalog, where: str) -> GameState:
    """Re-simulate the record and check its result; return the final state."""
    try:
        return verify(record, catalog)
    except RecordError as exc:
        raise as_load_error(exc, where) from None


def record_from_rows(header: str, moves: Sequence[tuple[object, object]], where: str) -> GameRecord:
    """Build and validate a record from a game row's header and its move rows.

    Raises:
        LoadError: a header that is not a record, moves with gaps, bad fields.
    """
    if len(header) > MAX_RECORD_BYTES:
        raise LoadError("too_large", where, _("stored game header is over 1 MiB"))
    plies = [ply for ply, _text in moves]
    if plies != list(range(1, len(moves) + 1)):
        raise LoadError("invalid_field", where, _("stored moves are not numbered 1, 2, 3 …"))
    try:
        raw = json.loads(header)
    except (ValueError, RecursionError):
        raise LoadError("not_json", where, _("stored game header is not JSON")) from None
    if not isinstance(raw, dict):
        raise LoadError("wrong_kind", where, _("stored game header is not a record"))
    if not all(isinstance(text, str) for _ply, text in moves):
        raise LoadError("invalid_field", where, _("a stored move is not text"))
    raw["moves"] = [str(text) for _ply, text in moves]
    return parse_record(json.dumps(raw), where)


def with_finish_time(record: GameRecord, finished_at: str | None, where: str) -> GameRecord:
    """The record with when its game ended (what ``export`` writes), validated as a
    file would be, so a damaged time is a LoadError here, not a file import refuses."""
    raw = json.loads(record.model_dump_json())
    raw["finished_at"] = finished_at
    return parse_record(json.dumps(raw), where)


def read_record_file(path: Path) -> GameRecord:
    """Read and validate a record file (not replayed yet): the one loader behind
    ``import``, ``verify`` and ``replay``.

    Only a regular file is read: a FIFO, a device (``/dev/zero``) or a directory
    is refused before any byte is read, so nothing can hang or fill the memory.
    The size is checked with ``fstat`` and at most 1 MiB + 1 byte is ever read
    (a file growing meanwhile is caught too).
    """
    where = path.name or str(path)
    data = read_bytes(path, MAX_RECORD_BYTES, where=where)
    return parse_record(data, where)


def import_record_file(path: Path, catalog: Catalog) -> tuple[GameRecord, GameState]:
    """Read, validate and re-simulate a record file; return it and its final state."""
    record = read_record_file(path)
    return record, check_record(record, catalog, path.name)


def write_atomically(
    path: Path, text: str, *, replace: bool = True, protected: Sequence[Path] = ()
) -> None:
    """Write ``text`` to ``path`` through the one safe-write path: a crash leaves the
    old file or the new one; an existing file is kept unless ``replace``.

    Raises:
        SaveError: nothing was changed (no temp file is left).
    """
    safe_write.write_file(path, text.encode("utf-8"), replace=replace, protected=protected)


def export_record(
    record: GameRecord,
    path: Path,
    *,
    replace: bool = True,
    protected: Sequence[Path] = (),
    make_parent: bool = False,
) -> None:
    """Write a record as a JSON file (what ``import`` and ``verify`` read);
    ``make_parent`` creates its folder first (the app's ``exports/``)."""
    if make_parent:
        safe_write.make_dir(path.parent, parents=True)
    write_atomically(path, dump_record(record), replace=replace, protected=protected)
