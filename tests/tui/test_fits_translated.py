"""Issue 48, item 4: the screens translated so far fit in a longer language. At
80×24 and on a phone held upright (55×60), in Spanish and in the lengthened
pseudo-language ``xx``, every label (button, border title, key bar entry) shows
whole in the screen's rows, so does each card name of the end screen's table, and
in Spanish no text is cut with Textual's ellipsis."""

from __future__ import annotations

import re
from typing import Any

import pytest

from palm_island.i18n import LOCALE_DIR

from .fit_walk import SCENES, walked
from .test_snapshots_phone import PHONE

pytestmark = pytest.mark.slow

LANGUAGES = ("es", "xx")
SIZES = {"80x24": (80, 24), "55x60": PHONE}
CUT = re.compile(r"\S…")
"""A word cut short: Textual ends a line or title that does not fit with ``…``."""


@pytest.fixture(scope="module")
def walks() -> dict[tuple[str, str], dict[str, dict[str, Any]]]:
    assert (LOCALE_DIR / "xx" / "LC_MESSAGES" / "palm_island.mo").is_file(), "run make catalogs"
    return {
        (language, name): walked(language, size)
        for language in LANGUAGES
        for name, size in SIZES.items()
    }


def test_the_check_finds_a_cut_label() -> None:
    rows = ["╔═ ▶ Carta 1 (seleccio… ═╗", "s Almacenar ? Ayuda q S"]
    assert missing(["▶ Carta 1 (seleccionada)", "Ayuda", "Salir"], rows) == [
        "▶ Carta 1 (seleccionada)",
        "Salir",
    ]
    assert cut(rows) == ["╔═ ▶ Carta 1 (seleccio… ═╗"]
    table = [" TH Casa de         reverso ↓  0  2  —", " comercio", " MK Mercado  anverso ↑"]
    assert wrapped(["TH Casa de comercio", "MK Mercado", "TE2 Templo"], table) == [
        "TH Casa de comercio"
    ]


def missing(labels: list[str], rows: list[str]) -> list[str]:
    return [label for label in labels if not any(label in row for row in rows)]


def wrapped(names: list[str], rows: list[str]) -> list[str]:
    """The names whose card code starts a row that does not hold the whole name."""
    return [
        name
        for name in names
        for row in rows
        if re.search(rf"(^|\s){re.escape(name.split()[0])} ", row) and name not in row
    ]


def cut(rows: list[str]) -> list[str]:
    return [row for row in rows if CUT.search(row)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_label_shows_whole(
    walks: dict[tuple[str, str], dict[str, dict[str, Any]]], language: str, size: str
) -> None:
    """Labels whole in both languages; no cut text in Spanish (``xx``, a third longer
    than English and bracketed, overflows a card's lines at 80 columns by design)."""
    walked_here = walks[language, size]
    assert set(walked_here) == set(SCENES)
    assert all(seen["labels"] for seen in walked_here.values())
    problems = {}
    for scene, seen in walked_here.items():
        lost = missing(seen["labels"], seen["rows"]) + wrapped(seen["card names"], seen["rows"])
        rows_cut = cut(seen["rows"]) if language == "es" else []
        if lost or rows_cut:
            problems[scene] = (lost, rows_cut)
    assert problems == {}, problems
