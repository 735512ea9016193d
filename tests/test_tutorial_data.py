"""The lesson file: validated at load, every asked move legal on its deal (data/tutorial.json)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from palm_island.engine import CatalogError, RoundEnded, StoredCardReturned, apply_move
from palm_island.storage.catalog_files import data_file, standard_catalog, standard_tutorial
from palm_island.tutorial.model import parse_tutorial
from palm_island.tutorial.schema import TEXT_LIMIT

ROOT = Path(__file__).parent.parent


def shipped() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "data" / "tutorial.json").read_text("utf-8"))
    return data


def parse(data: dict[str, Any]) -> None:
    parse_tutorial(json.dumps(data), standard_catalog(), "data/tutorial.json")


def test_the_shipped_lessons_load_and_teach_every_part_of_a_turn() -> None:
    tutorial = standard_tutorial()
    assert 15 <= len(tutorial.lessons) <= 25
    moves = tutorial.moves
    kinds = {m.kind for m in moves}
    assert kinds == {"store", "rotate", "flip", "discard"}
    assert any(m.card == 2 for m in moves)  # using card 2
    assert any(m.pay for m in moves) and any(m.release for m in moves)  # paying, R20
    state, events = tutorial.lessons[0].start, []
    for lesson in tutorial.lessons:
        assert lesson.start == state  # each step starts where the one before left
        for move in lesson.moves:
            transition = apply_move(state, move)
            state = transition.state
            events += [type(e) for e in transition.events]
    assert RoundEnded in events and StoredCardReturned in events  # R22, R21
    assert all(len(lesson.text) <= TEXT_LIMIT for lesson in tutorial.lessons)


def test_the_wheel_carries_the_lesson_file() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    force = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert force["data"] == "palm_island/data"  # the whole folder, tutorial.json included
    assert Path(str(data_file("tutorial.json"))).is_file()


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["steps"][2].update(moves=["R1"]), "steps[2].moves[0]"),
        (lambda d: d["steps"][2].update(moves=["X9"]), "steps[2].moves[0]"),
        (lambda d: d["steps"][0].update(colour="red"), "steps[0].colour"),
        (lambda d: d["steps"][1].update(text=""), "steps[1].text"),
        (lambda d: d["steps"][1].update(text="x" * (TEXT_LIMIT + 1)), "steps[1].text"),
        (lambda d: d["deal"].__setitem__(1, "MK"), "deal[1]"),
        (lambda d: d["deal"].__setitem__(1, "RT"), "deal[1]"),
        (lambda d: d["steps"][3].update(shows=["round_ended"]), "steps[3].shows[0]"),
        (lambda d: d["steps"][0].update(mark={"card": 4}), "steps[0].mark.card"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d["steps"][9].update(score=2), "steps[9].score"),  # the text says +1★
        (lambda d: d["steps"][1].update(title="x" * 23), "steps[1].title"),
    ],
)
def test_a_malformed_file_names_where(change: Any, where: str) -> None:
    data = shipped()
    change(data)
    with pytest.raises(CatalogError) as caught:
        parse(data)
    assert str(caught.value).startswith(f"data/tutorial.json: {where}: ")
    assert "\n" not in str(caught.value)


def test_bad_json_says_where() -> None:
    with pytest.raises(CatalogError, match=r"data/tutorial.json: line 1 column 2: "):
        parse_tutorial("{oops", standard_catalog(), "data/tutorial.json")


def test_a_reading_step_marks_its_card_and_a_move_step_its_move() -> None:
    tutorial = standard_tutorial()
    for lesson in tutorial.lessons:
        if lesson.moves:
            move = lesson.moves[0]
            assert lesson.mark.card == (1 if move.kind == "discard" else move.card)
            assert lesson.mark.action == move.kind
        else:
            assert lesson.mark.action is None  # a reading step points at a card or nothing
