"""The storage's, the campaign rules' and serve's reasons reach the player in the
player's language: under the pseudo-language ``xx`` each one is bracketed ⟦…⟧ (an
English word outside the brackets is a message that slipped through), and in
Spanish the same errors read as Spanish."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from palm_island.campaign.model import Campaign, FeatUnlock
from palm_island.campaign.service import CampaignError, check_setup
from palm_island.i18n import LOCALE_DIR, speaking
from palm_island.storage.errors import LoadError, SaveError
from palm_island.storage.repositories import check_name
from palm_island.storage.service import Store
from palm_island.web.external import parse_external_url
from palm_island.web.key_strength import key_problem

DAY = "2026-12-01T00:00:00"
CAMPAIGN = Campaign(1, "Isla", DAY, DAY, (FeatUnlock("FT1", 1, DAY), FeatUnlock("FT2", 2, DAY)))


def raised(action: Callable[[], object]) -> str:
    """The message ``action`` fails with."""
    with pytest.raises((CampaignError, LoadError, SaveError, ValueError)) as info:
        action()
    return str(info.value)


def messages(folder: Path) -> dict[str, str]:
    """One error of each kind, in the active language."""
    (folder / "campaign.db").write_bytes(b"not a database at all, just words" * 40)
    return {
        "no name": raised(lambda: check_name("")),
        "a feat twice": raised(lambda: check_setup(CAMPAIGN, "medium", ["FT1", "FT1"])),
        "a locked feat": raised(lambda: check_setup(CAMPAIGN, "easy", ["FT3"])),
        "hard's limit": raised(lambda: check_setup(CAMPAIGN, "hard", ["FT1"])),
        "medium's limit": raised(lambda: check_setup(CAMPAIGN, "medium", ["FT1", "FT2"])),
        "a damaged file": raised(lambda: Store.open(folder, read_only=True)),
        "a short key": key_problem("abc") or "",
        "an address": raised(lambda: parse_external_url("ftp://palm.example/")),
    }


def english_outside(text: str) -> list[str]:
    outside = re.sub(r"⟦[^⟧]*⟧", "", text)
    words = re.findall(r"[A-Za-z]{2,}", re.sub(r"'[^']*'|campaign\.db|FT\d", "", outside))
    return words


def test_the_reasons_hold_no_english_under_the_pseudo_language(tmp_path: Path) -> None:
    assert (LOCALE_DIR / "xx" / "LC_MESSAGES" / "palm_island.mo").is_file(), "run make catalogs"
    with speaking("xx"):
        found = messages(tmp_path)
    assert {name: english_outside(text) for name, text in found.items()} == {
        name: [] for name in found
    }, found
    assert all("⟦" in text for text in found.values()), found


def test_the_reasons_read_as_spanish(tmp_path: Path) -> None:
    with speaking("es"):
        found = messages(tmp_path)
    assert found["no name"] == "una campaña necesita un nombre"
    assert found["a locked feat"] == "FT3 no está desbloqueada en 'Isla'"
    assert found["hard's limit"] == "la dificultad difícil no permite hazañas"
    assert found["medium's limit"] == "la dificultad media permite como mucho 1 hazaña"
    assert found["a damaged file"].startswith("el archivo de campañas está dañado (")
    assert found["a short key"] == "la clave debe tener al menos 16 caracteres"
    assert found["an address"] == "debe empezar por https:// (o http://)"
