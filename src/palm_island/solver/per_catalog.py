"""Provides :class:`PerCatalog`: tables the bound derives from a catalog, built once.

The bound's relaxations read the card data through tables (each card's paths, the
kinds of store and their covers) that take longer to build than one bound takes to
compute, so each is kept per catalog. A catalog is immutable but not hashable by
value, so it is keyed by identity and checked on the way out (an id can be reused
once a catalog is gone); a few catalogs at most are kept (a campaign's feat decks).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from ..engine import Catalog

T = TypeVar("T")

_KEPT = 8


class PerCatalog(Generic[T]):
    """``build(catalog)``, once per catalog: call it with the catalog."""

    def __init__(self, build: Callable[[Catalog], T]) -> None:
        self._build = build
        self._built: dict[int, tuple[Catalog, T]] = {}

    def __call__(self, catalog: Catalog) -> T:
        found = self._built.get(id(catalog))
        if found is not None and found[0] is catalog:
            return found[1]
        if len(self._built) >= _KEPT:
            self._built.clear()
        value = self._build(catalog)
        self._built[id(catalog)] = (catalog, value)
        return value


_FEAT_SETS = 16


class PerCardSet(Generic[T]):
    """``build(catalog, feats)``, once per catalog and set of feat cards (sorted ids):
    what the solver derives from a deck's cards (its prices and tables). A race between
    threads can only build the same value twice."""

    def __init__(self, build: Callable[[Catalog, tuple[int, ...]], T]) -> None:
        self._build = build
        self._kept: PerCatalog[dict[tuple[int, ...], T]] = PerCatalog(lambda _: {})

    def __call__(self, catalog: Catalog, feats: tuple[int, ...]) -> T:
        kept = self._kept(catalog)
        found = kept.get(feats)
        if found is None:
            if len(kept) >= _FEAT_SETS:
                kept.clear()
            found = kept[feats] = self._build(catalog, feats)
        return found
