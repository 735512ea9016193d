"""T9/T11 worker: random games -> record -> export file -> import -> replay.

Run as ``python roundtrip.py GAMES DIR``; prints ``<ok> <games> <digest>`` where
the digest covers every final state hash, so runs under different
``PYTHONHASHSEED`` values can be compared.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path


def run(games: int, directory: Path) -> tuple[int, str]:
    from palm_island.engine import new_game, score
    from palm_island.policies import play_out, random_policy
    from palm_island.records import build_record, dump_record, load_record, state_sha256
    from palm_island.storage.catalog_files import standard_feats
    from palm_island.storage.loading import export_record, import_record_file

    feats = standard_feats()
    digest = hashlib.sha256()
    ok = 0
    for seed in range(games):
        rng = random.Random(seed)
        chosen = rng.sample(feats.codes, rng.randrange(0, 4))
        ids = tuple(feats.by_code(c).card_id for c in chosen)
        start = new_game(feats.catalog, seed=seed, feats=ids)
        final, moves = play_out(start, random_policy(seed))
        record = build_record(start, moves, final=final, seed=seed, campaign="R")
        text = dump_record(record)
        assert load_record(text) == record and dump_record(load_record(text)) == text, seed
        path = directory / f"game-{seed % 8}.json"
        export_record(record, path)
        imported, replayed = import_record_file(path, feats.catalog)
        same = (
            imported == record
            and state_sha256(replayed) == state_sha256(final)
            and score(replayed).total == score(final).total
        )
        ok += same
        digest.update(state_sha256(replayed).encode())
    return ok, digest.hexdigest()


if __name__ == "__main__":
    count, folder = int(sys.argv[1]), Path(sys.argv[2])
    good, hexdigest = run(count, folder)
    print(good, count, hexdigest)
