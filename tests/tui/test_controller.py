"""The rules between games, on the controller alone (no app, no Pilot): the daily deal
is one official attempt a day, Continue picks up the game left, and a saved game
another window holds is never opened here for play."""

from __future__ import annotations

import datetime as dt
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from palm_island.engine import GameState
from palm_island.policies import random_policy
from palm_island.session import GameSession
from palm_island.solver import daily_seed, par_words, upper_bound
from palm_island.storage.service import Store
from palm_island.stored_session import StoredSession
from palm_island.tui.config import AppConfig
from palm_island.tui.controller import (
    AskHeld,
    AskPractice,
    Controller,
    Outcome,
    ParSource,
    Play,
    Playing,
    Severity,
    ToTitle,
    Watch,
)
from storage_helpers import hold_for

TODAY = dt.date(2026, 12, 3)


class Told(list[str]):
    """What the controller said to the player."""

    def __call__(self, text: str, severity: Severity, timeout: float) -> None:
        self.append(text)


def controller(
    folder: Path | None = None,
    told: Told | None = None,
    par: int | None = None,
    *,
    open_file: bool = True,
) -> Controller[ParSource]:
    """The controller as the app makes it, its campaign file in ``folder`` opened as
    the app opens it after the first frame (unless ``open_file`` is off); with
    ``par``, a par book that knows every deal's par is ``par`` (no search, no app)."""
    config = AppConfig(
        seed=7,
        today=TODAY,
        compute_par=par is not None,
        use_store=folder is not None,
        data_dir=folder,
    )
    make_pars = None if par is None else lambda: KnownPars(par)
    control: Controller[ParSource] = Controller(
        config, None, told if told is not None else Told(), make_pars
    )
    if folder is not None and open_file:
        assert control.open_store() is None
    return control


class KnownPars:
    """A par source that knows one par for every deal (the search is not under test)."""

    def __init__(self, par: int) -> None:  # no app, no background search
        self.par = par

    def request(self, start: GameState, seed: int | None = None) -> None:
        pass

    def get(self, start: GameState) -> int | None:
        return self.par

    def bound(self, start: GameState) -> int | None:
        return None  # not worked out yet: the controller works it out

    def flush(self) -> None:
        pass


def played(outcome: Outcome) -> GameSession:
    assert isinstance(outcome, Play), outcome
    return outcome.session


def finish(session: GameSession) -> None:
    policy = random_policy(3)
    while not session.state.is_over:
        session.play(policy(session.state))


@pytest.fixture
def other_window() -> Iterator[int]:
    """A live process to stand for another window holding a game."""
    other = subprocess.Popen(["sleep", "120"])
    try:
        yield other.pid
    finally:
        other.kill()
        other.wait()


# The daily deal: one official attempt a day -------------------------------------------


def test_quick_daily_is_dealt_once_then_offered_as_practice() -> None:
    control = controller()
    first = played(control.daily("red"))
    assert first.seed == daily_seed(TODAY) and not first.practice
    control.begin(Playing(first))
    finish(first)
    control.game_finished()
    asked = control.daily("blue")
    assert isinstance(asked, AskPractice)
    assert asked.seed == daily_seed(TODAY) and "today's daily deal" in asked.result
    practice = played(control.practice(asked.seed, asked.colour))
    assert practice.practice and practice.seed == daily_seed(TODAY)
    control.begin(Playing(practice))
    finish(practice)
    control.game_finished()  # a practice game never replaces the attempt
    assert control.daily_done(daily_seed(TODAY)) is first


@pytest.mark.parametrize("saved", [False, True], ids=["quick", "saved"])
def test_the_daily_result_words_par_as_the_end_screen_does(tmp_path: Path, saved: bool) -> None:
    """The title's "you played today's daily deal" line says par with what the deal's
    bound says of it, in the end screen's words (par_words), in both kinds of game."""
    control = controller(tmp_path if saved else None, par=40)
    first = played(control.daily("red"))
    control.begin(Playing(first))
    first.play(first.legal_moves()[0])
    control.leave_game()
    first = played(control.daily("red"))  # a saved game is played from its reopened copy
    control.begin(Playing(first))
    finish(first)
    control.game_finished()
    control.end()
    asked = control.daily("red")
    assert isinstance(asked, AskPractice)
    words = par_words(40, upper_bound(first.start))
    assert words in asked.result and "best possible" in words, asked.result
    control.close()


def test_quick_daily_left_unfinished_resumes_the_same_attempt() -> None:
    control = controller()
    first = played(control.daily("red"))
    control.begin(Playing(first))
    first.play(first.legal_moves()[0])
    control.leave_game()
    again = control.daily("red")
    assert isinstance(again, Play) and again.session is first and not again.preview


@pytest.mark.slow  # plays a whole saved game (a transaction a move)
def test_saved_daily_resumes_an_unfinished_attempt_then_shows_the_result(
    tmp_path: Path,
) -> None:
    told = Told()
    control = controller(tmp_path, told)
    first = played(control.daily("red"))
    assert isinstance(first, StoredSession)
    control.begin(Playing(first))
    first.play(first.legal_moves()[0])  # stored (official) with its first move
    control.leave_game()
    again = played(control.daily("red"))
    assert isinstance(again, StoredSession) and again.game_id == first.game_id
    assert again.moves == first.moves and any("where you left it" in t for t in told)
    control.begin(Playing(again))
    finish(again)
    control.game_finished()
    control.end()
    asked = control.daily("red")
    assert isinstance(asked, AskPractice) and "today's daily deal" in asked.result
    practice = played(control.practice(asked.seed, asked.colour))
    assert practice.practice
    control.close()


