"""The best known lines: checked when read back, and the analysis agrees with them."""

from __future__ import annotations

from palm_island.engine import Catalog, new_game
from palm_island.solver import Budget, analyse, solve
from palm_island.solver.lines import Line, LineBook, checked_line, joined, split


def test_a_line_read_back_is_replayed_and_rescored(catalog: Catalog) -> None:
    start = new_game(catalog, seed=3)
    found = solve(start, Budget(10))
    texts = split(joined(found.moves))
    assert checked_line(start, texts) == Line(found.score, found.moves)
    assert checked_line(start, texts[:-1]) is None  # the game is not over
    assert checked_line(start, ["S9", *texts[1:]]) is None  # not a move


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
