"""Engine support for feats (R29-R31): feat cards in the catalog and the deck."""

from __future__ import annotations

import json

import pytest

from palm_island.engine import (
    DECK_SIZE,
    CatalogError,
    FeatSet,
    InvalidPositionError,
    Move,
    apply_move,
    condition_met,
    earned_feats,
    legal_moves,
    new_game,
    parse_feats,
    parse_position,
    position_notation,
    summarize,
)
from palm_island.engine.feat_schema import FeatsFile
from palm_island.policies import play_out, random_policy
from palm_island.records import build_record, record_deal
from palm_island.storage.catalog_files import data_file, standard_catalog, standard_feats

FEATS = standard_feats()


def test_r30_feat_cards_get_ids_after_the_round_tracker() -> None:
    catalog = FEATS.catalog
    assert catalog.tracker_id == 16
    assert catalog.cards[16].code == "RT"
    assert catalog.feat_ids == tuple(range(17, 17 + len(FEATS.feats)))
    assert [catalog.cards[f.card_id].code for f in FEATS.feats] == list(FEATS.codes)
    assert standard_catalog().feat_ids == ()


def test_r30_feat_cards_join_the_deck_just_before_the_round_tracker() -> None:
    feats = (FEATS.by_code("FT3").card_id, FEATS.by_code("FT1").card_id)
    state = new_game(FEATS.catalog, seed=5, feats=feats)
    codes = [c.code for c in state.cards]
    assert len(state.deck) == DECK_SIZE + 2
    assert codes[-3:] == ["FT3", "FT1", "RT"]
    assert state.deal == new_game(FEATS.catalog, seed=5).deal
    assert state.cards_left_in_round == 18


def test_r30_a_feat_card_plays_like_a_building() -> None:
    ft1 = FEATS.by_code("FT1").card_id
    state = new_game(FEATS.catalog, deal=range(16), feats=(ft1,))
    while state.card_at(1).code != "FT1":
        state = apply_move(state, Move("discard")).state
    assert str(legal_moves(state)[0]) == "S1"
    state = apply_move(state, Move("store")).state
    assert [c.code for c in state.stored] == ["FT1"]


def test_r30_new_game_refuses_unknown_or_repeated_feats() -> None:
    ft1 = FEATS.by_code("FT1").card_id
    with pytest.raises(ValueError, match="feat card ids"):
        new_game(FEATS.catalog, seed=1, feats=(ft1, ft1))
    with pytest.raises(ValueError, match="feat card ids"):
        new_game(FEATS.catalog, seed=1, feats=(3,))
    with pytest.raises(ValueError, match="feat card ids"):
        new_game(standard_catalog(), seed=1, feats=(17,))


def test_r30_positions_with_feat_cards_round_trip() -> None:
    feats = tuple(f.card_id for f in FEATS.feats)
    start = new_game(FEATS.catalog, seed=3, feats=feats)
    final, _ = play_out(start, random_policy(3))
    for state in (start, final):
        text = position_notation(state)
        assert parse_position(text, FEATS.catalog) == state
    with pytest.raises(InvalidPositionError, match="lists 17 cards, this one 23"):
        parse_position(position_notation(start), standard_catalog())


def test_r30_a_position_must_hold_every_building_and_the_tracker() -> None:
    start = new_game(FEATS.catalog, seed=3, feats=(FEATS.by_code("FT2").card_id,))
    text = position_notation(start).replace(" MK:FU", "")
    with pytest.raises(InvalidPositionError, match="MK missing"):
        parse_position(text, FEATS.catalog)


def test_r30_records_of_games_with_feats_name_the_deal_without_them() -> None:
    start = new_game(FEATS.catalog, seed=9, feats=(FEATS.by_code("FT2").card_id,))
    record = build_record(start, [])
    assert len(record.deal) == 16
    assert record_deal(record, FEATS.catalog) == start.deal


def test_r29_summary_counts_discards_per_round_and_feats_in_play() -> None:
    start = new_game(FEATS.catalog, seed=4, feats=(FEATS.by_code("FT5").card_id,))
    final, moves = play_out(start, random_policy(4))
    game = summarize(start, moves)
    assert game.final == final
    assert sum(game.discards) == sum(m.kind == "discard" for m in moves)
    assert game.feats_in_play == ("FT5",)


def _condition(data: object) -> object:
    doc = {"format": "palm-island/feats", "version": 1, "feats": [_feat(data)]}
    return FeatsFile.model_validate(doc).feats[0].unlock


