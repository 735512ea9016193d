"""Provides loading, building and replaying of game records, with precise errors.

Loading is a pipeline: size cap, JSON, envelope (format and version), strict
schema, then the deal; replaying applies each move in turn and reports the first
one that cannot be read or is not legal, by its step number.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Iterator, Sequence
from typing import Final, Literal

from pydantic import ValidationError

from .. import __version__
from ..engine import (
    Catalog,
    GameState,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    PalmIslandError,
    apply_move,
    new_game,
    packed_id,
    position_notation,
    score,
)
from .migrations import migrate
from .model import (
    RECORD_FORMAT,
    RULES_VERSION,
    SCHEMA_VERSION,
    Checkpoint,
    Difficulty,
    GameRecord,
    GameSetup,
    RecordResult,
)

MAX_RECORD_BYTES: Final = 1 << 20
"""A whole game is about 2 KB; anything above 1 MiB is refused unread."""

ErrorKind = Literal[
    "too_large",
    "not_json",
    "wrong_kind",
    "newer_version",
    "invalid_field",
    "bad_deal",
    "invalid_move",
    "illegal_move",
    "result_mismatch",
]


class RecordError(PalmIslandError, ValueError):
    """A record that cannot be loaded or replayed; ``step`` is the 1-based move, if any."""

    def __init__(self, kind: ErrorKind, message: str, step: int | None = None) -> None:
        self.kind = kind
        self.step = step
        super().__init__(message)


def load_record(text: str | bytes) -> GameRecord:
    """Parse and validate a record's JSON text (it is not replayed here)."""
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError("too_large", f"record is {len(text)} bytes; the limit is 1 MiB")
    try:
        raw = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError("not_json", f"not JSON: {exc}") from None
    except RecursionError:
        raise RecordError("not_json", "not readable JSON: nested too deeply") from None
    except ValueError as exc:  # an integer literal of thousands of digits
        raise RecordError("not_json", f"not readable JSON: {exc}") from None
    if not isinstance(raw, dict) or raw.get("format") != RECORD_FORMAT:
        raise RecordError(
            "wrong_kind", f'not a Palm Island game record (no "format": "{RECORD_FORMAT}")'
        )
    for field, known in (("schema_version", SCHEMA_VERSION), ("rules_version", RULES_VERSION)):
        version = raw.get(field)
        if isinstance(version, int) and not isinstance(version, bool) and version > known:
            raise RecordError(
                "newer_version",
                f"{field} {version} is newer than this program knows ({known}); "
                "update palm-island to read it",
            )
    if raw.get("schema_version") != SCHEMA_VERSION:
        # Older layouts are upgraded first; strict validation then sees today's.
        text = json.dumps(migrate(raw))
    try:
        return GameRecord.model_validate_json(text)
    except ValidationError as exc:
        problems = [
            f"{'.'.join(str(p) for p in e['loc']) or 'record'}: {e['msg']}"
            for e in exc.errors()[:3]
        ]
        more = exc.error_count() - len(problems)
        raise RecordError(
            "invalid_field", "; ".join(problems) + (f" (and {more} more)" if more else "")
        ) from None


def dump_record(record: GameRecord) -> str:
    """The record as pretty JSON text (what ``load_record`` reads back)."""
    return record.model_dump_json(indent=2) + "\n"


def record_deal(record: GameRecord, catalog: Catalog) -> tuple[int, ...]:
    """The record's deal as card ids, checking each building appears once."""
    unknown = [code for code in record.deal if not catalog.has_code(code)]
    if unknown:
        raise RecordError("bad_deal", f"deal names unknown cards: {', '.join(unknown)}")
    ids = tuple(catalog.id_of(code) for code in record.deal)
    if sorted(ids) != list(range(catalog.tracker_id)):
        twice = sorted({c for c in record.deal if record.deal.count(c) > 1})
        raise RecordError(
            "bad_deal", f"deal must list each building once; repeated: {', '.join(twice)}"
        )
    return ids


def record_feats(record: GameRecord, catalog: Catalog) -> tuple[int, ...]:
    """The ids of the feat cards the record puts in play (R30), checked against ``catalog``."""
    feat_codes = {catalog.cards[i].code for i in catalog.feat_ids}
    unknown = [code for code in record.setup.feats if code not in feat_codes]
    if unknown:
        raise RecordError("bad_deal", f"setup.feats names unknown feats: {', '.join(unknown)}")
    return tuple(catalog.id_of(code) for code in record.setup.feats)


def state_sha256(state: GameState) -> str:
    """SHA-256 (hex) of the position notation: equal positions, equal hashes."""
    return hashlib.sha256(position_notation(state).encode("ascii")).hexdigest()


