"""The language the player chose in the game, kept in settings.json: the command
line and the game speak it at the next start, after ``--lang`` and before the
environment (docs/i18n.md); a browser's tab never takes it; a bad value is passed
over; the palette's "Language" entry keeps and speaks it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from palm_island import i18n
from palm_island.cli import main
from palm_island.storage.settings import load_settings, save_settings
from palm_island.storage.settings_data import Settings

TYPO = "dael"
SPANISH = "no existe la orden"
ENGLISH = "there is no command"


def said(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    assert main(list(arguments)) == 2
    return capsys.readouterr().err


def test_the_saved_language_speaks_after_lang_and_before_the_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    save_settings(tmp_path, Settings(language="es"))
    data = ("--data-dir", str(tmp_path))
    assert SPANISH in said(capsys, *data, TYPO)
    assert SPANISH in said(capsys, f"--data-dir={tmp_path}", TYPO)
    assert ENGLISH in said(capsys, *data, "--lang", "en", TYPO)
    monkeypatch.setenv("LANGUAGE", "en")
    assert SPANISH in said(capsys, *data, TYPO)  # the setting before the environment
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    assert ENGLISH in said(capsys, *data, TYPO)  # a browser's tab: the server's folder


@pytest.mark.parametrize("kept", ["<b>", "tlh", 7, "e" * 40, ["es"]])
def test_a_bad_or_unknown_saved_language_is_passed_over(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    kept: object,
) -> None:
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LANG", "C")
    (tmp_path / "settings.json").write_text(json.dumps({"language": kept, "theme": "nord"}))
    assert ENGLISH in said(capsys, "--data-dir", str(tmp_path), TYPO)
    loaded = load_settings(tmp_path)
    assert loaded.problem is None and loaded.settings.theme == "nord"
    save_settings(tmp_path, loaded.settings)  # what it could not read is kept as it was
    assert json.loads((tmp_path / "settings.json").read_text())["language"] == kept


def test_the_language_is_kept_beside_the_other_settings(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"theme": "nord", "newer": 1}))
    settings = load_settings(tmp_path).settings
    assert settings.language is None
    settings.language = "es"
    save_settings(tmp_path, settings)
    assert json.loads((tmp_path / "settings.json").read_text()) == {
        "theme": "nord",
        "newer": 1,
        "language": "es",
    }
    assert load_settings(tmp_path).settings.language == "es"
    assert i18n.active_language() == "en"
