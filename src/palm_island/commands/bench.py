"""``palm-island bench``: print engine throughput (figures, never pass/fail)."""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from ..engine import Catalog, apply_move, legal_moves, new_game
from ..policies import play_out, random_policy
from ..records import GameRecord, build_record, verify
from ..storage.catalog_files import standard_catalog


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("bench", help="measure engine speed")
    parser.add_argument("--games", type=int, default=1000, help="random games per run")
    parser.add_argument("--runs", type=int, default=5, help="runs; the median is reported")
    parser.add_argument(
        "--store",
        action="store_true",
        help="instead: time per-move commits to the campaign file (p50/p99), in a temp dir",
    )
    parser.add_argument(
        "--store-games", type=int, default=20, metavar="N", help="games for --store (20)"
    )
    parser.add_argument(
        "--feats",
        type=int,
        nargs="?",
        const=1000,
        default=None,
        metavar="GAMES",
        help="instead: how often each feat unlocks for the greedy player (1000 games)",
    )
    parser.set_defaults(run=run)


def random_playouts(catalog: Catalog, seeds: range) -> tuple[float, int]:
    """Play one random legal game per seed; return (seconds, turns)."""
    import random

    start = time.perf_counter()
    turns = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(catalog, seed=seed)
        while not state.is_over:
            moves = legal_moves(state)
            state = apply_move(state, moves[int(rng.random() * len(moves))]).state
        turns += state.turn
    return time.perf_counter() - start, turns


def replays(catalog: Catalog, records: list[GameRecord]) -> float:
    start = time.perf_counter()
    for record in records:
        verify(record, catalog)
    return time.perf_counter() - start


def run(args: argparse.Namespace) -> int:
    if args.store or args.feats is not None:
        if args.store:
            from ..storage.bench import report

            print("\n".join(report(args.store_games, args.data_dir)))
        if args.feats is not None:
            _feats(args.feats)
        return 0
    catalog = standard_catalog()
    games = max(1, args.games)
    print(f"random legal playouts: {games} games per run, {args.runs} runs (median)")
    results = [
        random_playouts(catalog, range(r * games, (r + 1) * games)) for r in range(args.runs)
    ]
    turns_per_s = statistics.median(t / s for s, t in results)
    games_per_s = statistics.median(games / s for s, _ in results)
    turns = statistics.mean(t for _, t in results) / games
    print(f"  {games_per_s:,.0f} games/s  {turns_per_s:,.0f} turns/s  ({turns:.1f} turns/game)")
    records = []
    for seed in range(min(games, 500)):
        start = new_game(catalog, seed=seed)
        final, moves = play_out(start, random_policy(seed))
        records.append(build_record(start, moves, final=final, seed=seed))
    moves_total = sum(len(r.moves) for r in records)
    times = [replays(catalog, records) for _ in range(args.runs)]
    seconds = statistics.median(times)
    print(f"replay (parse + apply + verify): {len(records)} records per run")
    print(f"  {len(records) / seconds:,.0f} records/s  {moves_total / seconds:,.0f} moves/s")
    return 0


def _feats(games: int) -> None:
    from ..campaign.balance import unlock_rates
    from ..storage.catalog_files import standard_feats

    feats = standard_feats()
    print(
        f"feat unlock rates: greedy player, {games} games (seeds 0-{games - 1}), no feats in play"
    )
    for code, rate in unlock_rates(feats, games).items():
        print(f"  {code} {feats.by_code(code).name:<16} {rate:6.1%}")
