"""T1: kill -9 at random points while moves and game ends are committed.

A forked worker plays random games through a Store, writing one line to a pipe
after each commit returns ("acknowledged"). The parent kills it with SIGKILL at
a random moment (half the time just as a game-ending move starts its commit),
then checks: the file passes integrity_check, no acknowledged move is missing,
and at the end every feat unlock is exactly what the finished games earn.
"""

from __future__ import annotations

import os
import random
import select
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from palm_island.campaign.service import earned
from palm_island.engine import apply_move
from palm_island.policies import random_policy
from palm_island.storage import repositories
from palm_island.storage.catalog_files import standard_feats
from palm_island.storage.service import Store
from storage_helpers import scale

pytestmark = pytest.mark.reliability
KILLS = scale(300)


def _worker(directory: Path, fd: int, seed: int) -> None:
    """Runs in the forked child until killed."""
    store = Store.open(directory)
    rng = random.Random(seed)
    session = store.continue_game("K")
    while True:
        if session is None or session.is_over:
            session = store.new_game("K", seed=rng.randrange(1 << 30))
        policy = random_policy(rng.randrange(1 << 30))
        while not session.is_over:
            move = policy(session.state)
            ending = apply_move(session.state, move).state.is_over
            if ending:
                os.write(fd, f"E {session.game_id}\n".encode())
            session.play(move)
            os.write(fd, f"M {session.game_id} {len(session.moves)}\n".encode())


def _run_once(directory: Path, rng: random.Random, at_game_end: bool) -> list[str]:
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read_fd)
        try:
            _worker(directory, write_fd, rng.randrange(1 << 30))
        finally:
            os._exit(0)
    os.close(write_fd)
    buffer = b""
    deadline = time.monotonic() + (5.0 if at_game_end else rng.uniform(0.0, 0.12))
    while time.monotonic() < deadline:
        ready, _, _ = select.select([read_fd], [], [], max(0.0, deadline - time.monotonic()))
        if ready:
            chunk = os.read(read_fd, 65536)
            if not chunk:
                break
            buffer += chunk
            if at_game_end and b"E " in chunk:
                time.sleep(rng.uniform(0.0, 0.006))
                break
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    while chunk := os.read(read_fd, 65536):
        buffer += chunk
    os.close(read_fd)
    return buffer.decode().splitlines()


@pytest.mark.sweep  # a game killed at random moments, ~30 s: make sweep (CI)
def test_kill_9_loses_no_acknowledged_move_and_never_damages_the_file(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("K")
    rng = random.Random(20261129)
    acked: dict[int, int] = {}
    for kill in range(KILLS):
        for line in _run_once(tmp_path, rng, at_game_end=kill % 2 == 1):
            kind, *rest = line.split()
            if kind == "M":
                game, ply = int(rest[0]), int(rest[1])
                acked[game] = max(acked.get(game, 0), ply)
        conn = sqlite3.connect(tmp_path / "campaign.db")
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok", f"kill {kill}"
        saved = dict(conn.execute("SELECT game_id, max(ply) FROM move GROUP BY game_id"))
        conn.close()
        lost = {g: p for g, p in acked.items() if saved.get(g, 0) < p}
        assert not lost, f"kill {kill}: acknowledged moves lost {lost}"
    with Store.open(tmp_path) as store:
        # Finishes a game whose end was cut off (None if the last kill fell between games).
        store.continue_game("K")
        _check_feats_match_games(store)
        finished = store.conn.execute("SELECT count(*) FROM game WHERE status = 'finished'")
        assert finished.fetchone()[0] >= KILLS // 4, "most game-end kills should follow a finish"


def _check_feats_match_games(store: Store) -> None:
    """Every unlock belongs to the first finished game whose replay earns it; no other."""
    feats = standard_feats()
    finished = store.conn.execute(
        "SELECT id FROM game WHERE status = 'finished' ORDER BY finished_at, id"
    ).fetchall()
    expected: dict[str, int] = {}
    for (game_id,) in finished:
        record = repositories.load_game(store.conn, game_id).record
        for code in earned(record, feats):
            expected.setdefault(code, game_id)
    stored = dict(store.conn.execute("SELECT feat, game_id FROM feat_unlock"))
    assert stored == expected


def test_sensitivity_the_harness_catches_a_naive_writer(tmp_path: Path) -> None:
    """The same kill harness on a naive JSON writer (truncate, then write) finds
    unreadable files, so a 0 above means something."""
    import json

    target = tmp_path / "naive.json"
    document = json.dumps({"moves": ["R1 pay CH1+LG2"] * 4000})
    target.write_text(document, encoding="utf-8")
    rng = random.Random(1)
    corrupt = 0
    for _ in range(40):
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            try:
                while True:
                    with target.open("w", encoding="utf-8") as handle:
                        for start in range(0, len(document), 4096):
                            handle.write(document[start : start + 4096])
                            handle.flush()
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.001, 0.02))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        try:
            json.loads(target.read_text(encoding="utf-8"))
        except ValueError:
            corrupt += 1
    assert corrupt >= 1
