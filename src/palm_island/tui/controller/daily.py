"""The daily deal: the same for everyone on a date, one official attempt a day; an
unfinished attempt resumes, a finished (or abandoned) one offers a practice game,
marked and never counted."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from ...i18n import _
from .file import store_errors
from .outcomes import AskPractice, Outcome, Play

if TYPE_CHECKING:
    from ...session import DeckColour
    from .core import Controller


def todays_deal(control: Controller[Any], colour: DeckColour) -> Outcome:
    """Today's deal: none played yet deals it; an unfinished one resumes; a finished
    one shows its result and offers a practice game."""
    from ...solver import daily_seed

    day = control.today()
    seed = daily_seed(day)
    if control.saves_games():
        return _saved(control, day, seed, colour)
    kept = control.kept  # quick games: the attempts of this run, in memory
    if kept is not None and kept.seed == seed and not kept.practice:
        return control.continue_kept()
    done = control.daily_done(seed)
    if done is None:
        return Play(control.new_session(seed, colour))
    from ...engine import score

    final = score(done.state)
    line = control.share_line(day, done.start, final.total, final.rank, done.hints_used)
    return AskPractice(_("You played today's daily deal:\n{line}").format(line=line), seed, colour)


def _saved(control: Controller[Any], day: dt.date, seed: int, colour: DeckColour) -> Outcome:
    """The daily deal in the campaign file: its attempts are stored, in any campaign."""
    store = control.store
    assert store is not None
    try:
        official = [a for a in store.daily_games(seed) if not a[2]]
    except store_errors() as exc:
        control.tell(_("Cannot read the daily deal: {reason}").format(reason=exc), "error", 8)
        return None
    if not official:
        # Stored with its first move, if no other window stored today's attempt first
        # (then that move is refused and the game screen opens that one instead).
        # An unfinished game is kept, never hidden: the note says where.
        note = control.kept_note()
        return Play(control.new_session(seed, colour, official=True), note=note)
    done = [a for a in official if a[1] != "playing"]
    if not done:
        game_id = official[0][0]
        try:
            campaign: str | None = store.game(game_id).record.setup.campaign
        except store_errors():
            campaign = None
        control.tell(
            _("Today's daily deal goes on where you left it ({date}).").format(
                date=day.isoformat()
            ),
            "information",
            5,
        )
        return control.open_saved(game_id, campaign)
    return AskPractice(_result(control, day, done[0][0]), seed, colour)


def _result(control: Controller[Any], day: dt.date, game_id: int) -> str:
    """What today's official attempt came to: its share line (with the par if known)."""
    store = control.store
    assert store is not None
    try:
        stored = store.game(game_id)
        result = stored.record.result
        if result is None:
            return _("You gave up today's daily deal ({date}).").format(date=day.isoformat())
        start = store.replay_data(game_id).states[0]
    except store_errors() as exc:
        return _("You played today's daily deal ({date}); its result: {reason}").format(
            date=day.isoformat(), reason=exc
        )
    line = control.share_line(day, start, result.score, result.rank, stored.hints)
    return _("You played today's daily deal:\n{line}").format(line=line)