def replay(record: GameRecord, catalog: Catalog) -> Iterator[GameState]:
    """Yield the start state and the state after every move.

    Raises:
        RecordError: at the first move that cannot be read or is not legal,
            naming its step (1-based) and the position.
    """
    state = new_game(
        catalog, deal=record_deal(record, catalog), feats=record_feats(record, catalog)
    )
    yield state
    for step, text in enumerate(record.moves, start=1):
        try:
            move = Move.parse(text)
        except InvalidMoveError as exc:
            raise RecordError("invalid_move", f"move {step}: {exc}", step) from None
        try:
            state = apply_move(state, move).state
        except IllegalMoveError as exc:
            raise RecordError(
                "illegal_move",
                f"move {step} ({text}): not legal here — {exc.reason}; position: {exc.position}",
                step,
            ) from None
        yield state


def verify(record: GameRecord, catalog: Catalog) -> GameState:
    """Replay the whole record and check its result; return the final state.

    With checkpoints, a replay that drifts is reported at the first round whose
    end differs, not only at the end.
    """
    expected = (
        {c.after_move: c.state_sha256 for c in record.result.checkpoints} if record.result else {}
    )
    state: GameState | None = None
    for step, state in enumerate(replay(record, catalog)):
        if step in expected and expected[step] != state_sha256(state):
            raise RecordError(
                "result_mismatch",
                f"replay diverges from the record in round {state.round - (not state.is_over)} "
                f"(checkpoint after move {step})",
                step,
            )
    assert state is not None
    if record.result is not None:
        actual = score(state)
        if not state.is_over:
            raise RecordError(
                "result_mismatch", "record has a result but its moves do not end the game"
            )
        if (actual.total, state.turn) != (record.result.score, record.result.turns):
            raise RecordError(
                "result_mismatch",
                f"record says score {record.result.score} after "
                f"{record.result.turns} turns; replay gives {actual.total} after {state.turn}",
            )
        if actual.rank != record.result.rank:
            # Derived fields are checked, never trusted: a score of 23 is not "Astounding".
            raise RecordError(
                "result_mismatch",
                f"record says rank {record.result.rank!r}; score {actual.total} is {actual.rank!r}",
            )
        final_hash = record.result.state_sha256
        if final_hash is not None and final_hash != state_sha256(state):
            raise RecordError(
                "result_mismatch", "the replay ends in another position than the recorded one"
            )
    return state


def result_of(record: GameRecord, catalog: Catalog) -> RecordResult | None:
    """The result a record's moves reach (with hashes and checkpoints), or None if
    the game is not over. Raises RecordError like :func:`replay`."""
    states = list(replay(record, catalog))
    final = states[-1]
    if not final.is_over:
        return None
    breakdown = score(final)
    return RecordResult(
        score=breakdown.total,
        rank=breakdown.rank,
        turns=final.turn,
        state_sha256=state_sha256(final),
        checkpoints=tuple(
            Checkpoint(after_move=step, state_sha256=state_sha256(after))
            for step, (before, after) in enumerate(itertools.pairwise(states), 1)
            if after.round != before.round or after.is_over
        ),
    )


def checkpoints(start: GameState, moves: Sequence[Move]) -> tuple[Checkpoint, ...]:
    """The hash after each move that ended a round (R22, R25), for :class:`RecordResult`."""
    found = []
    state = start
    for step, move in enumerate(moves, start=1):
        after = apply_move(state, move).state
        if after.round != state.round or after.is_over:
            found.append(Checkpoint(after_move=step, state_sha256=state_sha256(after)))
        state = after
    return tuple(found)


def build_record(
    start: GameState,
    moves: Sequence[Move],
    *,
    final: GameState | None = None,
    seed: int | None = None,
    deck_colour: Literal["red", "blue"] = "blue",
    undo_count: int = 0,
    difficulty: Difficulty | None = None,
    campaign: str | None = None,
) -> GameRecord:
    """The record of a game that began at ``start`` (a new game) and played ``moves``.

    The feats in play are read from ``start``'s deck (R30); ``difficulty`` must
    allow that many (R31), or pydantic's ``ValidationError`` is raised; left out,
    it is the hardest that allows them.
    """
    if start.deal is None:
        raise ValueError("a record needs the deal the game started from")
    catalog = start.catalog
    ids = [packed_id(p) for p in start.deck]
    feats = tuple(catalog.card(i).code for i in ids if i > catalog.tracker_id)
    if difficulty is None:
        difficulty = "hard" if not feats else "medium" if len(feats) == 1 else "easy"
    result = None
    if final is not None and final.is_over:
        breakdown = score(final)
        result = RecordResult(
            score=breakdown.total,
            rank=breakdown.rank,
            turns=final.turn,
            state_sha256=state_sha256(final),
            checkpoints=checkpoints(start, moves),
        )
    return GameRecord(
        app_version=__version__,
        deck_colour=deck_colour,
        seed=seed,
        deal=tuple(start.catalog.card(i).code for i in start.deal),
        setup=GameSetup(difficulty=difficulty, feats=feats, campaign=campaign),
        moves=tuple(str(m) for m in moves),
        undo_count=undo_count,
        result=result,
    )
