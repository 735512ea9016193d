"""``palm-island verify FILE`` / ``--campaign NAME``: re-simulate records headless.

A file is loaded (size cap, schema, version), replayed and its result checked.
A campaign has the proof game of every unlocked feat re-simulated; if one fails
the campaign is labelled "modified" (it still loads and plays).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from .. import arguments
from ..i18n import _
from . import fail, unreadable

if TYPE_CHECKING:
    from ..engine import GameState, ScoreBreakdown


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "verify",
        help=_("check a record file or a campaign's feats"),
        description=_(
            "Replay a record file and check its result, or replay the proof game of "
            "every feat a campaign unlocked."
        ),
    )
    target = parser.add_mutually_exclusive_group(required=True)
    target.add_argument(
        "file",
        type=arguments.record_file,
        nargs="?",
        metavar=_("FILE"),
        help=_("a game record (JSON)"),
    )
    target.add_argument(
        "--campaign", metavar=_("NAME"), help=_("re-simulate every feat's proof game")
    )
    parser.set_defaults(run=run)


def outcome(final: GameState, breakdown: ScoreBreakdown) -> str:
    """``finished: score 31 (Exceptional) after 58 turns``, in the active language."""
    from ..i18n import ngettext, rank_title

    values = {"score": breakdown.total, "rank": rank_title(breakdown.rank), "turns": final.turn}
    if final.is_over:
        return ngettext(
            "finished: score {score} ({rank}) after {turns} turn",
            "finished: score {score} ({rank}) after {turns} turns",
            final.turn,
        ).format(**values)
    return ngettext(
        "not finished: score {score} ({rank}) after {turns} turn",
        "not finished: score {score} ({rank}) after {turns} turns",
        final.turn,
    ).format(**values)


def run(args: argparse.Namespace) -> int:
    from ..engine import score
    from ..i18n import difficulty_name

    if args.campaign is not None:
        return _campaign(args)
    from ..storage.catalog_files import standard_feats
    from ..storage.errors import LoadError
    from ..storage.loading import import_record_file
    from ..text import printable

    try:
        record, final = import_record_file(args.file, standard_feats().catalog)
    except LoadError as exc:
        return unreadable(args.file, exc)
    from ..i18n import ngettext, rank_title

    breakdown, setup = score(final), record.setup
    if final.is_over:
        line = ngettext(
            "{file}: ok — finished, score {score} ({rank}) after {turns} turn; {difficulty}, "
            "{feats}",
            "{file}: ok — finished, score {score} ({rank}) after {turns} turns; {difficulty}, "
            "{feats}",
            final.turn,
        )
    else:
        line = ngettext(
            "{file}: ok — not finished, score {score} ({rank}) after {turns} turn; "
            "{difficulty}, {feats}",
            "{file}: ok — not finished, score {score} ({rank}) after {turns} turns; "
            "{difficulty}, {feats}",
            final.turn,
        )
    print(
        line.format(
            file=printable(str(args.file)),
            score=breakdown.total,
            rank=rank_title(breakdown.rank),
            turns=final.turn,
            difficulty=difficulty_name(setup.difficulty),
            feats=", ".join(setup.feats) or _("no feats"),
        )
    )
    return 0


def _campaign(args: argparse.Namespace) -> int:
    from ..engine import PalmIslandError
    from ..i18n import ngettext
    from ..storage.service import Store
    from ..text import printable

    try:
        with Store.open(args.data_dir) as store:
            checks = store.verify_campaign(args.campaign)
    except (PalmIslandError, ValueError) as exc:
        return fail(printable(str(exc)), 1)
    name = repr(printable(args.campaign))
    for check in checks:
        if check.ok:
            line = _("{feat} (proof: game {game}): ok")
        else:
            line = _("{feat} (proof: game {game}): FAILED: {reason}")
        print(line.format(feat=check.feat, game=check.game_id, reason=check.reason))
    if any(not check.ok for check in checks):
        print(_("campaign {name} is labelled modified").format(name=name))
        return 1
    print(
        ngettext(
            "campaign {name}: {count} feat verified",
            "campaign {name}: {count} feats verified",
            len(checks),
        ).format(name=name, count=len(checks))
    )
    return 0
