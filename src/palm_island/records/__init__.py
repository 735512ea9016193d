"""Game records: the inputs of a game (deal and moves), replayable and versioned.

See docs/records.md for the format. Pure: parses and produces text, opens no file.
"""

from .migrations import migrate
from .model import (
    FEAT_LIMITS,
    RECORD_FORMAT,
    RULES_VERSION,
    SCHEMA_VERSION,
    Difficulty,
    GameRecord,
    GameSetup,
    RecordResult,
)
from .replay import (
    MAX_RECORD_BYTES,
    RecordError,
    build_record,
    dump_record,
    load_record,
    record_deal,
    record_feats,
    replay,
    result_of,
    state_sha256,
    verify,
)

__all__ = [
    "FEAT_LIMITS",
    "MAX_RECORD_BYTES",
    "RECORD_FORMAT",
    "RULES_VERSION",
    "SCHEMA_VERSION",
    "Difficulty",
    "GameRecord",
    "GameSetup",
    "RecordError",
    "RecordResult",
    "build_record",
    "dump_record",
    "load_record",
    "migrate",
    "record_deal",
    "record_feats",
    "replay",
    "result_of",
    "state_sha256",
    "verify",
]
