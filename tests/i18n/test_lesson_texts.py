"""Every word of the tutorial's lesson file is in the template, under the context the
screen looks it up by (:func:`palm_island.i18n.lesson_text`): a lesson added to
data/tutorial.json without ``make po`` fails here, before a player meets it in
English."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog

from palm_island.i18n import LOCALE_DIR, lesson_text, lesson_title, speaking, tutorial_title
from tools import catalogs

LESSONS = Path(__file__).resolve().parents[2] / "data" / "tutorial.json"


def missing(lessons: dict[str, Any], template: Catalog) -> list[str]:
    """The lesson file's words the template lacks (each as context: English)."""
    wanted = [("tutorial", lessons["title"])]
    for step in lessons["steps"]:
        wanted += [("tutorial step", step["title"])]
        wanted += [(f"tutorial step: {step['title']}", step["text"])]
    return [f"{context}: {text}" for context, text in wanted if template.get(text, context) is None]


def test_every_lesson_is_in_the_template() -> None:
    lessons = json.loads(LESSONS.read_text(encoding="utf-8"))
    assert missing(lessons, catalogs.read(catalogs.TEMPLATE)) == []


def test_a_lesson_without_an_entry_is_found() -> None:
    lessons = json.loads(LESSONS.read_text(encoding="utf-8"))
    lessons["steps"].append({"title": "Feats", "text": "A feat is unlocked by a game."})
    lessons["steps"][0]["text"] += " Changed."
    assert missing(lessons, catalogs.read(catalogs.TEMPLATE)) == [
        f"tutorial step: Your hand: {lessons['steps'][0]['text']}",
        "tutorial step: Feats",
        "tutorial step: Feats: A feat is unlocked by a game.",
    ]


def test_the_screen_s_lookups_find_every_lesson() -> None:
    """The contexts the screen asks by are the template's: under the pseudo-language
    every lesson comes back bracketed."""
    assert (LOCALE_DIR / "xx" / "LC_MESSAGES" / "palm_island.mo").is_file(), "run make catalogs"
    lessons = json.loads(LESSONS.read_text(encoding="utf-8"))
    with speaking("xx"):
        looked_up = [tutorial_title(lessons["title"])]
        for step in lessons["steps"]:
            looked_up += [lesson_title(step["title"]), lesson_text(step["title"], step["text"])]
    assert [text for text in looked_up if not text.startswith("⟦")] == []
