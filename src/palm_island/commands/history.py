"""``palm-island history [--campaign NAME]``: list finished games and statistics."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from ..i18n import _
from . import fail

if TYPE_CHECKING:
    from ..campaign.model import HistoryEntry


def _column(title: str, width: int) -> int:
    """A column's width: ``width``, or the title's if longer (a translated title)."""
    return max(width, len(title))


def heading() -> str:
    """The column names over the games (a daily deal is marked in the deal column)."""
    w = widths()
    game, finished, campaign, deck = _("game"), _("finished (UTC)"), _("campaign"), _("deck")
    score, village, difficulty, deal = _("score"), _("village"), _("difficulty"), _("deal")
    feats = _("feats in play")
    return (
        f"{game:>{w['game']}}  {finished:<{w['finished']}}  {campaign:<{w['campaign']}}  "
        f"{deck:<{w['deck']}}  {score:>{w['score']}}  {village:<{w['village']}}  "
        f"{difficulty:<{w['difficulty']}}  {deal:<{w['deal']}}  {feats}"
    )


def widths() -> dict[str, int]:
    """Every column's width in the full line, for the active language's titles."""
    return {
        "game": _column(_("game"), 5),
        "finished": _column(_("finished (UTC)"), 16),
        "campaign": _column(_("campaign"), 16),
        "deck": _column(_("deck"), 4),
        "score": _column(_("score"), 5),
        "village": _column(_("village"), 12),
        "difficulty": _column(_("difficulty"), 10),
        "deal": _column(_("deal"), 19),
    }


def narrow_heading() -> str:
    """On a terminal narrower than a full line: the date without the time, a shorter
    campaign column, and deal, difficulty and feats in one column cut at the edge (the
    deck's colour is left out: both decks play the same)."""
    w = narrow_widths()
    game, finished, campaign = _("game"), _("finished"), _("campaign")
    score, village, tail = _("score"), _("village"), _("deal, difficulty, feats")
    return (
        f"{game:>{w['game']}}  {finished:<{w['finished']}}  {campaign:<{w['campaign']}}  "
        f"{score:>{w['score']}}  {village:<{w['village']}}  {tail}"
    )


def narrow_widths() -> dict[str, int]:
    return {
        "game": _column(_("game"), 5),
        "finished": _column(_("finished"), 10),
        "campaign": _column(_("campaign"), 10),
        "score": _column(_("score"), 5),
        "village": _column(_("village"), 11),
    }


def narrow_fixed() -> int:
    """The width of the narrow line's columns before the last."""
    return len(narrow_heading()) - len(_("deal, difficulty, feats"))


def line_width() -> int | None:
    """The terminal's width when stdout is one; None (no limit) into a pipe or a file,
    where scripts read the full line."""
    import shutil

    if not sys.stdout.isatty():
        return None
    return shutil.get_terminal_size().columns


def full_line(e: HistoryEntry) -> str:
    from ..i18n import difficulty_name, rank_title
    from ..text import printable

    w = widths()
    campaign = printable(e.campaign or _("(imported)"))
    finished = printable(e.finished_at[:16].replace("T", " "))
    rank = printable(rank_title(e.rank))
    difficulty = difficulty_name(e.difficulty)
    feats = "+".join(e.feats) or _("none")
    return (
        f"{e.game_id:>{w['game']}}  {finished:<{w['finished']}}  "
        f"{campaign:<{w['campaign']}.{w['campaign']}}  {deck_name(e.deck_colour):<{w['deck']}}  "
        f"{e.score:>{w['score']}}  {rank:<{w['village']}}  {difficulty:<{w['difficulty']}}  "
        f"{deal_text(e):<{w['deal']}}  {feats}"
    )


def cut_tail(tail: str, width: int) -> str:
    """The last narrow column (deal, difficulty, feats) cut at the terminal's edge."""
    room = max(8, width - 1 - narrow_fixed())  # the last column is left free: no wrap
    return tail if len(tail) <= room else tail[: room - 1] + "…"


def narrow_line(e: HistoryEntry, width: int) -> str:
    """One game in ``width`` columns (at least the fixed columns and a little more)."""
    from ..i18n import difficulty_name, rank_title
    from ..text import printable

    w = narrow_widths()
    campaign = printable(e.campaign or _("(imported)"))
    if len(campaign) > w["campaign"]:
        campaign = campaign[: w["campaign"] - 1] + "…"
    finished = printable(e.finished_at[:10])
    feats = "+".join(e.feats) or _("no feats")
    tail = f"{deal_text(e)}, {difficulty_name(e.difficulty)}, {feats}"
    tail = cut_tail(tail, width)
    rank = printable(rank_title(e.rank))
    village = w["village"]
    return (
        f"{e.game_id:>{w['game']}}  {finished:<{w['finished']}}  "
        f"{campaign:<{w['campaign']}}  {e.score:>{w['score']}}  "
        f"{rank:<{village}.{village}}  {tail}"
    )


def deck_name(colour: str) -> str:
    """The deck's colour as records store it (``red``, ``blue``), in the active language."""
    from ..i18n import deck_colour_name

    return deck_colour_name(colour)


def deal_text(entry: HistoryEntry) -> str:
    """``daily 2026-12-01``, ``practice 2026-12-01`` (a daily deal again), ``seed 7``."""
    from ..solver.daily import daily_date

    day = daily_date(entry.seed)
    if day is not None:
        if entry.practice:
            return _("practice {date}").format(date=day.isoformat())
        return _("daily {date}").format(date=day.isoformat())
    if entry.seed is None:
        return _("own deal")
    return _("seed {seed}").format(seed=entry.seed)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "history",
        help=_("list finished games (and statistics)"),
        description=_("List the finished games, and a campaign's statistics."),
    )
    parser.add_argument(
        "--campaign", metavar=_("NAME"), help=_("only this campaign, with statistics")
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Opened read-only: it works in a read-only data directory and writes nothing.
    A damaged game row is named on stderr and the other games are still listed."""
    from ..campaign.stats import sparkline
    from ..engine import PalmIslandError
    from ..storage.service import Store
    from ..text import printable

    try:
        with Store.open(args.data_dir, read_only=True) as store:
            entries = store.history(args.campaign)
            skipped = list(store.skipped)
            stats = store.statistics(args.campaign, entries) if args.campaign else None
    except (PalmIslandError, ValueError) as exc:
        return fail(printable(str(exc)), 1)
    width = line_width()
    lines = [full_line(e) for e in entries]
    narrow = width is not None and max(map(len, [heading(), *lines])) >= width
    if not entries and args.campaign:
        name = repr(printable(args.campaign))
        print(_("no finished games in campaign {name} yet").format(name=name))
    elif not entries:
        print(_("no finished games yet"))
    else:
        if narrow and width is not None:
            fixed = narrow_fixed()
            print(narrow_heading()[:fixed] + cut_tail(narrow_heading()[fixed:], width))
        else:
            print(heading())
    for e, line in zip(entries, lines, strict=True):
        print(narrow_line(e, width) if narrow and width is not None else line)
    if stats is not None:
        from ..i18n import rank_title

        average = "-" if stats.average is None else f"{stats.average:.1f}"
        print(
            _("games {games}  best {best}  average {average}").format(
                games=stats.games, best=stats.best or "-", average=average
            )
        )
        ranks = "  ".join(f"{printable(rank_title(rank))} {n}" for rank, n in stats.ranks)
        print(_("ranks  {ranks}").format(ranks=ranks))
        print(
            _("feats  {unlocked}/{total}  {codes}").format(
                unlocked=len(stats.feats_unlocked),
                total=stats.feats_total,
                codes=" ".join(stats.feats_unlocked),
            )
        )
        print(_("scores {sparkline}").format(sparkline=sparkline(stats.scores)))
    for problem in skipped:
        note = _("{problem} (left out; see `palm-island doctor`)").format(
            problem=problem.describe()
        )
        print(printable(f"palm-island: {note}"), file=sys.stderr)
    return 1 if skipped else 0
