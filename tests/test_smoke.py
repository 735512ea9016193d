"""A first end-to-end check: a seeded random game plays to the end and replays."""

from palm_island.engine import Catalog, new_game, score
from palm_island.policies import play_out, random_policy
from palm_island.records import build_record, dump_record, load_record, verify


def test_r25_a_random_game_ends_after_round_8_and_replays(catalog: Catalog) -> None:
    start = new_game(catalog, seed=11)
    final, moves = play_out(start, random_policy(11))
    assert final.is_over and final.round == 8
    record = load_record(dump_record(build_record(start, moves, final=final, seed=11)))
    assert verify(record, catalog) == final
    assert record.result is not None and record.result.score == score(final).total
