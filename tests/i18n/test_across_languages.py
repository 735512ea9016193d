"""Records are language-neutral: a game written under one language is the same
file as under the other, and replays, verifies and imports under either."""

from __future__ import annotations

from pathlib import Path

import pytest

from palm_island.cli import main


@pytest.mark.parametrize(("first", "then"), [("es", "en"), ("en", "es")])
def test_a_game_saved_in_one_language_replays_and_verifies_in_the_other(
    first: str, then: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    assert main(["--lang", first, "autoplay", "--seed", "11", "--out", str(record)]) == 0
    assert main(["--lang", then, "replay", "--check", str(record)]) == 0
    assert main(["--lang", then, "verify", str(record)]) == 0
    data = ["--data-dir", str(tmp_path / "data")]
    assert main(["--lang", then, *data, "import", str(record)]) == 0
    assert main(["--lang", first, *data, "export", "1", str(tmp_path / "again.json")]) == 0
    out = capsys.readouterr().out
    ok = {"en": "ok — finished, score", "es": "bien — terminada, puntuación"}[then]
    assert ok in out


def test_the_record_is_the_same_file_in_every_language(tmp_path: Path) -> None:
    written = {}
    for language in ("en", "es", "xx"):
        path = tmp_path / f"{language}.json"
        assert main(["--lang", language, "autoplay", "--seed", "3", "--out", str(path)]) == 0
        written[language] = path.read_bytes()
    assert written["en"] == written["es"] == written["xx"]
