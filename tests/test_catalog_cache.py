"""The validated-catalog cache: a shortcut that can never stand in for other data."""

from __future__ import annotations

import json
import os
import pickle
from importlib import resources
from pathlib import Path

import pytest

from palm_island.engine import CatalogError, parse_catalog
from palm_island.storage.catalog_files import cached_catalog, catalog_cache_key

SOURCE = "data/cards.json"


@pytest.fixture(scope="module")
def cards_text() -> str:
    return (resources.files("palm_island") / "data" / "cards.json").read_text(encoding="utf-8")


def same_cards(a: object, b: object) -> bool:
    return pickle.dumps(a) == pickle.dumps(b)


def test_a_miss_validates_and_writes_a_hit_reads_back_the_same_catalog(
    tmp_path: Path, cards_text: str
) -> None:
    first = cached_catalog(cards_text, SOURCE, tmp_path)
    files = list(tmp_path.glob("catalog-*.pickle"))
    assert len(files) == 1
    second = cached_catalog(cards_text, SOURCE, tmp_path)
    assert second is not first
    assert second.cards == first.cards == parse_catalog(cards_text).cards
    assert (second.ranks, second.colours, second.edition, second.tracker_id) == (
        first.ranks,
        first.colours,
        first.edition,
        first.tracker_id,
    )


def test_changed_data_misses_the_cache_and_is_validated_again(
    tmp_path: Path, cards_text: str
) -> None:
    cached_catalog(cards_text, SOURCE, tmp_path)
    data = json.loads(cards_text)
    data["buildings"][0]["faces"]["front_up"]["stars"] = -1  # now invalid
    broken = json.dumps(data)
    assert catalog_cache_key(broken) != catalog_cache_key(cards_text)
    with pytest.raises(CatalogError, match="stars"):
        cached_catalog(broken, SOURCE, tmp_path)
    with pytest.raises(CatalogError, match="stars"):  # invalid data is never cached
        cached_catalog(broken, SOURCE, tmp_path)
    assert len(list(tmp_path.glob("catalog-*.pickle"))) == 1


@pytest.mark.parametrize(
    "damage",
    [b"", b"not a pickle", pickle.dumps({"cards": "a dict, not a catalog"})],
    ids=["empty", "garbage", "wrong type"],
)
def test_a_damaged_cache_file_is_ignored_and_rewritten(
    tmp_path: Path, cards_text: str, damage: bytes
) -> None:
    good = cached_catalog(cards_text, SOURCE, tmp_path)
    (path,) = tmp_path.glob("catalog-*.pickle")
    path.write_bytes(damage)
    again = cached_catalog(cards_text, SOURCE, tmp_path)
    assert same_cards(again, good)
    assert path.read_bytes() != damage


def test_a_cache_that_cannot_be_written_is_simply_not_used(tmp_path: Path, cards_text: str) -> None:
    blocked = tmp_path / "file-not-dir"
    blocked.write_text("x")
    catalog = cached_catalog(cards_text, SOURCE, blocked / "cache")
    assert len(catalog) == 17
    assert not list(tmp_path.glob("**/*.pickle"))
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".catalog-")]


def test_the_rules_lookup_tables_are_not_pickled(tmp_path: Path, cards_text: str) -> None:
    from palm_island.engine import legal_moves, new_game

    catalog = parse_catalog(cards_text)
    legal_moves(new_game(catalog, seed=1))  # builds catalog.rules_memo
    assert catalog.rules_memo is not None
    copy = pickle.loads(pickle.dumps(catalog))
    assert copy.rules_memo is None
    assert legal_moves(new_game(copy, seed=1)) == legal_moves(new_game(catalog, seed=1))


def test_the_cache_directory_follows_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from palm_island.storage.paths import CACHE_ENV_VAR, cache_dir

    monkeypatch.setenv(CACHE_ENV_VAR, str(tmp_path / "here"))
    assert cache_dir() == tmp_path / "here"
    monkeypatch.delenv(CACHE_ENV_VAR)
    assert "palm-island" in os.fspath(cache_dir())  # the platform's user cache dir
