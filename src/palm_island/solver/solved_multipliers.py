"""Provides :func:`solved_multipliers`: the windows relaxation's dual optimum for a set
of cards, solved ahead of time by ``tools/bound_multipliers.py`` (``make
bound-multipliers``) and shipped beside this module in ``bound_multipliers.json``.

Why: the bound's own search for multipliers (a subgradient method, :mod:`.windows`)
stops 0.2-0.3 stars above the dual optimum. For the 16 buildings the optimum is at
most 51.92 (where the tool got), so the search says 52 where 51 is proven. Reaching
the optimum takes a linear-program solver and seconds of column generation, which no
game should wait for and the game should not depend on; the multipliers depend only
on the cards, so they are solved once, ahead of time.

Why it is safe: any non-negative multipliers give a valid bound (weak duality), and
the bound works out the Lagrangian of the position itself at them, so these can make
the bound tighter, never wrong. They are solved on the relaxation without the deal's
order (every card free to leave anywhere in round 1), which every deal's relaxation
strengthens, so at them every deal's Lagrangian is at most the value they were solved
to. Entries are keyed by the cards' faces (:func:`card_set_key`): once the card data
changes they match nothing, the bound is the search's alone, and a test asks for the
tool to be run again.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import Catalog
from .payments import store_model
from .per_catalog import PerCardSet
from .subgradient import GRID
from .windows import BLOCKS, WindowMultipliers

if TYPE_CHECKING:
    from .solved_file import SolvedFile

FILE = Path(__file__).with_name("bound_multipliers.json")
"""Where the solved multipliers are (``tools/bound_multipliers.py`` writes it)."""


def card_set_key(catalog: Catalog, feats: tuple[int, ...]) -> str:
    """A fingerprint of what the relaxation reads of a set of cards: every building's
    and feat card's faces (stars, yields, actions and costs), in a fixed order."""
    feat_ids = set(catalog.feat_ids)
    chosen = [
        card
        for card in catalog.cards
        if not card.is_round_tracker and (card.id not in feat_ids or card.id in feats)
    ]
    faces = sorted(repr(card.faces) for card in chosen)
    return hashlib.sha256("\n".join(faces).encode()).hexdigest()


def solved_multipliers(catalog: Catalog, feats: tuple[int, ...]) -> WindowMultipliers | None:
    """The solved multipliers for these cards (feat ids sorted), keyed by blocks of the
    game as :mod:`.windows` takes them; ``None`` when none match the cards."""
    return _kept(catalog, feats)


def _find(catalog: Catalog, feats: tuple[int, ...]) -> WindowMultipliers | None:
    solved = _shipped()
    if solved is None:
        return None
    key = card_set_key(catalog, feats)
    entry = next((s for s in solved.sets if s.cards == key), None)
    if entry is None or solved.grid != int(GRID) or solved.blocks != BLOCKS:
        return None
    index = store_model(catalog).index
    # A kind of store no card of this catalog makes (a feat card's, in a catalog
    # without feat cards) pays nothing here: its prices are left out.
    ours = [index.get(kind) for kind in entry.kinds]
    price: dict[int, list[float]] = {}
    for block, kind, units in entry.price:
        if kind >= len(ours):
            return None
        at = ours[kind]
        if at is not None:
            price.setdefault(block, [0.0] * len(index))[at] = units / solved.grid
    sigma = {block: units / solved.grid for block, units in entry.limit}
    pi = {block: units / solved.grid for block, units in entry.places}
    return price, sigma, pi


@cache
def _shipped() -> SolvedFile | None:
    """The file, read and checked once per process (pydantic is imported only then:
    importing it costs the solver's import 90 ms, measured with ``-X importtime``).

    The file only tightens the bound, so any fault in it (missing, cut short, not
    UTF-8, a number too large, the wrong shape) means ``None``, the search's own
    bound, and one warning on stderr naming the file: a solve never fails for it."""
    from .solved_file import load_solved

    try:
        return load_solved(FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:  # ValidationError is a ValueError
        _warn(f"{FILE}: not used ({_why(exc)}); the bound is the search's own")
        return None


def _why(exc: BaseException) -> str:
    """The first line of what is wrong, short (pydantic's messages run to many lines)."""
    if isinstance(exc, OSError):
        return (exc.strerror or type(exc).__name__).lower()
    errors = getattr(exc, "errors", None)  # pydantic's: the first field and what is wrong
    if callable(errors):
        error = errors()[0]
        where = ".".join(str(part) for part in error["loc"]) or "the file"
        return f"{where}: {error['msg']}"[:120]
    first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return first[:120]


def _warn(text: str) -> None:
    """One line on stderr (cached with the file, so once per process)."""
    import contextlib
    import sys

    with contextlib.suppress(OSError, ValueError):
        print(f"palm-island: warning: {text}", file=sys.stderr, flush=True)


_kept = PerCardSet(_find)
