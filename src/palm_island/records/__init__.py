"""Game records: the inputs of a game (deal and moves), replayable and versioned.

See docs/records.md for the format. Pure: parses and produces text, opens no file.
"""

from .model import RECORD_FORMAT, RULES_VERSION, SCHEMA_VERSION, GameRecord, RecordResult
from .replay import (
    MAX_RECORD_BYTES,
    RecordError,
    build_record,
    dump_record,
    load_record,
    record_deal,
    replay,
    verify,
)

__all__ = [
    "MAX_RECORD_BYTES",
    "RECORD_FORMAT",
    "RULES_VERSION",
    "SCHEMA_VERSION",
    "GameRecord",
    "RecordError",
    "RecordResult",
    "build_record",
    "dump_record",
    "load_record",
    "record_deal",
    "replay",
    "verify",
]
