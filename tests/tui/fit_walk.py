"""The translated screens, opened in a language: what the Spanish snapshots
(``test_snapshots_es.py``) and the fit test (``test_fits_translated.py``) look at.

:func:`seen` gives a screen's rows (what the player reads), its SVG screenshot
and its labels (buttons, titles, the key bar's entries), each of which must show
whole; :func:`fit_problems` says what does not. One scene a test, so the scenes
spread over the run's workers.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from palm_island.i18n import _, key_label

Before = Callable[[Any], Awaitable[None]]


@dataclass(frozen=True)
class Scene:
    """A screen as a player reaches it: the app (on a data folder) and the keys."""

    app: Callable[[Path], Any]
    before: Before


async def _game(pilot: Any) -> None:
    from .helpers import in_game

    await in_game(pilot)


def _greedy(turns: int, *keys: str) -> Before:
    async def before(pilot: Any) -> None:
        from palm_island.policies import greedy_policy

        from .helpers import in_game, play_moves

        await in_game(pilot)
        await play_moves(pilot, greedy_policy(), turns)
        await pilot.press(*keys)
        await pilot.pause()

    return before


def _pressed(*keys: str, until: str) -> Before:
    """The game, then ``keys``, then waits for a screen of class ``until``."""

    async def before(pilot: Any) -> None:
        from .helpers import in_game, wait_until

        await in_game(pilot)
        await pilot.press(*keys)
        await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == until, until)
        await pilot.pause()

    return before


async def _hint(pilot: Any) -> None:
    from .helpers import in_game, wait_until

    await in_game(pilot)
    await pilot.press("h")
    hint = pilot.app.screen.query_one("#hint")
    await wait_until(pilot, lambda: "★" in str(hint.render()), "the hint")
    await pilot.pause()


async def _end(pilot: Any) -> None:
    from palm_island.policies import greedy_policy

    from .helpers import in_game, par_shown, play_moves, wait_until

    await in_game(pilot)
    await play_moves(pilot, greedy_policy(), 200)  # stops at the end (seed 2, 124 turns)
    await pilot.app.workers.wait_for_complete()
    await wait_until(pilot, par_shown(pilot.app), "the end screen's par")


def _pushed(dialog: Callable[[Any], Any]) -> Before:
    """The game, then a dialog the campaign and history screens open (their callers'
    words are theirs; the dialog's own are under test)."""

    async def before(pilot: Any) -> None:
        from .helpers import in_game

        await in_game(pilot)
        await pilot.app.push_screen(dialog(pilot.app))
        await pilot.pause()

    return before


def _ask(app: Any) -> Any:
    from palm_island.tui.screens.ask import AskScreen

    return AskScreen(_("The game in progress will be lost."), _("Abandon"))


def _input(app: Any) -> Any:
    from palm_island.tui.screens.ask import InputScreen

    return InputScreen(_("Quit Palm Island?"))


def _damaged(app: Any) -> Any:
    from palm_island.storage.errors import LoadError
    from palm_island.tui.screens.damaged import DamagedScreen

    return DamagedScreen(app.controller, LoadError("db_damaged", "campaign.db", "bad page"))


def _campaign(*keys: str) -> Before:
    async def before(pilot: Any) -> None:
        from .store_helpers import opened

        await opened(pilot)
        title = pilot.app.screen
        await pilot.press(*keys)
        from .helpers import wait_until

        await wait_until(pilot, lambda: pilot.app.screen is not title, "the screen")
        await pilot.pause()

    return before


async def _campaign_game(pilot: Any) -> None:
    """A new game of a campaign: the log's border tells the open goals' progress."""
    from .store_helpers import new_saved_game, opened

    await opened(pilot)
    await new_saved_game(pilot)
    await pilot.press("d")
    await pilot.pause()


def _in_game(seed: int, **options: object) -> Callable[[Path], Any]:
    def make(data: Path) -> Any:
        from .helpers import app_in_game

        return app_in_game(seed, **options)

    return make


def _stored(data: Path) -> Any:
    from .store_helpers import store_app

    return store_app(data, seed=2)


def _prepared(finished: int = 2, *, in_play: bool = True) -> Callable[[Path], Any]:
    """A campaign of ``finished`` games (and one in play), as the store snapshots'."""

    def make(data: Path) -> Any:
        import sqlite3

        from .store_helpers import store_app
        from .test_snapshots_store import prepared

        prepared(data, finished=finished, in_play=in_play)
        conn = sqlite3.connect(data / "campaign.db")
        with conn:  # the game in play's times too: the saved games list shows them
            conn.execute(
                "UPDATE game SET started_at = '2026-05-03T09:00:00.000+00:00', "
                "played_at = '2026-05-03T09:30:00.000+00:00' WHERE finished_at IS NULL"
            )
        conn.close()
        return store_app(data)

    return make


def _titled(seed: int, **options: object) -> Callable[[Path], Any]:
    def make(data: Path) -> Any:
        from .helpers import app_for

        return app_for(seed, **options)

    return make


async def _title(pilot: Any) -> None:
    from .helpers import wait_until

    await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "TitleScreen", "title")
    await pilot.pause()


