"""``palm-island analyse FILE|GAME_ID [--json]``: where a game lost stars, by the solver.

The same analysis as the game's analysis screen: the deal's par line first (kept
in the user cache, shared with ``daily``), then a search per position off the
known lines (and off the line found from the position before). A stored game's
analysis is kept with it, so a second call answers at once. ``--json`` prints
``{"par", "bound", "turns": [{"turn", "played", "best", "value_played",
"value_best", "bound"}, ...]}``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import arguments
from ..i18n import _
from ..progress_bar import add_quiet
from . import fail, no_game, unreadable

if TYPE_CHECKING:
    from ..engine import GameState, Move
    from ..records import GameRecord
    from ..solver.lines import Line, LineBook
    from ..storage.service import Store


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "analyse",
        help=_("judge every move of a game with the solver"),
        description=_("Judge every move of a game with the solver: where it lost stars."),
    )
    parser.add_argument(
        "game",
        type=arguments.game_or_file,
        metavar=_("GAME"),
        help=_("a stored game's number (see history), or a record file (./12 for a file named 12)"),
    )
    parser.add_argument("--json", action="store_true", help=_("print the analysis as JSON"))
    add_quiet(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from ..engine import PalmIslandError
    from ..progress_bar import progress
    from ..solver import ANALYSIS_BUDGET, DEFAULT_BUDGET, Cancelled, analyse
    from ..solver.lines import solver_tag
    from ..storage.catalog_files import standard_feats
    from ..storage.errors import LoadError, SaveError
    from ..storage.service import Store
    from ..text import printable
    from ..tui.analysis import drops_table, report_data, report_of_data, summary_text
    from ..tui.glyphs import ASCII
    from .daily import par_line

    catalog = standard_feats().catalog
    game_id = args.game if isinstance(args.game, int) else None
    tag = f"{solver_tag(ANALYSIS_BUDGET.width)}-par{DEFAULT_BUDGET.width}"
    store: Store | None = None
    try:
        try:
            if game_id is not None:  # read-only: it works in a read-only data folder
                store = Store.open(args.data_dir, read_only=True)
                record = store.replay_data(game_id).record
            else:
                record = _from_file(args.game, catalog)
            start, moves, final = _game(record, catalog)
            kept = None if store is None or game_id is None else store.game_analysis(game_id, tag)
        except KeyError:
            assert game_id is not None
            return no_game(game_id)
        except LoadError as exc:
            if game_id is None:
                return unreadable(args.game, exc)
            return fail(printable(exc.describe()), 1)
        except (PalmIslandError, SaveError, ValueError) as exc:
            return fail(printable(str(exc)), 1)
        try:
            data = None if kept is None else json.loads(kept)
            report = report_of_data(data, moves)
            if report is None or not isinstance(data, dict):
                book, line = _known(store, start)
                if line is None:  # not kept with the game: the cache, else a search
                    line, _how = par_line(start, DEFAULT_BUDGET, args.quiet)
                    book.add(start, line)
                with progress(_("analysing"), args.quiet) as tell:
                    report = analyse(start, moves, ANALYSIS_BUDGET, known=book, on_progress=tell)
                data = report_data(report, line.score)
                if store is not None and game_id is not None:
                    store.close()
                    store = None
                    _keep(args.data_dir, game_id, tag, json.dumps(data))
        except (KeyboardInterrupt, Cancelled):
            return fail(_("interrupted"), 130)
        except (LoadError, SaveError) as exc:
            return fail(printable(str(exc)), 1)
    finally:
        if store is not None:
            store.close()
    if args.json:
        print(json.dumps(data))
        return 0
    par = data.get("par")
    console = Console(highlight=False, markup=False, emoji=False)
    console.print(summary_text(report, final, ASCII, par if isinstance(par, int) else None))
    console.print(drops_table(report, ASCII))
    return 0


def _known(store: Store | None, start: GameState) -> tuple[LineBook, Line | None]:
    """The lines the game kept for its deal (its par line and its hints' lines), as
    the analysis screen uses them; empty without a store."""
    from ..solver import DEFAULT_BUDGET
    from ..solver.lines import LineBook, book_of_rows, deal_key, lines_prefix, solver_tag

    if store is None:
        return LineBook(), None
    rows = store.solver_lines(deal_key(start), lines_prefix())
    return book_of_rows(start, rows, solver_tag(DEFAULT_BUDGET.width))


def _keep(data_dir: Path | None, game_id: int, tag: str, report: str) -> None:
    """Keep the analysis with the game, so the next call answers at once; where the
    campaign file cannot be written (a read-only data folder) say that saving is off
    and go on: the analysis is printed all the same."""
    import sys

    from ..storage.errors import LoadError, SaveError
    from ..storage.service import Store
    from ..text import printable

    try:
        with Store.open(data_dir) as store:
            store.save_game_analysis(game_id, tag, report)
    except (LoadError, SaveError) as exc:
        from ..storage.paths import data_dir as folder_of
        from ..storage.paths import read_only_folder

        folder = folder_of(data_dir, create=False)
        why = _("{folder} is read-only").format(folder=folder)
        if not read_only_folder(folder):
            why = str(exc)
        note = _("saving is off ({why}); the analysis is not kept").format(why=why)
        print(printable(f"palm-island: {note}"), file=sys.stderr)


def _from_file(path: Path, catalog: Any) -> GameRecord:
    from ..storage.loading import import_record_file

    record, _final = import_record_file(path, catalog)
    return record


def _game(record: GameRecord, catalog: Any) -> tuple[GameState, tuple[Move, ...], int]:
    """The dealt position, the moves and the final score of a record (replayed)."""
    from ..engine import Move, score
    from ..records import replay

    states = list(replay(record, catalog))
    return states[0], tuple(Move.parse(m) for m in record.moves), score(states[-1]).total
