"""The card data: what the shipped file says, and clear errors for broken copies."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from palm_island.engine import Catalog, CatalogError, Orientation, Resources, parse_catalog
from palm_island.storage.catalog_files import data_file


def shipped() -> dict[str, Any]:
    text = data_file("cards.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def test_r1_the_deck_has_16_buildings_and_a_round_tracker(catalog: Catalog) -> None:
    names = [c.name for c in catalog.cards]
    assert len(catalog) == 17 and names[-1] == "Round Tracker"
    counts = {n: names.count(n) for n in set(names)}
    assert counts == {
        "Canoe House": 3,
        "Logger": 3,
        "Quarry": 3,
        "Market": 1,
        "Trade House": 1,
        "Tool Maker": 1,
        "Housing": 2,
        "Temple": 2,
        "Round Tracker": 1,
    }


def test_r1_red_and_blue_decks_are_the_same_cards(catalog: Catalog) -> None:
    assert catalog.colours == ("red", "blue")


def test_card_faces_match_the_reference_tables(catalog: Catalog) -> None:
    temple = catalog.card(catalog.id_of("TE1"))
    assert [f.stars for f in temple.faces] == [0, 3, 10, 6]
    market = catalog.card(catalog.id_of("MK")).face(Orientation.BACK_DOWN)
    store = market.action("store")
    assert store is not None
    assert store.cost == (Resources(wood=1), Resources(fish=1), Resources(stone=1))
    assert store.cost_text() == "1 wood / 1 fish / 1 stone"
    tool = catalog.card(catalog.id_of("TM")).face(Orientation.FRONT_UP).action("rotate")
    assert tool is not None and tool.cost_text() == "1 wood + 1 fish + 2 stone"


def test_the_best_faces_add_up_to_57_stars(catalog: Catalog) -> None:
    assert sum(max(f.stars for f in c.faces) for c in catalog.cards) == 57


def edit(change: Callable[[dict[str, Any]], None]) -> str:
    data = shipped()
    change(data)
    return json.dumps(data)


def test_malformed_json_names_file_line_and_column() -> None:
    with pytest.raises(CatalogError, match=r"^cards.json: line 1 column 2: "):
        parse_catalog("{oops", "cards.json")


@pytest.mark.parametrize(
    ("change", "where", "problem"),
    [
        (
            lambda d: d["buildings"][2]["faces"]["front_up"].update(stars=-1),
            "buildings[2].faces.front_up.stars",
            "greater than or equal to 0",
        ),
        (lambda d: d["buildings"][0].update(colour="red"), "buildings[0].colour", "Extra inputs"),
        (
            lambda d: d["buildings"][1]["faces"].pop("back_down"),
            "buildings[1].faces.back_down",
            "Field required",
        ),
        (
            lambda d: d["buildings"][0]["faces"]["front_up"]["actions"][1].update(to="back_up"),
            "buildings[0].faces.front_up.actions[1].to",
            "rotate from front_up leads to front_down (R10)",
        ),
        (
            lambda d: d["buildings"][0]["faces"]["front_up"]["actions"][2].update(to="back_down"),
            "buildings[0].faces.front_up.actions[2].to",
            "(R11)",
        ),
        (lambda d: d["buildings"][0].update(copies=2), "buildings", "add up to 15, need 16"),
        (
            lambda d: d["buildings"][0]["faces"]["front_up"]["actions"][0]["cost"].append(
                {"gold": 1}
            ),
            "buildings[0].faces.front_up.actions[0].cost[0].gold",
            "Input should be",
        ),
        (
            lambda d: d["round_tracker"]["faces"]["front_up"]["actions"][0].update(
                to="back_up", kind="flip"
            ),
            "round_tracker.faces.back_up",
            "round 2 should be shown here",
        ),
        (lambda d: d["village_ranks"].reverse(), "village_ranks", "go down strictly"),
    ],
)
def test_a_broken_data_file_gives_one_clear_error(
    change: Callable[[dict[str, Any]], None], where: str, problem: str
) -> None:
    with pytest.raises(CatalogError) as caught:
        parse_catalog(edit(change), "data/cards.json")
    message = str(caught.value)
    assert message.startswith(f"data/cards.json: {where}: "), message
    assert problem in message
    assert "\n" not in message