def _from_title(*keys: str, until: str) -> Before:
    """The title, then ``keys``, then waits for a screen of class ``until``."""

    async def before(pilot: Any) -> None:
        from .helpers import wait_until
        from .store_helpers import opened

        await opened(pilot)
        await pilot.press(*keys)
        await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == until, until)
        await pilot.pause()

    return before


async def _analysis(pilot: Any) -> None:
    from palm_island.policies import greedy_policy

    from .helpers import open_game, play_moves, wait_until

    await open_game(pilot)
    await play_moves(pilot, greedy_policy(), 200)  # seed 2: 124 turns to the end
    await pilot.press("a")
    await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "AnalysisScreen", "it")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def _tutorial(step: int, *keys: str) -> Before:
    async def before(pilot: Any) -> None:
        from .test_tutorial import play_to_step

        await play_to_step(pilot, step)
        await pilot.press(*keys)
        await pilot.pause()

    return before


SCENES: dict[str, Scene] = {
    "title": Scene(_prepared(), _title),
    "deck-preview": Scene(_titled(7), _from_title("enter", until="PreviewScreen")),
    "new-game-setup": Scene(_prepared(0, in_play=False), _from_title("n", until="SetupScreen")),
    "campaigns": Scene(_prepared(), _from_title("m", until="CampaignScreen")),
    "history": Scene(_prepared(), _from_title("y", until="HistoryScreen")),
    "saved-games": Scene(_prepared(), _from_title("s", until="SavedGamesScreen")),
    "replay": Scene(
        _prepared(1, in_play=False),
        _from_title("y", "enter", "2", "right", "right", "right", until="ReplayScreen"),
    ),
    "tutorial-reading-a-card": Scene(_titled(7), _tutorial(1)),
    "tutorial-release-choice": Scene(_titled(7), _tutorial(7, "s")),
    "analysis": Scene(_titled(2, compute_par=True), _analysis),
    "game": Scene(_in_game(7), _game),
    "stored-cards": Scene(_in_game(2), _greedy(8)),  # three cards stored
    "payment-choice": Scene(_in_game(2), _greedy(8, "1", "r")),  # two ways to pay
    "hint": Scene(_in_game(7), _hint),
    "campaign-game": Scene(_stored, _campaign_game),
    "end": Scene(_in_game(2, compute_par=True), _end),
    "help": Scene(_in_game(7), _pressed("question_mark", until="HelpScreen")),
    "quit": Scene(_in_game(7), _pressed("d", "q", until="ConfirmQuitScreen")),  # a move made
    "yes-no": Scene(_in_game(7), _pushed(_ask)),
    "text": Scene(_in_game(7), _pushed(_input)),
    "damaged": Scene(_in_game(7), _pushed(_damaged)),
    "peek": Scene(_in_game(7), _pressed("2", "p", until="PeekScreen")),
    "statistics": Scene(_stored, _campaign("z")),
    "feats": Scene(_stored, _campaign("f")),
}
"""Every screen translated so far, by name (the snapshots' and the fit test's ids)."""


