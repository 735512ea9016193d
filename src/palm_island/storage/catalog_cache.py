"""Provides the validated-catalog cache: plain JSON that can only ever be data.

Validating ``data/cards.json`` needs pydantic, whose import and model building cost
about as much as starting Textual, so the catalog built from it is kept in the
user's cache directory. The cache is JSON read back through strict constructors:
loading it runs no code named by the file (a pickle would), and any file that is
not exactly what :func:`catalog_to_data` writes is ignored and rebuilt from the
card data.

A cache file is also refused unless it is a regular file owned by the current user
and writable by no one else, so another local user cannot make the game read
cards of their choosing through a shared or world-writable cache directory.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

from ..engine import Action, CardSpec, Catalog, Face, Orientation, Resources, VillageRank
from .cache_files import read_cache_file, write_cache_file

CACHE_FORMAT: Final = "palm-island catalog cache 2"
MAX_CACHE_BYTES: Final = 1 << 20
"""Far above a real catalog (~20 KB); a larger file is not ours."""


class _NotACatalog(ValueError):
    """The cache file's content is not a catalog this module wrote."""


def catalog_to_data(catalog: Catalog, key: str) -> dict[str, object]:
    """The catalog as plain JSON values, tagged with the format and its cache key."""
    return {
        "format": CACHE_FORMAT,
        "key": key,
        "edition": catalog.edition,
        "colours": list(catalog.colours),
        "tracker_id": catalog.tracker_id,
        "ranks": [[band.min, band.title] for band in catalog.ranks],
        "cards": [
            {
                "id": card.id,
                "code": card.code,
                "type": card.type,
                "name": card.name,
                "faces": [_face_to_data(face) for face in card.faces],
            }
            for card in catalog.cards
        ],
    }


def _face_to_data(face: Face) -> dict[str, object]:
    return {
        "orientation": int(face.orientation),
        "yields": list(face.yields),
        "stars": face.stars,
        "upgrades": face.upgrades,
        "label": face.label,
        "actions": [
            {
                "kind": action.kind,
                "cost": [list(alternative) for alternative in action.cost],
                "to": None if action.to is None else int(action.to),
            }
            for action in face.actions
        ],
    }


def catalog_from_data(data: object, key: str) -> Catalog:
    """Rebuild a catalog from :func:`catalog_to_data`'s output.

    Raises:
        ValueError: anything else: another format or key, a missing field, a wrong type.
    """
    top = _mapping(data)
    if top.get("format") != CACHE_FORMAT or top.get("key") != key:
        raise _NotACatalog("another format or another card file")
    cards = tuple(_card(item) for item in _list(top["cards"]))
    if [card.id for card in cards] != list(range(len(cards))):
        raise _NotACatalog("card ids out of order")
    bands = [_list(band) for band in _list(top["ranks"])]
    ranks = tuple(VillageRank(_int(band[0]), _str(band[1])) for band in bands)
    colours = tuple(_str(colour) for colour in _list(top["colours"]))
    return Catalog(cards, ranks, colours, _str(top["edition"]), _int(top["tracker_id"]))


def _card(data: object) -> CardSpec:
    card = _mapping(data)
    faces = tuple(_face(item) for item in _list(card["faces"]))
    if [face.orientation for face in faces] != list(Orientation):
        raise _NotACatalog("a card needs its four faces in order")
    return CardSpec(
        _int(card["id"]),
        _str(card["code"]),
        _str(card["type"]),
        _str(card["name"]),
        (faces[0], faces[1], faces[2], faces[3]),
    )


def _face(data: object) -> Face:
    face = _mapping(data)
    actions = tuple(_action(item) for item in _list(face["actions"]))
    return Face(
        Orientation(_int(face["orientation"])),
        _resources(face["yields"]),
        _int(face["stars"]),
        _int(face["upgrades"]),
        actions,
        _str(face["label"]),
    )


def _action(data: object) -> Action:
    action = _mapping(data)
    kind = action["kind"]
    if kind not in ("store", "rotate", "flip"):
        raise _NotACatalog(f"unknown action kind {kind!r}")
    to = action["to"]
    return Action(
        kind,
        tuple(_resources(alternative) for alternative in _list(action["cost"])),
        None if to is None else Orientation(_int(to)),
    )


def _resources(data: object) -> Resources:
    wood, fish, stone = (_int(n) for n in _list(data))
    return Resources(wood, fish, stone)


def _mapping(data: object) -> dict[str, object]:
    if not isinstance(data, dict):
        raise _NotACatalog("expected an object")
    return data


def _list(data: object) -> list[object]:
    if not isinstance(data, list):
        raise _NotACatalog("expected a list")
    return data


def _int(data: object) -> int:
    if type(data) is not int:  # bool is an int subclass; neither it nor a float will do
        raise _NotACatalog("expected a whole number")
    return data


def _str(data: object) -> str:
    if not isinstance(data, str):
        raise _NotACatalog("expected text")
    return data


def read_cached_catalog(path: Path, key: str) -> Catalog | None:
    """The catalog cached at ``path``; ``None`` for a missing, foreign or damaged file."""
    text = _read_own_file(path)
    if text is None:
        return None
    try:
        return catalog_from_data(json.loads(text), key)
    except (ValueError, KeyError, IndexError, TypeError, RecursionError):
        return None


def _read_own_file(path: Path) -> bytes | None:
    """The file's bytes, only if it is a regular file of ours (cache_files.py)."""
    return read_cache_file(path, MAX_CACHE_BYTES)


def write_cached_catalog(path: Path, catalog: Catalog, key: str) -> None:
    """Write atomically (a reader never sees half a file); failing to write is harmless."""
    write_cache_file(path, json.dumps(catalog_to_data(catalog, key), ensure_ascii=False))
