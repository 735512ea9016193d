"""The best known lines: checked when read back, and the analysis agrees with them."""

from __future__ import annotations

import pytest

from palm_island.engine import Catalog, apply_move, legal_moves, new_game
from palm_island.solver import Budget, analyse, solve
from palm_island.solver.lines import Line, LineBook, checked_line, joined, split


def test_a_line_read_back_is_replayed_and_rescored(catalog: Catalog) -> None:
    start = new_game(catalog, seed=3)
    found = solve(start, Budget(10))
    texts = split(joined(found.moves))
    assert checked_line(start, texts) == Line(found.score, found.moves)
    assert checked_line(start, texts[:-1]) is None  # the game is not over
    assert checked_line(start, ["S9", *texts[1:]]) is None  # not a move


@pytest.mark.slow  # over 0.3 s of CPU: make test, not make check (60 s budget)
def test_on_the_par_line_every_move_is_best_and_valued_at_par(catalog: Catalog) -> None:
    start = new_game(catalog, seed=3)
    found = solve(start, Budget(30))
    book = LineBook()
    book.add(start, Line(found.score, found.moves))
    report = analyse(start, found.moves, Budget(5), known=book)
    assert [(a.best, a.best_score, a.played_score) for a in report] == [
        (a.played, found.score, found.score) for a in report
    ]


def test_a_book_keeps_the_better_line_through_a_position(catalog: Catalog) -> None:
    start = new_game(catalog, seed=3)
    weak, strong = solve(start, Budget(2)), solve(start, Budget(30))
    assert weak.score < strong.score
    book = LineBook()
    book.add(start, Line(strong.score, strong.moves))
    book.add(start, Line(weak.score, weak.moves))
    assert book.at(start) == Line(strong.score, strong.moves)


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
def test_a_move_the_search_before_played_is_valued_by_its_line_without_a_search(
    catalog: Catalog,
) -> None:
    start = new_game(catalog, seed=5)
    line = solve(start, Budget(8)).moves
    steps: list[int] = []  # one call per progress step of every search run

    def count() -> bool:
        steps.append(1)
        return False

    report = analyse(start, line, Budget(8), should_stop=count)
    assert all(a.drop == 0 and a.best == a.played for a in report)
    assert 0 < len(steps) <= 8 * 17  # one search (from the start), not one per position

    # Off that line (another move where there is a choice), the next position is searched.
    state, turn = start, 0
    while len(legal_moves(state)) < 2 or turn < 10:
        state, turn = apply_move(state, line[turn]).state, turn + 1
    other = next(m for m in legal_moves(state) if m != line[turn])
    tail = solve(apply_move(state, other).state, Budget(8)).moves
    steps.clear()
    report = analyse(start, (*line[:turn], other, *tail), Budget(8), should_stop=count)
    assert len(steps) > 8 * 17
    assert report[turn].played == other