def labels(app: Any) -> list[str]:
    """What must show whole on the screen: every button's label, every border title
    not covered by another widget, each entry of the key bar that is drawn (the
    footer, or the compact layout's touch keys)."""
    from textual.content import Content
    from textual.widgets import Button

    from palm_island.tui.widgets.footer import KeyBar
    from palm_island.tui.widgets.touch_keys import TouchKeys

    screen = app.screen
    found: list[str] = []
    for widget in screen.query("*"):
        if not widget.display or not widget.region.area:
            continue
        if isinstance(widget, Button):
            found.append(str(widget.label))
        region, styles = widget.region, widget.styles
        titles = (
            (widget.border_title, styles.border_top[0], region.y),
            (widget.border_subtitle, styles.border_bottom[0], region.bottom - 1),
        )
        for title, edge, y in titles:  # on a border that is drawn, in sight
            drawn = edge not in ("", "none", "hidden")
            if title and drawn and screen.get_widget_at(region.x + 1, y)[0] is widget:
                found.append(Content.from_markup(str(title)).plain)  # a title may be markup
    for touch in screen.query(TouchKeys):
        if touch.display and touch.region.area:
            found.extend(key_label(binding.description) for _k, binding, _n, _e in touch.entries())
    for bar in screen.query(KeyBar):
        if bar.display and bar.region.area:  # the keys it composed, each to be drawn whole
            found.extend(str(getattr(key, "description", "")) for key in bar.children)
    return [label for label in found if label]


def card_names(app: Any) -> list[str]:
    """The end screen's card table's names (``TH Casa de comercio``): each one's row,
    when scrolled into view, holds it whole (never wrapped onto a second row)."""
    from palm_island.i18n import card_spec_name
    from palm_island.tui.screens.end import EndScreen

    screen = app.screen
    if not isinstance(screen, EndScreen):
        return []
    tracker = screen.session.state.catalog.cards[-1].code
    return [
        f"{card.code} {card_spec_name(card.code, card.name)}"
        for card in screen.breakdown.cards
        if card.code != tracker
    ]


async def seen(name: str, width: int, height: int) -> dict[str, Any]:
    """Scene ``name`` at ``width``×``height`` in the language being spoken: its rows,
    labels, card names and SVG screenshot."""
    from .helpers import keys_settled, screen_rows

    scene = SCENES[name]
    with tempfile.TemporaryDirectory() as data:
        app = scene.app(Path(data))
        async with app.run_test(size=(width, height)) as pilot:
            await scene.before(pilot)
            await keys_settled(pilot)
            await pilot.pause()
            return {
                "rows": screen_rows(app),
                "labels": labels(app),
                "card names": card_names(app),
                "svg": app.export_screenshot(),
            }


CUT = re.compile(r"\S…")
"""A word cut short: Textual ends a line or title that does not fit with ``…``."""


def missing(labels: list[str], rows: list[str]) -> list[str]:
    return [label for label in labels if not any(label in row for row in rows)]


def wrapped(names: list[str], rows: list[str]) -> list[str]:
    """The names whose card code starts a row that does not hold the whole name."""
    return [
        name
        for name in names
        for row in rows
        if re.search(rf"(^|\s){re.escape(name.split()[0])} ", row) and name not in row
    ]


def cut(rows: list[str]) -> list[str]:
    return [row for row in rows if CUT.search(row)]


def fit_problems(scene: dict[str, Any], *, cut_text: bool) -> list[str]:
    """What does not fit on a scene as :func:`seen` gives it: labels not shown whole,
    card names wrapped, and (with ``cut_text``) rows cut with Textual's ellipsis."""
    assert scene["labels"], "a scene with no label to check"
    rows = scene["rows"]
    lost = missing(scene["labels"], rows) + wrapped(scene["card names"], rows)
    return lost + (cut(rows) if cut_text else [])
