"""How the read-only commands scale with the games kept: ``campaign list``,
``history`` and ``doctor`` timed on a campaign file of N finished games (10,000 by
default), each in a process of its own as a player runs it. Figures to read, never
pass/fail (issue 38 measured 1.2-3.2 s for the lists and 19.8 s for doctor at 10,000).

``python -m benchmarks.store_scale [GAMES] [--keep DIR]``. The file is built from a
few games played through the Store, their rows copied (ids and dates made unique),
so building it takes seconds, not the hours 10,000 played games would.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from palm_island.policies import random_policy
from palm_island.storage.service import Store

PLAYED = 20
"""Games played for real; the others are copies of these (their records verify)."""
COMMANDS = (
    ("campaign", "list"),
    ("history",),
    ("history", "--campaign", "bench"),
    ("doctor",),
)


def build(folder: Path, games: int) -> None:
    """A campaign file of ``games`` finished games in one campaign, in ``folder``."""
    with Store.open(folder) as store:
        store.create_campaign("bench")
        for seed in range(PLAYED):
            session = store.new_game("bench", seed=seed)
            policy = random_policy(seed)
            while not session.is_over:
                session.play(policy(session.state))
    conn = sqlite3.connect(folder / "campaign.db", isolation_level=None)
    try:
        conn.execute("BEGIN")
        copies = max(0, games - PLAYED)
        for n in range(copies):
            source = 1 + n % PLAYED
            conn.execute(
                "INSERT INTO game (campaign_id, status, started_at, finished_at, header, score, "
                "rank, undo_count, played_at) SELECT campaign_id, status, started_at, "
                "strftime('%Y-%m-%dT%H:%M:%f', finished_at, ?), header, score, rank, "
                "undo_count, played_at FROM game WHERE id = ?",
                (f"+{n + 1} minutes", source),
            )
            new = conn.execute("SELECT last_insert_rowid()").fetchone()[0]
            conn.execute(
                "INSERT INTO move SELECT ?, ply, notation FROM move WHERE game_id = ?",
                (new, source),
            )
        conn.execute("COMMIT")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


def timed(folder: Path, command: tuple[str, ...]) -> tuple[float, int, int]:
    """Seconds (wall), exit status and the longest line of stdout."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "palm_island", "--data-dir", str(folder), *command],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "COLUMNS": "80"},
    )
    elapsed = time.perf_counter() - start
    width = max((len(line) for line in done.stdout.splitlines()), default=0)
    return elapsed, done.returncode, width


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", type=int, nargs="?", default=10_000)
    parser.add_argument("--keep", type=Path, help="build (or reuse) the file here")
    parser.add_argument("--runs", type=int, default=1, help="runs per command; the best")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch) / "data"
        if not (folder / "campaign.db").exists():
            start = time.perf_counter()
            build(folder, args.games)
            print(f"built {args.games:,} games in {time.perf_counter() - start:.1f} s")
        for command in COMMANDS:
            runs = [timed(folder, command) for _ in range(args.runs)]
            best = min(r[0] for r in runs)
            status, width = runs[0][1], runs[0][2]
            line = f"{' '.join(command):<24} {best:6.2f} s  (exit {status}, widest line {width})"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
