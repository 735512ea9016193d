"""Provides the card catalog read from the packaged ``data/cards.json``.

The data ships inside the package (``palm_island/data``): read from that folder
when the package is installed as files (importing ``importlib.resources`` costs
a few milliseconds of start-up), through ``importlib.resources`` otherwise, so an
installed ``palm-island`` works anywhere.

Validating the file needs pydantic, whose import and model building cost about
as much as starting Textual. So the validated catalog is kept in the cache
directory (see :func:`.paths.cache_dir`) as plain JSON (:mod:`.catalog_cache`)
under a key made of the file's bytes and the code that validates and builds it:
a changed file or a changed engine misses the cache and is validated again. A
cache file that is missing, foreign, unreadable or damaged is ignored and
rewritten; it can never stand in for different data, and reading it runs no code.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from .. import __version__
from ..engine import Catalog, CatalogError, parse_catalog
from ..engine import cards as cards_module
from ..i18n import _
from .catalog_cache import CACHE_FORMAT, read_cached_catalog, write_cached_catalog
from .paths import cache_dir

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from ..engine import FeatSet
    from ..tutorial.model import Tutorial

CARDS_FILE = "cards.json"


def data_file(name: str) -> Path | Traversable:
    """The card data file ``name``: inside the installed package, else in the checkout.

    A wheel carries ``palm_island/data``; an editable install or a source tree has
    the checkout's top-level ``data/`` instead (the card data's one home).

    Raises:
        CatalogError: neither place has it (a broken installation); one line on the CLI.
    """
    package = Path(__file__).parent.parent
    for folder in (package / "data", package.parent.parent / "data"):
        if (folder / name).is_file():
            return folder / name
    from importlib import resources  # a package inside a zip, say

    packaged = resources.files("palm_island") / "data" / name
    if packaged.is_file():
        return packaged
    raise CatalogError(
        f"data/{name}", "", _("missing from this installation; reinstall palm-island")
    )


@cache
def standard_catalog() -> Catalog:
    """The 17-card deck shipped with the game (read once per process)."""
    path = data_file(CARDS_FILE)
    return cached_catalog(path.read_text(encoding="utf-8"), f"data/{CARDS_FILE}")


def cached_catalog(text: str, source: str, directory: Path | None = None) -> Catalog:
    """The catalog of ``text``: from the cache if this text was validated before.

    Raises:
        CatalogError: as :func:`parse_catalog`, when ``text`` is not valid card data
            (invalid data is never cached, so it is reported every time).
    """
    directory = cache_dir() if directory is None else directory
    key = catalog_cache_key(text)
    path = directory / f"catalog-{key}.json"
    cached = read_cached_catalog(path, key)
    if cached is not None:
        return cached
    catalog = parse_catalog(text, source)
    write_cached_catalog(path, catalog, key)
    return catalog


def catalog_cache_key(text: str) -> str:
    """A digest of the data and of everything that turns it into a catalog."""
    digest = hashlib.sha256(CACHE_FORMAT.encode())
    digest.update(__version__.encode())
    for module in ("cards.py", "schema.py"):  # the objects built, and the validation
        try:
            digest.update((Path(cards_module.__file__).parent / module).read_bytes())
        except OSError:  # not installed as files: the version alone must do
            digest.update(module.encode())
    digest.update(text.encode("utf-8"))
    return digest.hexdigest()[:32]


FEATS_FILE = "feats.json"


@cache
def standard_feats() -> FeatSet:
    """This game's own six feats (docs/feats.md) and the catalog with their cards."""
    from ..engine import parse_feats  # pydantic: only games with feats need it

    path = data_file(FEATS_FILE)
    return parse_feats(path.read_text(encoding="utf-8"), standard_catalog(), f"data/{FEATS_FILE}")


TUTORIAL_FILE = "tutorial.json"


@cache
def standard_tutorial() -> Tutorial:
    """The guided first game's lessons, validated and checked on their deal (read once)."""
    from ..tutorial.model import parse_tutorial  # pydantic: only the tutorial needs it

    path = data_file(TUTORIAL_FILE)
    text = path.read_text(encoding="utf-8")
    return parse_tutorial(text, standard_catalog(), f"data/{TUTORIAL_FILE}")
