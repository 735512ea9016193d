"""Provides the pure parts of the post-game analysis: rows to show and their text.

Kept free of Textual so the analysis screen, a replay viewer or a headless command
can share them.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from ..solver import MoveAnalysis
from .glyphs import ASCII, Glyphs
from .render import move_words


def costly(report: Sequence[MoveAnalysis]) -> tuple[MoveAnalysis, ...]:
    """The moves that lowered the solver's expected final score, in game order."""
    return tuple(move for move in report if move.drop > 0)


def summary_text(report: Sequence[MoveAnalysis], final: int, g: Glyphs) -> Text:
    """``The solver expected 43★ from the deal (best possible ≤ 57★); you scored 38★. 2
    moves cost stars.``"""
    text = Text()
    if not report:
        return Text("No moves were played.", style="dim")
    start = report[0].best_score
    text.append(
        f"The solver expected {start}{g.star} from the deal "
        f"(best possible {_at_most(g)} {report[0].best_possible}{g.star}); "
        f"you scored {final}{g.star}. "
    )
    count = len(costly(report))
    if count:
        text.append(f"{count} move{'s' if count != 1 else ''} cost stars:", style="bold")
    else:
        text.append("No move cost stars by the solver's estimate.", style="bold")
    return text


def drops_table(report: Sequence[MoveAnalysis], g: Glyphs) -> Table:
    """One row per costly move: turn, played, the solver's move, stars lost."""
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("Turn", justify="right")
    table.add_column("Played")
    table.add_column("Solver")
    table.add_column(f"Lost {g.star}", justify="right")
    table.add_column("Expected")
    table.add_column("Best possible")
    for move in costly(report):
        table.add_row(
            str(move.turn),
            move_words(move.played),
            move_words(move.best),
            f"-{move.drop}",
            f"{move.best_score} to {move.played_score}",
            f"{_at_most(g)} {move.best_possible}",
        )
    return table


def _at_most(g: Glyphs) -> str:
    """``≤``, or ``<=`` on an ASCII terminal."""
    return "<=" if g == ASCII else "≤"