def _feat(unlock: object, code: str = "ZZ1") -> dict[str, object]:
    face = {"yields": {}, "stars": 0, "upgrades": 0, "actions": []}
    faces = {k: face for k in ("front_up", "front_down", "back_up", "back_down")}
    return {"code": code, "name": "Test", "goal": "test", "unlock": unlock, "faces": faces}


@pytest.mark.parametrize(
    ("unlock", "expected"),
    [
        ({"test": "score", "at_least": 0}, True),
        ({"test": "score", "at_least": 999}, False),
        ({"test": "turns", "at_least": 1}, True),
        ({"test": "discards", "scope": "every_round", "at_least": 0}, True),
        ({"test": "feats_in_play", "at_most": 0}, True),
        ({"test": "cards", "code": "MK", "at_least": 1}, True),
        ({"test": "cards", "type": "temple", "at_least": 3}, False),
        ({"test": "cards", "type": "temple", "faces": ["front_up"], "at_most": 2}, True),
        ({"test": "not", "of": {"test": "score", "at_least": 0}}, False),
        (
            {
                "test": "any",
                "of": [{"test": "score", "at_least": 999}, {"test": "turns", "at_least": 1}],
            },
            True,
        ),
        (
            {
                "test": "all",
                "of": [{"test": "score", "at_least": 999}, {"test": "turns", "at_least": 1}],
            },
            False,
        ),
    ],
)
def test_r29_conditions_are_evaluated_on_the_finished_game(unlock: object, expected: bool) -> None:
    start = new_game(FEATS.catalog, seed=8)
    _, moves = play_out(start, random_policy(8))
    assert condition_met(_condition(unlock), summarize(start, moves)) is expected  # type: ignore[arg-type]


def test_r29_every_building_upgraded_means_every_card_off_its_start_face() -> None:
    start = new_game(FEATS.catalog, seed=8)
    game = summarize(start, [])
    assert not condition_met(_condition({"test": "cards", "upgrades": 1, "every": True}), game)  # type: ignore[arg-type]
    assert earned_feats(FEATS, game) == ()


@pytest.mark.parametrize(
    ("mutate", "where"),
    [
        (lambda d: d["feats"][0].update(code="MK1"), "feats[0].code"),
        (lambda d: d["feats"][0].update(code="CH1"), "feats[0].code"),
        (lambda d: d["feats"][1].update(code="FT1"), "feats[1].code"),
        (lambda d: d["feats"][0].update(colour="red"), "feats[0].colour"),
        (lambda d: d["feats"][0]["unlock"].update(test="luck"), "feats[0].unlock"),
        (lambda d: d["feats"][0].update(unlock={"test": "cards", "code": "ZZ"}), "feats[0].unlock"),
        (
            lambda d: d["feats"][0].update(unlock={"test": "cards", "code": "ZZ", "at_least": 1}),
            "feats[0].unlock.code",
        ),
        (
            lambda d: d["feats"][0].update(unlock={"test": "score", "at_least": 5, "at_most": 1}),
            "feats[0].unlock",
        ),
        (
            lambda d: d["feats"][0]["faces"]["front_up"]["actions"][1].update(to="back_up"),
            "feats[0].faces.front_up.actions[1].to",
        ),
    ],
)
def test_feat_data_errors_name_the_file_and_the_path(mutate, where) -> None:  # type: ignore[no-untyped-def]

    text = data_file("feats.json").read_text(encoding="utf-8")
    data = json.loads(text)
    mutate(data)
    with pytest.raises(CatalogError) as info:
        parse_feats(json.dumps(data), standard_catalog(), "data/feats.json")
    assert str(info.value).startswith(f"data/feats.json: {where}")


def test_the_shipped_feat_set_has_six_feats_with_valid_codes() -> None:
    assert isinstance(FEATS, FeatSet)
    assert len(FEATS.feats) == 6
    buildings = {c.code for c in standard_catalog()}
    assert all(len(f.code) == 3 and f.code not in buildings for f in FEATS.feats)


def test_r30_payments_with_feat_cards_are_in_code_order_like_the_notation() -> None:
    feats = tuple(f.card_id for f in FEATS.feats)
    for seed in range(30):
        state = new_game(FEATS.catalog, seed=seed, feats=feats)
        policy = random_policy(seed)
        while not state.is_over:
            for move in legal_moves(state):
                assert Move.parse(str(move)) == move, str(move)
            state = apply_move(state, policy(state)).state
