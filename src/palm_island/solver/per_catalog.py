"""Provides :class:`PerCatalog` and :class:`PerCardSet`: what the solver derives from a
catalog (or a catalog and a set of feat cards), built once.

The bound's relaxations and the evaluation read the card data through tables (each
card's paths, the kinds of store and their covers, prices) that take longer to build
than one bound or one small search takes, so each is kept per catalog. A catalog is
immutable but not hashable by value, so it is keyed by identity and checked on the way
out (an id can be reused once a catalog is gone); a few catalogs at most are kept (a
campaign's feat decks), in a :class:`~palm_island.engine.Bounded` memo as every other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from ..engine import Bounded, Catalog

T = TypeVar("T")

_KEPT = 8
_FEAT_SETS = 16


class PerCatalog(Generic[T]):
    """``build(catalog)``, once per catalog: call it with the catalog."""

    def __init__(self, build: Callable[[Catalog], T]) -> None:
        self._build = build
        self._built: Bounded[int, tuple[Catalog, T]] = Bounded(_KEPT)

    def __call__(self, catalog: Catalog) -> T:
        found = self._built.get(id(catalog))
        if found is not None and found[0] is catalog:
            return found[1]
        return self._built.keep(id(catalog), (catalog, self._build(catalog)))[1]


class PerCardSet(Generic[T]):
    """``build(catalog, feats)``, once per catalog and set of feat cards (sorted ids):
    what the solver derives from a deck's cards (its prices and tables). A race between
    threads can only build the same value twice."""

    def __init__(self, build: Callable[[Catalog, tuple[int, ...]], T]) -> None:
        self._build = build
        self._kept: PerCatalog[Bounded[tuple[int, ...], T]] = PerCatalog(
            lambda _: Bounded(_FEAT_SETS)
        )

    def __call__(self, catalog: Catalog, feats: tuple[int, ...]) -> T:
        kept = self._kept(catalog)
        found = kept.get(feats)
        if found is None:
            found = kept.keep(feats, self._build(catalog, feats))
        return found
