"""The validated-catalog cache: a shortcut that can never stand in for other data."""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import pytest

from palm_island.engine import Catalog, CatalogError, parse_catalog
from palm_island.storage.catalog_files import cached_catalog, catalog_cache_key, data_file

SOURCE = "data/cards.json"


@pytest.fixture(scope="module")
def cards_text() -> str:
    return data_file("cards.json").read_text(encoding="utf-8")


def same_cards(a: Catalog, b: Catalog) -> bool:
    return (a.cards, a.ranks, a.colours, a.edition, a.tracker_id) == (
        b.cards,
        b.ranks,
        b.colours,
        b.edition,
        b.tracker_id,
    )


def test_a_miss_validates_and_writes_a_hit_reads_back_the_same_catalog(
    tmp_path: Path, cards_text: str
) -> None:
    first = cached_catalog(cards_text, SOURCE, tmp_path)
    files = list(tmp_path.glob("catalog-*.json"))
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
    assert len(list(tmp_path.glob("catalog-*.json"))) == 1


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"not json",
        b'{"cards": "an object, not a catalog"}',
        b"[" * 100_000,
        b'{"format": "palm-island catalog cache 2", "key": "another file"}',
    ],
    ids=["empty", "garbage", "wrong shape", "deep nesting", "another key"],
)
def test_a_damaged_cache_file_is_ignored_and_rewritten(
    tmp_path: Path, cards_text: str, damage: bytes
) -> None:
    good = cached_catalog(cards_text, SOURCE, tmp_path)
    (path,) = tmp_path.glob("catalog-*.json")
    path.write_bytes(damage)
    again = cached_catalog(cards_text, SOURCE, tmp_path)
    assert same_cards(again, good)
    assert path.read_bytes() != damage


def test_a_cache_that_cannot_be_written_is_simply_not_used(tmp_path: Path, cards_text: str) -> None:
    blocked = tmp_path / "file-not-dir"
    blocked.write_text("x")
    catalog = cached_catalog(cards_text, SOURCE, blocked / "cache")
    assert len(catalog) == 17
    assert not list(tmp_path.glob("**/catalog-*"))
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


class _Payload:
    """A pickle that, once loaded, leaves a marker file: proof that code ran."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, (f"touch {self.marker}",))


def test_a_planted_pickle_runs_nothing_and_the_catalog_is_rebuilt_from_the_card_data(
    tmp_path: Path, cards_text: str
) -> None:
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o777)
    cache.chmod(0o777)  # world-writable, as a shared cache directory might be
    marker = tmp_path / "payload-ran"
    payload = pickle.dumps(_Payload(marker))
    key = catalog_cache_key(cards_text)
    for name in (f"catalog-{key}.pickle", f"catalog-{key}.json"):
        (cache / name).write_bytes(payload)
    catalog = cached_catalog(cards_text, SOURCE, cache)
    assert not marker.exists()
    assert same_cards(catalog, parse_catalog(cards_text))
    assert json.loads((cache / f"catalog-{key}.json").read_text())["key"] == key


def tampered_cache(cache: Path, cards_text: str) -> Path:
    """A well-formed cache file for this card data whose first card has 99 stars."""
    cached_catalog(cards_text, SOURCE, cache)
    (path,) = cache.glob("catalog-*.json")
    data = json.loads(path.read_text())
    data["cards"][0]["faces"][0]["stars"] = 99
    path.write_text(json.dumps(data))
    return path


def test_a_cache_file_others_can_write_is_refused_and_rebuilt(
    tmp_path: Path, cards_text: str
) -> None:
    path = tampered_cache(tmp_path, cards_text)
    path.chmod(0o666)
    catalog = cached_catalog(cards_text, SOURCE, tmp_path)
    assert catalog.cards[0].faces[0].stars != 99
    assert same_cards(catalog, parse_catalog(cards_text))
    assert path.stat().st_mode & 0o077 == 0  # rewritten as the owner's alone


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="chown needs root")
def test_a_cache_file_owned_by_another_user_is_refused(tmp_path: Path, cards_text: str) -> None:
    path = tampered_cache(tmp_path, cards_text)
    os.chown(path, 4321, 4321)
    catalog = cached_catalog(cards_text, SOURCE, tmp_path)
    assert same_cards(catalog, parse_catalog(cards_text))


def test_a_symlinked_cache_file_is_not_followed(tmp_path: Path, cards_text: str) -> None:
    elsewhere = tampered_cache(tmp_path / "elsewhere", cards_text)
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / elsewhere.name).symlink_to(elsewhere)
    catalog = cached_catalog(cards_text, SOURCE, cache)
    assert same_cards(catalog, parse_catalog(cards_text))


def test_an_own_cache_file_is_read_back_without_validating_again(
    tmp_path: Path, cards_text: str
) -> None:
    """The cache is a real shortcut: a well-formed file of ours is what gets used."""
    tampered_cache(tmp_path, cards_text)
    assert cached_catalog(cards_text, SOURCE, tmp_path).cards[0].faces[0].stars == 99
