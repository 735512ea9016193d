"""The translations' tools (make po, make catalogs, the wheel's build hook).

    python tools/catalogs.py extract   strings of src/, data/ and argparse -> the .pot
    python tools/catalogs.py update    the .pot's strings into every language's .po
    python tools/catalogs.py compile   every .po -> .mo beside it; the pseudo-language xx
    python tools/catalogs.py pseudo    only the pseudo-language xx (from the .pot)

The strings come from three places: the game's Python sources (``_``, ``N_``,
``ngettext``, ``pgettext``); the card data (building, tracker and feat names, feat
goals and village ranks, each with a context naming its card code) and the
tutorial's lessons (each step's text with a context naming its step's title), so the
data files stay English and language-neutral; and argparse's own words (``usage:``,
``options``, its errors), taken from the running Python's argparse (docs/i18n.md).
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "palm_island"
LOCALE_DIR = PACKAGE / "locale"
DOMAIN = "palm_island"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
PSEUDO = "xx"
"""The pseudo-language (brackets and lengthens every string): checkout only."""
PLURAL_FORMS = {"es": "nplurals=2; plural=(n != 1);", PSEUDO: "nplurals=2; plural=(n != 1);"}
"""Each language's plural rule, said once here (gettext's form, not CLDR's)."""
COMMENT_TAGS = ("Translators:",)
KEYWORDS = {**DEFAULT_KEYWORDS, "pN_": ((1, "c"), 2)}
"""Babel's keywords and ours: ``pN_`` marks a message in a context, as ``pgettext``."""


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    """Every language with a .po in the repository (the pseudo-language has none)."""
    return sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def data_messages(data: Path) -> Iterator[tuple[str, str, str]]:
    """(file, context, English) for every name and sentence of the card data and
    the tutorial's lessons."""
    cards = json.loads((data / "cards.json").read_text(encoding="utf-8"))
    for building in cards["buildings"]:
        yield "cards.json", f"card {building['code']}", building["name"]
    tracker = cards["round_tracker"]
    yield "cards.json", f"card {tracker['code']}", tracker["name"]
    for rank in cards["village_ranks"]:
        yield "cards.json", "village rank", rank["title"]
    feats = json.loads((data / "feats.json").read_text(encoding="utf-8"))
    for feat in feats["feats"]:
        yield "feats.json", f"feat {feat['code']}", feat["name"]
        yield "feats.json", f"feat goal {feat['code']}", feat["goal"]
        if feat.get("progress"):
            yield "feats.json", f"feat progress {feat['code']}", feat["progress"]
    tutorial = json.loads((data / "tutorial.json").read_text(encoding="utf-8"))
    yield "tutorial.json", "tutorial", tutorial["title"]
    for step in tutorial["steps"]:
        yield "tutorial.json", "tutorial step", step["title"]
        yield "tutorial.json", f"tutorial step: {step['title']}", step["text"]


def extract() -> Catalog:
    """The template: every marked string, with where it comes from."""
    catalog = Catalog(project="palm-island", domain=DOMAIN, fuzzy=False)
    for name, line, message, comments, context in extract_from_dir(
        str(PACKAGE),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    ):
        catalog.add(
            message,
            None,
            [(f"src/palm_island/{name}", line)],
            auto_comments=comments,
            context=context,
        )
    for line, message, comments, context in extract_from_file(
        "python", argparse.__file__, keywords=KEYWORDS
    ):
        catalog.add(message, None, [("argparse.py", line)], auto_comments=comments, context=context)
    for name, context, message in data_messages(ROOT / "data"):
        catalog.add(message, None, [(f"data/{name}", 0)], context=context)
    return catalog


def write(catalog: Catalog, path: Path) -> None:
    buffer = io.BytesIO()
    write_po(
        buffer, catalog, width=100, sort_by_file=True, include_lineno=False, ignore_obsolete=True
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


def update() -> None:
    """Each language's .po gets the template's strings: new ones empty, changed ones
    fuzzy (a translator looks again), gone ones dropped (git keeps them)."""
    template = read(TEMPLATE)
    for language in languages():
        catalog = read(po_path(language), language)
        catalog.update(template)
        catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[language])]
        write(catalog, po_path(language))


def compile_po(po: Path, mo: Path, language: str) -> list[str]:
    """``po`` compiled into ``mo`` (fuzzy and untranslated entries left out, so they
    show in English); the problems Babel's check finds (each one line)."""
    catalog = read(po, language)
    problems = [
        f"{po}: {message.id!r}: {error}" for message, errors in catalog.check() for error in errors
    ]
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    mo.parent.mkdir(parents=True, exist_ok=True)
    mo.write_bytes(buffer.getvalue())
    return problems


def pseudo_text(text: str) -> str:
    """``text`` bracketed, its letters swapped for accented look-alikes and lengthened
    by about a third; placeholders (``{game}``, ``%(prog)s``, ``%s``) and commands in
    backticks and Rich markup tags (``[b]``) stay as they are, so the text still
    formats, runs and renders."""
    out: list[str] = []
    index = 0
    while index < len(text):
        kept = _kept_span(text, index)
        if kept:
            out.append(kept)
            index += len(kept)
            continue
        out.append(_ACCENTED.get(text[index], text[index]))
        index += 1
    letters = sum(ch.isalpha() for ch in text)
    return "⟦" + "".join(out) + "·" * ((letters + 2) // 3) + "⟧"


def _kept_span(text: str, index: int) -> str:
    """The placeholder or backticked command starting at ``index``, else ''."""
    ch = text[index]
    if ch == "{" and "}" in text[index:]:
        return text[index : text.index("}", index) + 1]
    markup = re.match(r"\[/?[a-z ]+\]", text[index:])  # Rich markup ([b], [/b]): kept
    if markup:
        return markup.group()
    if ch == "`" and "`" in text[index + 1 :]:
        return text[index : text.index("`", index + 1) + 1]
    if ch == "%" and index + 1 < len(text):
        if text[index + 1] == "(" and ")" in text[index:]:
            end = text.index(")", index) + 1
            while end < len(text) and not text[end].isalpha():
                end += 1
            return text[index : end + 1]
        return text[index : index + 2]
    return ""


_ACCENTED = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "áƀçđéƒĝĥíĵķĺɱñóƥʠŕšţúʋŵχýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤǪŔŠŢÚṼŴΧÝŽ",
        strict=True,
    )
)


def pseudo() -> Path:
    """The pseudo-language's catalog, compiled from the template."""
    template = read(TEMPLATE)
    catalog = Catalog(domain=DOMAIN, fuzzy=False)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, str):
            text: str | tuple[str, ...] = pseudo_text(message.id)
        else:
            text = tuple(pseudo_text(form) for form in message.id)
        catalog.add(message.id, text, context=message.context)
    mo = LOCALE_DIR / PSEUDO / "LC_MESSAGES" / f"{DOMAIN}.mo"
    mo.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    mo.write_bytes(buffer.getvalue())
    return mo


def main(argv: list[str]) -> int:
    action = argv[0] if argv else ""
    if action == "extract":
        write(extract(), TEMPLATE)
    elif action == "update":
        update()
    elif action in ("compile", "pseudo"):
        problems: list[str] = []
        if action == "compile":
            for language in languages():
                po = po_path(language)
                problems += compile_po(po, po.with_suffix(".mo"), language)
        pseudo()
        print(*problems, sep="\n", file=sys.stderr)
        return 1 if problems else 0
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
