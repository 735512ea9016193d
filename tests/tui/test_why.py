"""The "why" behind a hint, read off the solver's line (tui/why.py)."""

from __future__ import annotations

import re

from palm_island.engine import GameState, Move
from palm_island.solver import Budget, Hint, solve
from palm_island.storage.catalog_files import standard_tutorial
from palm_island.tui.glyphs import glyphs_for
from palm_island.tui.hints import hint_text
from palm_island.tui.why import why


def start(step: int) -> GameState:
    return standard_tutorial().lessons[step].start


def line(*notations: str) -> list[Move]:
    return [Move.parse(n) for n in notations]


def test_a_move_that_scores_says_how_many_stars() -> None:
    assert why(start(8), line("R1 pay CH2+LG2")) == "+1★ now"


def test_a_store_says_what_it_keeps_and_for_which_card() -> None:
    # the Logger's wood pays for the Trade House's flip two turns later
    assert (
        why(start(9), line("S1", "D", "F1 pay LG3"))
        == "keeps 1 wood for the Trade House this round"
    )
    assert why(start(9), line("S1")) == "keeps 1 wood for later"


def test_paying_with_the_card_that_returns_first_says_so() -> None:
    # four stored, the Market nearest the top: paying with it spends it in time
    assert why(start(3), line("S1 pay CH1")) == "spends CH1 before it returns released"


def test_a_release_and_a_discard_say_what_they_do() -> None:
    assert why(start(7), line("S1 release LG1")) == "makes room: LG1 is released"
    # the Market lies nearest the top: releasing it loses what would be lost next anyway
    assert (
        why(start(7), line("S1 release MK")) == "makes room: MK would return released next anyway"
    )
    assert why(start(10), line("D")) == "nothing here is worth its price now"


KNOWN = re.compile(
    r"\+\d+★ now|spends \w+ before it returns released"
    r"|makes room: \w+ (is released|would return released next anyway)"
    r"|keeps .+ for (the .+ (this|next) round|later)|the .+ comes back next round for a \w+"
    r"|nothing here is worth its price now|sets up \+\d+★ on the .+ later"
    r"|(the .+ now holds .+|upgrades the .+)(; keeps card 1 on top)?"
)


def test_the_solver_line_from_each_step_gets_a_known_reason() -> None:
    for step in (2, 8, 10, 14):
        state = start(step)
        phrase = why(state, solve(state, Budget(10)).moves)
        assert KNOWN.fullmatch(phrase), (step, phrase)
    assert why(start(2), ()) == ""


def test_the_hint_line_shows_the_reason() -> None:
    g = glyphs_for(True)
    text = hint_text(Hint(Move.parse("R1 pay CH2+LG2"), 30), g, "+1★ now").plain
    assert "(+1* now)" in text and text.isascii()
