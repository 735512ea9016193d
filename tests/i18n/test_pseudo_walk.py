"""Nothing a player reads on the command line slips through untranslated: every
command's --help and its main messages under the pseudo-language ``xx`` (every
translated string bracketed ⟦…⟧ and its letters accented) hold no plain English
word outside the brackets. Command and option names, values typed as they are,
card codes, file paths and notation are what may stay."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from palm_island.cli import COMMANDS, main
from palm_island.i18n import LOCALE_DIR
from palm_island.text import printable

TYPED = {
    *COMMANDS,
    *("list", "create", "rename", "delete"),  # campaign's actions
    *("greedy", "random", "red", "blue", "en", "es", "xx"),  # values typed as they are
    *("palm", "island", "json", "py", "db"),  # the program's name, file endings
}
"""Words that stay as typed in every language."""


def unmarked(text: str) -> list[str]:
    """The English words of ``text`` outside every ⟦…⟧ (nested ones too)."""
    outside: list[str] = []
    depth = 0
    for ch in text:
        if ch == "⟦":
            depth += 1
        elif ch == "⟧":
            depth = max(0, depth - 1)
        elif depth == 0:
            outside.append(ch)
    words: list[str] = []
    for token in "".join(outside).split():
        token = token.lstrip("[({|,'\"")
        if (
            "/" in token
            or token.startswith("-")
            or re.fullmatch(r"[A-Z]{2}\d?(:[A-Z]{2}\*?)?", token)
        ):
            continue  # a path, an option, a card code or a card in notation
        words += [w for w in re.findall(r"[A-Za-z]{2,}", token) if w.lower() not in TYPED]
    return words


def test_the_check_finds_plain_english() -> None:
    assert unmarked("⟦ţéχţ {x}⟧ and more ⟦⟦ñéšţéđ⟧ ⟧") == ["and", "more"]
    assert unmarked("usage: palm-island deal --seed SEED") == ["usage", "SEED"]
    assert unmarked("CH1:FU /tmp/x.json deal") == []


HELPS = [[c, "--help"] for c in COMMANDS] + [
    ["--help"],
    *(["campaign", action, "--help"] for action in ("list", "create", "rename", "delete")),
]


@pytest.fixture(autouse=True)
def pseudo_catalog() -> None:
    """The checkout's pseudo-language (make catalogs compiles it): missing is a failure."""
    assert (LOCALE_DIR / "xx" / "LC_MESSAGES" / "palm_island.mo").is_file(), "run make catalogs"


@pytest.mark.parametrize("arguments", HELPS, ids=" ".join)
def test_every_help_is_translated(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "xx", *arguments]) == 0
    out = capsys.readouterr().out
    assert "⟦" in out and unmarked(out) == []


def runs(folder: Path) -> Iterator[list[str]]:
    """The main messages of the commands: results, refusals, usage errors."""
    record = folder / "game.json"
    data = ["--data-dir", str(folder / "data")]
    yield ["deal"]  # a required option missing: argparse's own words
    yield ["deal", "--seed", "x"]
    yield ["dael"]
    yield ["deal", "--seed", "1", "--bogus"]
    yield ["autoplay", "--seed", "5", "--out", str(record)]
    yield ["autoplay", "--seed", "5", "--out", str(record)]  # exists: refused
    yield ["replay", "--check", str(record)]
    yield ["verify", str(record)]
    yield ["verify", str(folder / "missing.json")]
    yield [*data, "history"]
    yield [*data, "campaign", "list"]
    yield [*data, "campaign", "create", "Ana"]
    yield [*data, "campaign", "rename", "Ana", "Bea"]
    yield [*data, "campaign", "delete", "Bea"]
    yield [*data, "campaign", "delete", "Bea", "--yes"]
    yield [*data, "import", str(record)]
    yield [*data, "history"]
    yield [*data, "export", "1", str(folder / "out.json")]
    yield [*data, "export", "9", str(folder / "out.json")]
    yield [*data, "export", str(folder / "out.json")]
    yield [*data, "doctor"]
    yield ["solve", "--deal", "CH1 XX"]
    yield ["solve", "--seed", "1", "--budget", "0"]
    yield ["daily", "--date", "tomorrow"]
    yield ["serve", "--host", "192.0.2.1"]
    yield ["serve", "--port", "70000"]


def test_every_main_message_is_translated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    found: list[str] = []
    for arguments in runs(tmp_path):
        main(["--lang", "xx", *arguments])
        out, err = capsys.readouterr()
        for line in (out + err).splitlines():
            if unmarked(line.removeprefix("palm-island: ")):
                found.append(f"{' '.join(arguments)}: {printable(line)}")
    assert found == [], "\n".join(found)
