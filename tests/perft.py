"""Perft for Palm Island: the number of distinct move sequences of a given length.

Used by tests/engine/test_golden.py; run as a script to print fresh counts when a
deliberate rules change (with a new rules_version) makes the pinned ones obsolete.
"""

from __future__ import annotations

from palm_island.engine import GameState, apply_move, legal_moves


def perft(state: GameState, depth: int) -> int:
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(apply_move(state, m).state, depth - 1) for m in moves)


if __name__ == "__main__":  # pragma: no cover
    import json
    import sys

    from palm_island.engine import new_game, parse_position
    from palm_island.storage.catalog_files import standard_catalog

    catalog = standard_catalog()
    cases = json.load(open(sys.argv[1]))  # noqa: SIM115 - a one-off script
    for case in cases:
        if "seed" in case:
            start = new_game(catalog, seed=case["seed"])
        else:
            start = parse_position(case["position"], catalog)
        case["counts"] = [perft(start, d) for d in range(1, len(case["counts"]) + 1)]
    print(json.dumps(cases, indent=2))
