"""Which language the game speaks: --lang, then the saved setting, then the
environment as gettext reads it, then English; a browser tab never reads the
server's environment. Plurals follow each language's rule at 0, 1 and 2."""

from __future__ import annotations

import os

import pytest

from palm_island import i18n
from palm_island.cli import main, requested_language


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LC_MESSAGES": "es_MX", "LANG": "en_US.UTF-8"}, "es"),
        ({"LC_ALL": "es_AR.UTF-8", "LC_MESSAGES": "en_GB"}, "es"),
        ({"LANGUAGE": "fr:es:en", "LANG": "en_US"}, "es"),  # the first one we have
        ({"LANGUAGE": "", "LANG": "es_ES@euro"}, "es"),  # an empty variable is unset
        ({"LANGUAGE": "en:es", "LANG": "es_ES"}, "en"),
        ({"LC_ALL": "C", "LANG": "es_ES"}, "en"),  # C: the program's own words
        ({"LC_ALL": "C.UTF-8", "LANG": "es_ES"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),  # no French catalog
    ],
)
def test_the_environment_is_read_as_gettext_reads_it(
    environ: dict[str, str], expected: str
) -> None:
    assert i18n.choose(None, None, environ) == expected


def test_the_order_is_flag_setting_environment_english() -> None:
    spanish = {"LANG": "es_ES.UTF-8"}
    assert i18n.choose("en", "es", spanish) == "en"
    assert i18n.choose(None, "en", spanish) == "en"
    assert i18n.choose(None, "es", {}) == "es"
    assert i18n.choose("fr", None, spanish) == "es"  # no catalog: passed over
    assert i18n.choose(None, None, {}) == "en"


def test_a_browser_tab_never_takes_the_servers_environment() -> None:
    spanish = {"LANGUAGE": "es", "LANG": "es_ES.UTF-8"}
    assert i18n.choose(None, None, spanish, served=True) == "en"
    assert i18n.choose("es", None, {}, served=True) == "es"  # what the tab asked for


def test_lang_is_read_before_parsing_wherever_the_global_options_are() -> None:
    assert requested_language(["--lang", "es", "deal", "--seed", "1"]) == "es"
    assert requested_language(["--data-dir", "/x", "--lang=es"]) == "es"
    assert requested_language(["deal", "--seed", "1"]) is None


@pytest.mark.parametrize(
    ("count", "english", "spanish"),
    [(0, "0 games", "0 partidas"), (1, "1 game", "1 partida"), (2, "2 games", "2 partidas")],
)
def test_plural_forms_at_0_1_2(count: int, english: str, spanish: str) -> None:
    def said() -> str:
        return i18n.ngettext("{count} game", "{count} games", count).format(count=count)

    with i18n.speaking("en"):
        assert said() == english
    with i18n.speaking("es"):
        assert said() == spanish


def test_a_run_in_another_language_leaves_nothing_behind(
    capsys: pytest.CaptureFixture[str],
) -> None:
    before = os.environ.get("LANGUAGE")
    assert main(["--lang", "es", "campaign", "--help"]) == 0
    assert "muestra esta ayuda y termina" in capsys.readouterr().out
    assert i18n.active_language() == "en" and os.environ.get("LANGUAGE") == before
    assert i18n._("show the version and exit") == "show the version and exit"


def test_the_environment_chooses_spanish_for_the_whole_cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", "es")
    assert main(["deal"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("uso: palm-island deal")
    assert "faltan los argumentos obligatorios: --seed" in err


def test_data_names_follow_the_language() -> None:
    with i18n.speaking("es"):
        assert i18n.card_name("CH", "Canoe House") == "Casa de canoas"
        assert i18n.feat_name("FT1", "Granary") == "Granero"
        assert (
            i18n.feat_goal("FT2", "Score at least 22 stars.") == "Consigue al menos 22 estrellas."
        )
        assert i18n.rank_title("Castaway") == "Náufraga"
        assert i18n.difficulty_name("medium") == "media"
    assert i18n.card_name("CH", "Canoe House") == "Canoe House"
