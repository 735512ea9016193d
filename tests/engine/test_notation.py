"""Move and position notation: exact inverses, and errors that say what is wrong."""

from __future__ import annotations

import pytest

from palm_island.engine import (
    Catalog,
    InvalidMoveError,
    InvalidPositionError,
    Move,
    legal_moves,
    new_game,
    parse_position,
    position_notation,
)
from palm_island.policies import random_policy


@pytest.mark.parametrize(
    "text",
    ["D", "S1", "R2", "F1 pay CH2", "R2 pay CH2+LG1", "S1 release QU3", "S2 pay MK release TH"],
)
def test_move_notation_round_trips(text: str) -> None:
    assert str(Move.parse(text)) == text
    assert Move.parse(str(Move.parse(text))) == Move.parse(text)


def test_move_parse_ignores_case_and_spacing_and_sorts_payments() -> None:
    assert Move.parse("  r2   PAY lg1+ch2 ") == Move("rotate", 2, ("CH2", "LG1"))


@pytest.mark.parametrize("text", ["", "X1", "S3", "D1", "S1 pay", "R1 pay CH2+CH2", "S1 release"])
def test_unreadable_moves_raise_invalid_move_error(text: str) -> None:
    with pytest.raises(InvalidMoveError, match="cannot read"):
        Move.parse(text)
    with pytest.raises(InvalidMoveError, match="cannot read"):
        Move.parse(text)  # read again: a refusal is never remembered as a move


def test_reading_a_text_again_gives_the_same_move_even_after_many_others() -> None:
    first = Move.parse("S1 pay QU2 release LG1")
    for n in range(12_000):  # more texts than are remembered
        Move.parse(f"R{1 + n % 2} pay CH{n % 3 + 1}" + " " * (n // 6))
    assert Move.parse("S1 pay QU2 release LG1") == first == Move("store", 1, ("QU2",), "LG1")
    assert Move.parse("s1 PAY qu2 RELEASE lg1") == first


def test_every_legal_move_of_a_random_game_round_trips(catalog: Catalog) -> None:
    state = new_game(catalog, seed=21)
    policy = random_policy(21)
    while not state.is_over:
        for move in legal_moves(state):
            assert Move.parse(str(move)) == move
        from palm_island.engine import apply_move

        state = apply_move(state, policy(state)).state


def test_position_notation_round_trips_through_a_whole_game(catalog: Catalog) -> None:
    from palm_island.engine import apply_move

    state = new_game(catalog, seed=4)
    policy = random_policy(4)
    while True:
        text = position_notation(state)
        assert parse_position(text, catalog) == state
        assert position_notation(parse_position(text, catalog)) == text
        if state.is_over:
            break
        state = apply_move(state, policy(state)).state


def test_a_new_game_reads_as_documented(catalog: Catalog) -> None:
    text = position_notation(new_game(catalog, deal=range(16)))
    assert text == (
        "1/0 CH1:FU CH2:FU CH3:FU HO1:FU HO2:FU LG1:FU LG2:FU LG3:FU MK:FU "
        "QU1:FU QU2:FU QU3:FU TE1:FU TE2:FU TH:FU TM:FU RT:FU"
    )


START = (
    "CH1:FU CH2:FU CH3:FU HO1:FU HO2:FU LG1:FU LG2:FU LG3:FU "
    "MK:FU QU1:FU QU2:FU QU3:FU TE1:FU TE2:FU TH:FU TM:FU"
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "must start with ROUND/TURN"),
        (f"9/0 {START} RT:FU", "must start with ROUND/TURN"),
        (f"1/0 {START}", "lists 17 cards, this one 16"),
        (f"1/0 {START} XX:FU", "no card 'XX'"),
        (f"1/0 {START} RT:UP", "not CODE:FACE"),
        (f"1/0 {START.replace('CH2', 'CH1')} RT:FU", "CH1 listed more than once"),
        (f"1/0 {START} RT:FD", "tracker shows FU"),
        (f"1/0 {START.replace('CH1:FU', 'CH1:FU*', 1).replace('CH2:FU', 'CH2:FU*')} RT:FU", "R21"),
        (
            "1/0 CH3:FU CH1:FU* CH2:FU* HO1:FU* HO2:FU* LG1:FU* LG2:FU LG3:FU MK:FU QU1:FU "
            "QU2:FU QU3:FU TE1:FU TE2:FU TH:FU TM:FU RT:FU",
            "5 cards stored",
        ),
        ("1/0 RT:FU " + START, "ends the round at once"),
        (f"1/0 {START} RT:FU*", "cannot be stored"),
    ],
)
def test_impossible_positions_are_refused_with_a_reason(
    catalog: Catalog, text: str, message: str
) -> None:
    with pytest.raises(InvalidPositionError, match=message.replace("*", r"\*")):
        parse_position(text, catalog)


def test_the_examples_in_the_notation_doc_are_valid(catalog: Catalog) -> None:
    from pathlib import Path

    doc = Path(__file__).parents[2] / "docs" / "notation.md"
    lines = doc.read_text().splitlines()
    positions = [line for line in lines if line[:2] in {"1/", "3/"} and ":" in line]
    moves = [line.split("  ")[0] for line in lines if line[:2] in {"D ", "S1", "S2", "R2", "F1"}]
    assert len(positions) == 2 and len(moves) == 6
    for text in positions:
        assert position_notation(parse_position(text, catalog)) == text
    for text in moves:
        assert str(Move.parse(text)) == text.strip()
    first = parse_position(positions[0], catalog)
    assert first == new_game(catalog, seed=1)
    second = parse_position(positions[1], catalog)
    assert second.cards_left_in_round == 8
    assert [c.code for c in second.stored] == ["MK", "CH2", "CH1"]
