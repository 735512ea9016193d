"""Provides the card catalog read from the packaged ``data/cards.json``.

The data ships inside the package (``palm_island/data``), found with
``importlib.resources``, so an installed ``palm-island`` works anywhere.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from ..engine import Catalog, FeatSet, parse_catalog, parse_feats

CARDS_FILE = "cards.json"


def read_catalog(text: str, source: str) -> Catalog:
    """Parse card data read from anywhere (tests use it on edited copies)."""
    return parse_catalog(text, source)


@cache
def standard_catalog() -> Catalog:
    """The 17-card deck shipped with the game (read once per process)."""
    path = resources.files("palm_island") / "data" / CARDS_FILE
    return parse_catalog(path.read_text(encoding="utf-8"), f"data/{CARDS_FILE}")


FEATS_FILE = "feats.json"


@cache
def standard_feats() -> FeatSet:
    """This game's own six feats (docs/feats.md) and the catalog with their cards."""
    path = resources.files("palm_island") / "data" / FEATS_FILE
    return parse_feats(path.read_text(encoding="utf-8"), standard_catalog(), f"data/{FEATS_FILE}")