def test_saved_daily_given_up_counts_as_the_days_attempt(tmp_path: Path) -> None:
    control = controller(tmp_path)
    first = played(control.daily("red"))
    assert isinstance(first, StoredSession)
    control.begin(Playing(first))
    first.play(first.legal_moves()[0])
    control.end()
    store = control.store
    assert store is not None and first.game_id is not None
    store.abandon_game(first.game_id)
    asked = control.daily("red")
    assert isinstance(asked, AskPractice) and "gave up" in asked.result
    control.close()


# Continue --------------------------------------------------------------------------


def test_continue_offers_a_quick_game_left_and_not_a_finished_one() -> None:
    control = controller()
    assert not control.can_continue() and control.continue_game() is None
    session = played(control.new_game(11, "blue", None))
    control.begin(Playing(session))
    session.play(session.legal_moves()[0])
    control.leave_game()
    assert control.can_continue() and control.game_in_play() is session
    resumed = control.continue_game()
    assert isinstance(resumed, Play) and resumed.session is session and not resumed.preview
    control.begin(Playing(session))
    finish(session)
    control.game_finished()
    control.leave_game()
    assert control.kept is None and not control.can_continue()


def test_a_new_game_replaces_the_kept_one() -> None:
    control = controller()
    kept = played(control.new_game(11, "blue", None))
    control.begin(Playing(kept))
    kept.play(kept.legal_moves()[0])
    control.leave_game()
    control.begin(Playing(played(control.new_game(12, "red", None))))
    assert control.kept is None


def test_continue_opens_the_most_recent_saved_game_in_a_new_window(tmp_path: Path) -> None:
    first = controller(tmp_path)
    session = played(first.new_game(11, "blue", ("easy", ())))
    assert isinstance(session, StoredSession)
    first.begin(Playing(session))
    session.play(session.legal_moves()[0])
    first.leave_game()
    assert first.kept is None  # a saved game needs no keeping: it is saved
    first.close()
    window = controller(tmp_path, open_file=False)
    assert not window.can_continue()  # asking never opens the file (the first frame waits)
    assert window.store is None and window.store_pending  # nor does reading it
    assert window.open_store() is None
    assert window.store is not None and window.can_continue()
    resumed = played(window.continue_game())
    assert isinstance(resumed, StoredSession)
    assert resumed.game_id == session.game_id
    assert list(resumed.moves) == list(session.moves)
    window.close()


def test_continue_with_no_saved_game_says_so(tmp_path: Path) -> None:
    told = Told()
    control = controller(tmp_path, told)
    assert control.store is not None and not control.can_continue()
    assert isinstance(control.continue_game(), ToTitle)
    assert told == ["No game to continue."]
    control.close()


# One window per saved game -----------------------------------------------------------


def saved_game(folder: Path) -> int:
    with Store.open(folder) as store:
        store.create_campaign("My island")
        game = store.new_game("My island", seed=5)
        game.play(random_policy(5)(game.state))
        return game.saved_id


def test_a_game_another_window_holds_is_not_opened_for_play(
    tmp_path: Path, other_window: int
) -> None:
    game_id = saved_game(tmp_path)
    hold_for(tmp_path, game_id, other_window)
    told = Told()
    control = controller(tmp_path, told)
    asked = control.open_saved(game_id)
    assert isinstance(asked, AskHeld) and asked.game_id == game_id
    assert control.session is None
    assert control.open_saved(game_id, ask=False) is None  # take over: still held
    assert any("Still open in the other window" in t for t in told)
    watched = control.watch(asked.stored)
    assert isinstance(watched, Watch) and not isinstance(watched.session, StoredSession)
    assert list(watched.session.moves) == list(asked.stored.moves)
    control.close()


def test_a_game_is_opened_once_its_window_released_it(tmp_path: Path) -> None:
    game_id = saved_game(tmp_path)
    first, second = controller(tmp_path), controller(tmp_path)
    session = played(first.open_saved(game_id))
    first.begin(Playing(session))  # held by this process: another process would be asked
    first.end()  # released
    reopened = played(second.open_saved(game_id))
    assert isinstance(reopened, StoredSession) and reopened.game_id == game_id
    first.close()
    second.close()


def test_the_heartbeat_sees_a_take_over(tmp_path: Path, other_window: int) -> None:
    game_id = saved_game(tmp_path)
    told = Told()
    control = controller(tmp_path, told)
    session = played(control.open_saved(game_id))
    control.begin(Playing(session))
    assert control.heartbeat() is None  # still ours
    hold_for(tmp_path, game_id, other_window)  # the other window took it over
    asked = control.heartbeat()
    assert isinstance(asked, AskHeld) and "Another window took this game over." in told
    control.close()


def test_a_game_missing_from_the_file_is_a_notice_and_the_title(tmp_path: Path) -> None:
    told = Told()
    control = controller(tmp_path, told)
    assert isinstance(control.open_saved(999), ToTitle)
    assert told and "Cannot open game 999" in told[0]
    control.close()


def test_every_intent_is_one_the_app_routes() -> None:
    """The app routes the :data:`Intent` union with ``match`` and ``assert_never``
    (mypy proves each case is there); an intent class left out of the union would
    be refused by mypy at every ``request`` that sends it."""
    import dataclasses
    import typing

    from palm_island.tui import intents

    kinds = {
        kind
        for kind in vars(intents).values()
        if isinstance(kind, type)
        and dataclasses.is_dataclass(kind)
        and kind.__module__ == intents.__name__
    }
    assert len(kinds) >= 20
    assert kinds == set(typing.get_args(intents.Intent))
