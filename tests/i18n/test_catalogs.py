"""The catalogs are complete and sound: the template holds every marked string, the
Spanish catalog translates each one (nothing untranslated, nothing fuzzy), every
translation keeps its English's placeholders, and Babel's own check passes."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message

from tools import catalogs

TRANSLATED = ("es",)
"""The languages the game ships; each must be complete."""


def placeholders(text: str, percent: bool) -> list[str]:
    """The named fields of ``text`` (``{game}``) and, for a python-format message
    (argparse's), its %-specifications, sorted."""
    if percent:
        return sorted(re.findall(r"%(?:\([^)]*\))?[#0 +-]*\d*(?:\.\d+)?[a-zA-Z%]", text))
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)


def forms(message: Message) -> list[tuple[str, str]]:
    """Each (English, translation) pair of a message: the plural forms of a plural
    one against the English singular (form 0) and plural (the others)."""
    if isinstance(message.id, str):
        return [(message.id, str(message.string))]
    english = list(message.id)
    translated = [str(text) for text in message.string or ()]
    return [(english[min(i, 1)], text) for i, text in enumerate(translated)]


def problems(catalog: Catalog, template: Catalog) -> list[str]:
    """Every untranslated, fuzzy, missing, extra or misplaced-placeholder entry."""
    found: list[str] = []
    wanted = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template if m.id}
    have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}
    found += [f"missing: {key}" for key in sorted(wanted - have, key=str)]
    found += [f"not in the template: {key}" for key in sorted(have - wanted, key=str)]
    for message in catalog:
        if not message.id:
            continue
        name = message.id if isinstance(message.id, str) else message.id[0]
        if message.fuzzy:
            found.append(f"fuzzy: {name!r}")
        percent = "python-format" in message.flags
        for english, text in forms(message):
            if not text:
                found.append(f"untranslated: {name!r}")
            elif placeholders(english, percent) != placeholders(text, percent):
                found.append(f"placeholders differ: {english!r} -> {text!r}")
    found += [f"{m.id!r}: {error}" for m, errors in catalog.check() for error in errors]
    return found


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_string_is_translated_with_its_placeholders(language: str) -> None:
    template = catalogs.read(catalogs.TEMPLATE)
    assert problems(catalogs.read(catalogs.po_path(language), language), template) == []


def test_the_checks_catch_what_they_say() -> None:
    """A planted catalog: each kind of defect is found."""
    template = Catalog(locale="es")
    for text in ("game {game} written", "a", "b", "missing"):
        template.add(text)
    template.add(("{count} game", "{count} games"))
    bad = Catalog(locale="es")
    bad.add("game {game} written", "partida {partida} escrita")
    bad.add("a", "")
    bad.add("b", "be", flags=["fuzzy"])
    bad.add(("{count} game", "{count} games"), ("{count} partida", "partidas"))
    bad.add("extra", "extra")
    found = "\n".join(problems(bad, template))
    for kind in ("placeholders differ: 'game {game}", "untranslated: 'a'", "fuzzy: 'b'"):
        assert kind in found
    assert "'{count} games' -> 'partidas'" in found
    assert "missing: (None, 'missing')" in found and "not in the template" in found


def test_the_template_holds_every_marked_string() -> None:
    """``make po`` was run after the last string was marked or changed: the strings
    extracted now are the template's."""
    extracted = {(m.context, str(m.id)) for m in catalogs.extract() if m.id}
    template = {(m.context, str(m.id)) for m in catalogs.read(catalogs.TEMPLATE) if m.id}
    assert sorted(extracted - template, key=str) == [], "run make po"
    assert sorted(template - extracted, key=str) == [], "run make po"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_plural_rule_is_said_in_the_catalog(language: str) -> None:
    text = catalogs.po_path(language).read_text(encoding="utf-8")
    assert f'"Plural-Forms: {catalogs.PLURAL_FORMS[language]}\\n"' in text


def test_the_pseudo_language_keeps_placeholders_and_commands() -> None:
    text = "game {game} written to {path}; see `palm-island history` (%(prog)s, %s)"
    pseudo = catalogs.pseudo_text(text)
    assert pseudo.startswith("⟦") and pseudo.endswith("⟧") and len(pseudo) > len(text)
    for kept in ("{game}", "{path}", "`palm-island history`", "%(prog)s", "%s"):
        assert kept in pseudo
    assert "game" not in pseudo.replace("{game}", "")


def test_the_compiled_checkout_catalogs_are_current(tmp_path: Path) -> None:
    """The .mo beside each .po (make catalogs) is what compiling the .po gives now."""
    assert catalogs.languages() == list(TRANSLATED)
    for language in catalogs.languages():
        po = catalogs.po_path(language)
        assert catalogs.compile_po(po, tmp_path / f"{language}.mo", language) == []
        current = (tmp_path / f"{language}.mo").read_bytes() == po.with_suffix(".mo").read_bytes()
        assert current, f"{po.with_suffix('.mo')} is not the .po compiled: run make catalogs"
