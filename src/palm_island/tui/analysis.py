"""Provides the pure parts of the post-game analysis: rows to show and their text.

Kept free of Textual so the analysis screen, a replay viewer or a headless command
can share them.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text

from ..engine import Move
from ..i18n import _, ngettext
from ..solver import MoveAnalysis, par_words
from .glyphs import ASCII, Glyphs
from .render import move_words


def costly(report: Sequence[MoveAnalysis]) -> tuple[MoveAnalysis, ...]:
    """The moves that lowered the solver's expected final score, in game order."""
    return tuple(move for move in report if move.drop > 0)


def summary_text(
    report: Sequence[MoveAnalysis], final: int, g: Glyphs, par: int | None = None
) -> Text:
    """``Par 43★, best possible ≤ 51★; you scored 38★. 2 moves cost stars.`` (``Par 46★,
    the best possible`` when the par line reaches the bound from the deal).

    ``par`` is the deal's par (the one number the end screen and ``daily`` show);
    without it, the analysis's own estimate from the deal is named instead."""
    if not report:
        return Text(_("No moves were played."), style="dim")
    start = f"{report[0].best_score}{g.star}"
    bound = f"{report[0].best_possible}{g.star}"
    scored = f"{final}{g.star}"
    if par is None:
        sentence = _(
            "The solver expected {start} from the deal; perfect play scores at most "
            "{bound}; you scored {final}."
        ).format(start=start, bound=bound, final=scored)
    else:
        words = par_words(par, report[0].best_possible, star=g.star, at_most=g.at_most)
        if report[0].best_score > par:  # a line through the player's moves beat the par line
            # Translators: {par} is a phrase such as "par 43★, best possible ≤ 51★"
            # (its first letter is made a capital when the sentence starts with it).
            template = _("{par} (your moves opened a line to {start}); you scored {final}.")
        else:
            # Translators: {par} is a phrase such as "par 43★, best possible ≤ 51★"
            # (its first letter is made a capital when the sentence starts with it).
            template = _("{par}; you scored {final}.")
        sentence = template.format(par=words, start=start, final=scored)
        sentence = sentence[:1].upper() + sentence[1:]
    text = Text(sentence + " ")
    count = len(costly(report))
    if count:
        cost = ngettext("{count} move cost stars:", "{count} moves cost stars:", count)
        text.append(cost.format(count=count), style="bold")
    else:
        text.append(_("No move cost stars by the solver's estimate."), style="bold")
    return text


def report_data(report: Sequence[MoveAnalysis], par: int | None) -> dict[str, object]:
    """The analysis as plain data: what ``analyse --json`` prints and the campaign
    file keeps (``{"par", "bound", "turns": [{"turn", "played", "best",
    "value_played", "value_best", "bound"}, ...]}``)."""
    return {
        "par": par,
        "bound": report[0].best_possible if report else None,
        "turns": [
            {
                "turn": move.turn,
                "played": str(move.played),
                "best": str(move.best),
                "value_played": move.played_score,
                "value_best": move.best_score,
                "bound": move.best_possible,
            }
            for move in report
        ],
    }


def report_of_data(data: object, moves: Sequence[Move]) -> tuple[MoveAnalysis, ...] | None:
    """:func:`report_data`'s analysis read back for a game of ``moves``; ``None`` when
    it is not exactly that (another game's, damaged): then it is computed again."""
    if not isinstance(data, dict) or not isinstance(data.get("turns"), list):
        return None
    turns = data["turns"]
    if len(turns) != len(moves):
        return None
    try:
        report = tuple(
            MoveAnalysis(
                int(row["turn"]),
                Move.parse(row["played"]),
                Move.parse(row["best"]),
                int(row["value_best"]),
                int(row["value_played"]),
                int(row["bound"]),
            )
            for row in turns
        )
    except (KeyError, TypeError, ValueError):
        return None
    if any(
        a.played != m or a.turn != i for i, (a, m) in enumerate(zip(report, moves, strict=True), 1)
    ):
        return None
    return report


def drops_table(report: Sequence[MoveAnalysis], g: Glyphs, *, narrow: bool = False) -> Table | Text:
    """One row per costly move: turn, played, the solver's move, stars lost; no
    table at all (empty text) when no move cost stars, rather than a bare header:
    the summary above it says so. ``narrow`` (a phone): one space between columns,
    not two."""
    if not costly(report):
        return Text()
    rows = [
        (
            str(move.turn),
            move_words(move.played),
            move_words(move.best),
            f"-{move.drop}",
            _("{before} to {after}").format(before=move.best_score, after=move.played_score),
            f"{_at_most(g)} {move.best_possible}",
        )
        for move in costly(report)
    ]
    # A narrow screen (a phone) squeezes the columns: the figures never wrap, and
    # the moves' columns keep room for their longest word, so a move wraps between
    # words and is never cut (a translation's words run longer: "almacenar").
    table = Table(box=None, pad_edge=False, collapse_padding=narrow, header_style="bold")
    # Translators: the analysis table's columns: the turn, the move played, the
    # solver's move, the stars it lost ({star} is ★), the expected final score
    # before and after it, the best score still possible.
    table.add_column(_("Turn"), justify="right", no_wrap=True)
    for header, column in ((_("Played"), 1), (_("Solver"), 2)):
        words = [word for row in rows for word in row[column].split()]
        table.add_column(header, min_width=max(map(cell_len, words), default=1))
    table.add_column(_("Lost {star}").format(star=g.star), justify="right")
    table.add_column(_("Expected"), no_wrap=True)
    table.add_column(_("Best possible"))
    for row in rows:
        table.add_row(*row)
    return table


def _at_most(g: Glyphs) -> str:
    """``≤``, or ``<=`` on an ASCII terminal."""
    return "<=" if g == ASCII else "≤"
