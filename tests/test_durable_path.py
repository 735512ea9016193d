"""The player's durable path runs in make check: every kind of write the game makes
(the fault-injection suite's operations) once, on a campaign file opened as the game
opens it (``synchronous=FULL``), not as the other tests do (``durable=False``,
tests/conftest.py). The suite's fault runs are the reliability tier; this is the
plain path, each write waiting for the disk."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from palm_island.storage import db
from test_fault_injection import OPERATIONS, Operation

NOT_THE_CAMPAIGN_FILE = {"settings", "cache", "bench"}
"""Operations that write no campaign file (the settings file, the catalog cache) or
are a benchmark's."""


@pytest.mark.parametrize(
    "op", [op for op in OPERATIONS if op.name not in NOT_THE_CAMPAIGN_FILE], ids=lambda o: o.name
)
def test_each_kind_of_write_commits_waiting_for_the_disk(
    op: Operation, tmp_path: Path, durable: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[int] = []
    synced: list[int] = []
    real_connect, real_fsync = db.connect, os.fsync

    def connect(path: Path, *, durable: bool = True) -> sqlite3.Connection:
        conn = real_connect(path, durable=durable)
        opened.append(conn.execute("PRAGMA synchronous").fetchone()[0])
        return conn

    folder = tmp_path / "data"
    op.setup(folder)

    def fsync(fd: int) -> None:
        synced.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(db, "connect", connect)
    monkeypatch.setattr(os, "fsync", fsync)
    acks: list[str] = []
    op.act(folder, acks.append)
    assert acks, f"{op.name}: nothing acknowledged"
    assert set(opened) <= {2}, f"{op.name}: synchronous {opened}, not FULL (2)"
    # A campaign file's commits wait for the disk, or (an export, a restore: whole
    # files written aside and renamed) the files are fsync-ed before they are used.
    assert opened or synced, f"{op.name}: neither a durable connection nor an fsync"
    assert op.observe(folder) == acks[-1]
