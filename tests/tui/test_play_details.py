"""Details of play a player relies on: hints kept with the saved game, no saved game
without a move, the daily deal's one attempt a day, campaign names, screens and
footers at 80 columns, payment choices, peek, the log and the clipboard."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path

import pytest
from textual.app import App
from textual.pilot import Pilot

from palm_island.policies import greedy_policy
from palm_island.solver import Budget
from palm_island.storage.service import Store
from palm_island.tui.screens.ask import AskScreen
from palm_island.tui.screens.end import EndScreen
from palm_island.tui.screens.game import GameScreen
from palm_island.tui.screens.title import TitleScreen
from palm_island.tui.widgets.log import MoveLog
from palm_island.tui.widgets.result import ResultLines

from .helpers import (
    app_in_game,
    footer_text,
    game_screen,
    in_game,
    keys_settled,
    palette_shows,
    play_moves,
    session,
)
from .store_helpers import new_saved_game, opened, store_app

DAY = dt.date(2026, 12, 1)


def kept_notes(app: App[None]) -> list[str]:
    """Every notification the app shows from now on (as test_saved_games keeps them)."""
    notes: list[str] = []
    original = app.notify

    def keep(message: str, **options: object) -> None:
        notes.append(message)
        original(message, **options)  # type: ignore[arg-type]

    app.notify = keep  # type: ignore[method-assign]
    return notes


async def _hint(pilot: object) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    await pilot.press("h")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.slow
async def test_hints_used_are_kept_with_the_saved_game_across_a_resume(tmp_path: Path) -> None:
    app = store_app(tmp_path, hint_budget=Budget(10))
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await new_saved_game(pilot)
        await _hint(pilot)  # a hint before the first move counts too
        await play_moves(pilot, greedy_policy(), 3)
        await _hint(pilot)
        assert session(app).hints_used == 2
    again = store_app(tmp_path, hint_budget=Budget(10))
    async with again.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await pilot.press("o")  # Continue
        await pilot.pause()
        assert isinstance(again.screen, GameScreen)
        assert session(again).hints_used == 2
        await _hint(pilot)
        await play_moves(pilot, greedy_policy(), 200)
        await pilot.pause()
        assert isinstance(again.screen, EndScreen)
        result = again.screen.query_one(ResultLines)
        assert "3 hints used" in str(result.render())
    with Store.open(tmp_path) as store:
        assert [g.hints for g in map(store.game, [e.game_id for e in store.history()])] == [3]


@pytest.mark.slow
async def test_looking_at_a_deal_and_leaving_stores_no_game(tmp_path: Path) -> None:
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await pilot.press("n", "enter")  # setup -> deck preview
        await pilot.press("escape")  # back to the title without a move
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert not app.screen.check_action("entry", ("continue",))
        await pilot.press("ctrl+p", *"Daily deal")  # the palette's daily deal, too
        await palette_shows(pilot, "Daily deal")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.controller.store is not None and app.controller.store.unfinished_count() == 0
        assert "unfinished" not in str(app.screen.query_one("#saved").render())


def test_games_with_no_move_stored_by_an_older_release_are_cleaned_up(tmp_path: Path) -> None:
    """A version-4 file (before game_play) with an empty game in play and a game with
    moves: upgrading removes only the empty one."""
    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        empty = store.new_game("Ana", seed=3)
        played = store.new_game("Ana", seed=4)
        played.play(greedy_policy()(played.state))
    conn = sqlite3.connect(tmp_path / "campaign.db")
    assert conn.execute("SELECT count(*) FROM game WHERE status = 'playing'").fetchone() == (2,)
    conn.execute("DROP TABLE game_play")
    conn.execute("PRAGMA user_version = 4")
    conn.commit()
    conn.close()
    with Store.open(tmp_path) as store:
        rows = store.conn.execute("SELECT id FROM game").fetchall()
        assert rows == [(played.game_id,)]  # the empty one is gone, the other kept
        assert [g.game_id for g in store.saved_games()] == [played.game_id]
        assert empty.game_id not in [g.game_id for g in store.saved_games()]
        assert len(store.game(played.game_id).record.moves) == 1  # type: ignore[arg-type]


async def _finish_daily(pilot: object, app: object) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    await pilot.press("d")
    await pilot.pause()
    await pilot.press("enter")  # deck preview -> game
    await pilot.pause()
    await play_moves(pilot, greedy_policy(), 200)
    await pilot.pause()


@pytest.mark.slow
async def test_the_daily_deal_is_one_official_attempt_a_day(tmp_path: Path) -> None:
    app = store_app(tmp_path, today=DAY, hint_budget=Budget(10))
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await pilot.press("d", "enter", "d")  # the daily deal, one move
        first = session(app)
        await pilot.press("escape")
        await pilot.press("d")  # again: the unfinished daily resumes, no second one
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert session(app).moves == first.moves and session(app).turn == 1
        await _hint(pilot)
        await play_moves(pilot, greedy_policy(), 200)
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        share = app.screen.query_one(ResultLines).share
        assert share is not None and share.endswith(", 1 hint")
        await pilot.press("t")  # title
        await pilot.pause()
        await pilot.press("d")  # finished today: its result, and a practice game offered
        await pilot.pause()
        assert isinstance(app.screen, AskScreen)
        assert share.split(" (par")[0].split(",")[0] in app.screen.question
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and session(app).practice
        assert "practice" in app.screen.query_one(MoveLog).header
        await play_moves(pilot, greedy_policy(), 200)
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        assert app.screen.query_one(ResultLines).share is None  # never the daily result
        assert "Practice game" in str(app.screen.query_one(ResultLines).render())
    with Store.open(tmp_path) as store:
        attempts = store.daily_games(20261201)
        assert [(status, practice) for _, status, practice in attempts] == [
            ("finished", False),
            ("finished", True),
        ]
        entries = store.history()
        assert [e.practice for e in entries] == [False, True]


@pytest.mark.slow
async def test_a_daily_deal_again_from_the_end_screen_is_practice(tmp_path: Path) -> None:
    app = store_app(tmp_path, today=DAY)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await _finish_daily(pilot, app)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("g")  # same deal again
        await pilot.pause()
        assert session(app).practice
        await pilot.press("enter", "d")
        assert isinstance(game_screen(app), GameScreen)
    with Store.open(tmp_path) as store:
        assert [a[2] for a in store.daily_games(20261201)] == [False, True]


@pytest.mark.slow
async def test_campaign_name_dialog_stays_open_on_an_empty_or_taken_name(tmp_path: Path) -> None:
    from textual.widgets import Input, Static

    from palm_island.tui.screens.ask import InputScreen
    from palm_island.tui.screens.campaign import CampaignScreen

    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await pilot.press("m")  # the campaign screen
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        await pilot.press("c", "enter")  # create, empty name
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, InputScreen)
        refused = str(dialog.query_one("#refused", Static).render())
        assert "needs a name" in refused
        await pilot.press(*"d", "backspace")  # typed into the dialog, not "delete"
        await pilot.press(*"MY ISLAND", "enter")  # "My island" exists
        await pilot.pause()
        assert app.screen is dialog
        assert dialog.query_one(Input).value == "MY ISLAND"  # the text is kept
        assert "already exists" in str(dialog.query_one("#refused", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        assert app.controller.store is not None
        assert [c.name for c in app.controller.store.campaigns()] == ["My island"]
        await pilot.press("c", *"Ana", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen) and app.controller.campaign_name == "Ana"


def test_campaign_names_are_unique_whatever_their_case(tmp_path: Path) -> None:
    import pytest

    from palm_island.campaign.service import CampaignError

    with Store.open(tmp_path) as store:
        store.create_campaign("ana")
        for taken in ("Ana", "ANA", "ana"):
            with pytest.raises(CampaignError, match="already exists"):
                store.create_campaign(taken)
        store.create_campaign("Am\u00e9lie")
        with pytest.raises(CampaignError, match="already exists"):
            store.create_campaign("AME\u0301LIE")  # e + combining acute, upper case
        store.create_campaign("Bob")
        with pytest.raises(CampaignError, match="already exists"):
            store.rename_campaign("Bob", "ANA")
        store.rename_campaign("ana", "Ana")  # its own name in another case: fine
        # a pair an older release let in stays, both reachable; no new collision
        store.conn.execute(
            "INSERT INTO campaign (name, created_at, updated_at) VALUES ('bob', 'x', 'x')"
        )
        assert {c.name for c in store.campaigns()} >= {"Bob", "bob"}
        with pytest.raises(CampaignError, match="already exists"):
            store.create_campaign("BOB")


@pytest.mark.slow
async def test_end_screen_at_80x24_scrolls_the_cards_by_keys_from_the_start() -> None:
    from textual.containers import VerticalScroll

    app = app_in_game(7)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_game(pilot)
        await play_moves(pilot, greedy_policy(), 200)
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        cards = app.screen.query_one("#breakdown", VerticalScroll)
        assert cards.max_scroll_y > 0 and cards.scroll_y == 0  # not every row fits
        await pilot.press("pagedown")
        await pilot.pause()
        assert cards.scroll_y > 0
        await pilot.press("home")
        await pilot.pause()
        assert cards.scroll_y == 0
        await pilot.press("down")
        await pilot.pause()
        assert cards.scroll_y == 1
        await pilot.press("end")
        await pilot.pause()
        assert cards.scroll_y == cards.max_scroll_y


@pytest.mark.slow
async def test_quit_from_the_command_palette_asks_as_q_does() -> None:

    app = app_in_game(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await pilot.press("d")  # one move: a game in progress
        await pilot.press("ctrl+p", *"Quit")
        await palette_shows(pilot, "Quit")
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmQuitScreen"
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.is_running


LONG_NAMES = (
    "[link=file:///etc/passwd]y[/link]",
    "A campaign name of forty characters long",
    "漢字の島漢字の島漢字の島漢字の島",
    "Ame\u0301lie et Zoe\u0308",
)


@pytest.mark.slow  # over 0.3 s of CPU: make test, not make check (60 s budget)
async def test_long_names_are_cut_by_cell_width_and_rows_stay_aligned(tmp_path: Path) -> None:
    from rich.cells import cell_len
    from textual.widgets import OptionList, Static

    from palm_island.tui.screens.campaign import CampaignScreen

    with Store.open(tmp_path) as store:
        for name in LONG_NAMES:
            store.create_campaign(name)
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for name in LONG_NAMES:
            app.controller.choose_campaign(name)
            assert isinstance(app.screen, TitleScreen)
            app.screen.refresh_menu()
            await pilot.pause()
            row = str(app.screen.query_one("#campaign-row", Static).render())
            assert "\n" not in row.strip() and row.startswith("Campaign")
            shown = row.removeprefix("Campaign").strip()
            assert shown and cell_len(shown) <= 24  # something shows, on one line
            assert shown == name or shown.endswith("…")
            assert name[:4] in shown  # the name as text, never read as markup
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        options = app.screen.query_one(OptionList)
        rows = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert len(rows) == len(LONG_NAMES)
        # The count keeps its word with a no-break space: any space before it.
        columns = {cell_len(row[: row.replace("\u00a0", " ").index(" game")]) for row in rows}
        assert len(columns) == 1, rows  # the counts line up under each other


@pytest.mark.slow
async def test_after_using_card_2_the_selection_returns_to_card_1() -> None:
    from .helpers import app_in_game, in_game, play_by_keys

    app = app_in_game(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        for _ in range(30):  # until card 2 has an action to use
            on_card_2 = [m for m in session(app).legal_moves() if m.card == 2]
            if on_card_2:
                break
            await pilot.press("d")
        assert on_card_2
        await play_by_keys(pilot, on_card_2[0])
        await pilot.pause()
        assert session(app).moves[-1] == on_card_2[0]
        assert game_screen(app).selected == 1


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
async def test_history_screen_says_feats_in_play_not_a_bare_dash(tmp_path: Path) -> None:
    from textual.widgets import DataTable

    with Store.open(tmp_path) as store:
        store.create_campaign("My island")
        game = store.new_game("My island", seed=7)
        while not game.is_over:
            game.play(greedy_policy()(game.state))
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await pilot.press("y")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        labels = [str(column.label) for column in table.columns.values()]
        assert labels[-1] == "Feats used"
        assert str(table.get_row_at(0)[-1]) == "none"


# Item 11: the small things ------------------------------------------------------------


@pytest.mark.slow
async def test_footer_at_80_columns_keeps_quit_when_redo_applies() -> None:

    app = app_in_game(7)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_game(pilot)
        await pilot.press("d", "d", "u")  # something to redo
        await keys_settled(pilot)
        drawn = footer_text(app)  # the key bar as drawn: a key cut at the edge is not there
        assert "q Quit" in drawn
        assert "? Help" in drawn
        await pilot.press("ctrl+r")  # redo still works
        assert session(app).turn == 2


@pytest.mark.slow  # over 1.3 s: make test, not make check (its 90 s CPU budget)
async def test_the_hint_marker_is_never_cut_at_80_columns() -> None:
    from palm_island.tui.widgets.card import CardWidget

    app = app_in_game(7, hint_budget=Budget(10))
    async with app.run_test(size=(80, 24)) as pilot:
        await in_game(pilot)
        await pilot.press("d")
        await _hint(pilot)
        screen = game_screen(app)
        assert screen.hint is not None
        card = screen.query_one(f"#card-{screen.hint.hint.move.card}", CardWidget)
        width = card.content_size.width
        marked = [line for line in str(card.render()).splitlines() if "<-" in line]
        assert marked and all(len(line) <= width for line in marked)


def _first_choice_out_of_deck_order() -> tuple[int, list[str]] | None:
    """A seed and the keys (from the first turn) to a payment choice where the
    engine's order is not the deck order, found by playing greedy games."""
    from benchmarks.keys import keys_for
    from palm_island.engine import Move
    from palm_island.session import GameSession
    from palm_island.storage.catalog_files import standard_catalog
    from palm_island.tui.options import moves_for
    from palm_island.tui.render import stored_places

    policy = greedy_policy()
    for seed in range(1, 40):
        game = GameSession.from_seed(standard_catalog(), seed)
        keys: list[str] = []
        while not game.state.is_over:
            state = game.state
            places = {c.code: p for p, c in stored_places(state)}
            for card in (1, 2):
                for kind in ("store", "rotate", "flip"):
                    ways = moves_for(state, card, kind)
                    order = [sorted(places[c] for c in m.pay) for m in ways if m.pay]
                    if len(order) == len(ways) > 1 and order != sorted(order):
                        return seed, [*keys, str(card), kind[0]]
            move: Move = policy(state)
            keys += keys_for(state, move)
            game.play(move)
    return None


@pytest.mark.slow
async def test_a_payment_choice_lists_the_stored_cards_in_deck_order_and_plays_them() -> None:
    """The options are in deck order (where the stored cards lie, top first), and what a
    choice shows and what its number plays come from one list: on a choice whose engine
    order is not the deck order (the case that once showed one order and played the
    other), every option's line names the stored cards of the move its number plays,
    and pressing the last number plays exactly the cards that line names."""
    import re

    from textual.widgets import OptionList

    from palm_island.tui.render import stored_places

    found = _first_choice_out_of_deck_order()
    assert found is not None
    seed, keys = found
    app = app_in_game(seed)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await pilot.press(*keys)
        await pilot.pause()
        choice = game_screen(app).choice
        assert choice.is_open and len(choice.moves) > 1
        places = {c.code: p for p, c in stored_places(session(app).state)}
        listed = [sorted(places[c] for c in m.pay) for m in choice.moves]
        assert listed == sorted(listed)
        options = choice.query_one(OptionList)
        shown: list[list[str]] = []
        for index, move in enumerate(choice.moves):
            line = str(options.get_option_at_index(index).prompt)
            assert line.startswith(f"{index + 1}. ")
            codes = sorted(re.findall(r"\b[A-Z]{2}\d?\b", line))  # each in deck order
            assert codes == sorted([*move.pay, *([move.release] if move.release else [])]), line
            shown.append(codes)
        await pilot.press(str(len(choice.moves)))
        await pilot.pause()
        played = session(app).moves[-1]
        assert sorted([*played.pay, *([played.release] if played.release else [])]) == shown[-1]


@pytest.mark.slow  # over 1.3 s: make test, not make check (its 90 s CPU budget)
async def test_a_cost_with_alternatives_names_what_each_lacks() -> None:
    from palm_island.tui.widgets.card import CardWidget

    app = app_in_game(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        await pilot.press("d")  # card 1: Market, "store 1♣W / 1≈F", nothing stored
        text = str(game_screen(app).query_one("#card-1", CardWidget).render())
        assert "store 1♣W / 1≈F" in text and "needs 1♣W or 1≈F" in text
        notes = kept_notes(app)
        await pilot.press("s")
        await pilot.pause()
        assert any("needs 1♣W or 1≈F" in note for note in notes)


@pytest.mark.slow
async def test_card_3_as_the_round_tracker_lists_no_actions() -> None:
    from palm_island.tui.widgets.card import CardWidget

    app = app_in_game(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        while not session(app).state.card_at(3).spec.is_round_tracker:
            await pilot.press("d")
        text = str(game_screen(app).query_one("#card-3", CardWidget).render())
        assert "flip" not in text and "rotate" not in text
        assert "round ends" in text and "look only" in text


def test_peek_names_the_halves_as_they_lie_after_a_flip() -> None:
    from palm_island.engine import CardView, DeckCard, Orientation
    from palm_island.storage.catalog_files import standard_catalog
    from palm_island.tui.glyphs import UNICODE
    from palm_island.tui.render import peek_text

    spec = next(c for c in standard_catalog().cards if not c.is_round_tracker)
    faces = spec.faces
    for lying, upper in (
        (Orientation.FRONT_UP, Orientation.BACK_UP),
        (Orientation.FRONT_DOWN, Orientation.BACK_DOWN),
        (Orientation.BACK_DOWN, Orientation.FRONT_DOWN),
    ):
        side = (lying & 2) ^ 2
        view = CardView(1, DeckCard(spec, lying, False), None, None, (faces[side], faces[side | 1]))
        text = peek_text(view, UNICODE).plain
        heading = next(line for line in text.splitlines() if "upper half" in line)
        side_name = "back" if upper in (Orientation.BACK_UP, Orientation.BACK_DOWN) else "front"
        arrow = "↑" if upper in (Orientation.FRONT_UP, Orientation.BACK_UP) else "↓"
        assert heading.endswith(f"({side_name} {arrow})"), (lying, heading)


@pytest.mark.slow  # over 1.5 s: make test, not make check (its 90 s CPU budget)
async def test_log_lines_wrap_again_when_the_terminal_widens() -> None:

    app = app_in_game(7)
    async with app.run_test(size=(80, 24)) as pilot:
        await in_game(pilot)
        await pilot.press("d")
        log = game_screen(app).query_one(MoveLog)
        assert len(log.lines) > len(log.entries)  # the header wraps at 80 columns
        await pilot.resize_terminal(140, 32)
        await pilot.pause()
        await pilot.pause()
        assert len(log.lines) == len(log.entries)


@pytest.mark.slow  # over 0.3 s of CPU: make test, not make check (60 s budget)
async def test_statistics_has_a_title_and_help_speaks_plainly(tmp_path: Path) -> None:
    from palm_island.tui.glyphs import UNICODE
    from palm_island.tui.screens.help import help_text

    assert "quick game" not in help_text(UNICODE)
    app = store_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await pilot.press("z")
        await pilot.pause()
        assert str(app.screen.query_one("#stats").render()).startswith("Statistics\n")


@pytest.mark.slow  # over 0.3 s of CPU: make test, not make check (60 s budget)
async def test_nothing_stored_yet_only_before_the_first_turn() -> None:
    from palm_island.tui.widgets.stored import StoredPanel

    app = app_in_game(7)
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        panel = game_screen(app).query_one(StoredPanel)
        assert "nothing stored yet" in str(panel.render())
        await pilot.press("d")
        assert "yet" not in str(panel.render()) and "nothing stored" in str(panel.render())


def test_copied_is_said_only_where_a_copy_reaches_a_clipboard() -> None:
    from palm_island.tui.clipboard import clipboard_reachable

    assert clipboard_reachable({"TERM": "xterm-256color"})
    assert not clipboard_reachable({"TERM": "linux"})
    assert not clipboard_reachable({"TERM": "xterm", "TERM_PROGRAM": "Apple_Terminal"})
    tmux = {"TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"}
    assert not clipboard_reachable(tmux, lambda: "external")
    assert clipboard_reachable(tmux, lambda: "on")


@pytest.mark.slow
async def test_the_end_screen_does_not_claim_a_copy_it_cannot_make(
    monkeypatch: object,
) -> None:
    import pytest

    from .helpers import app_for

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    monkeypatch.setenv("TERM", "linux")
    app = app_for(7, today=DAY)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("d", "enter")
        await play_moves(pilot, greedy_policy(), 200)
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        notes = kept_notes(app)
        await pilot.press("c")
        await pilot.pause()
        assert notes and not any(note.startswith("Copied") for note in notes)
        assert any("select the share line" in note for note in notes)


@pytest.mark.slow
async def test_a_resumed_games_log_shows_the_latest_turn_at_once(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("My island")
        game = store.new_game("My island", seed=7)
        for _ in range(40):
            game.play(greedy_policy()(game.state))
    # the par search of the deal runs in the background, as in a real game
    app = store_app(tmp_path, compute_par=True, par_budget=Budget(300))
    async with app.run_test(size=(100, 32)) as pilot:
        await opened(pilot)
        await pilot.press("o")
        log = game_screen(app).query_one(MoveLog)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        app.workers.cancel_all()


async def _quit_fits(pilot: Pilot[None]) -> bool:
    await keys_settled(pilot)
    return "q Quit" in footer_text(pilot.app)  # as drawn in 80 columns: cut keys are not there


@pytest.mark.slow
async def test_every_screen_keeps_q_quit_in_its_80_column_footer(tmp_path: Path) -> None:
    from .helpers import app_for, open_game

    quick = app_for(7, today=DAY)
    async with quick.run_test(size=(80, 24)) as pilot:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 200)
        await pilot.pause()
        assert isinstance(quick.screen, EndScreen) and quick.screen.session.can_undo
        assert await _quit_fits(pilot), "end screen of a quick game (with undo)"
        await pilot.press("t", "d", "enter")  # the daily deal: the copy key too
        await play_moves(pilot, greedy_policy(), 200)
        await pilot.pause()
        assert isinstance(quick.screen, EndScreen)
        assert await _quit_fits(pilot), "end screen of a daily deal"
    app = store_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert await _quit_fits(pilot), "title"
        for key in ("m", "y", "z", "f", "s"):
            await pilot.press(key)
            await pilot.pause()
            assert await _quit_fits(pilot), type(app.screen).__name__
            await pilot.press("escape")
            await pilot.pause()


def test_a_game_whose_moves_are_all_taken_back_is_not_offered(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.create_campaign("Ana")
        game = store.new_game("Ana", seed=3, deferred=True)
        assert game.game_id is None and store.unfinished_count() == 0  # dealt: not stored
        game.play(greedy_policy()(game.state))
        assert store.unfinished_count() == 1 and store.campaigns()[0].has_unfinished
        game.undo()
        assert store.unfinished_count() == 0 and store.unfinished_game("Ana") is None
        assert not store.campaigns()[0].has_unfinished


@pytest.mark.slow
async def test_without_a_campaign_file_the_daily_deal_is_one_attempt_in_the_run() -> None:
    from .helpers import app_for

    app = app_for(7, today=DAY)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("d", "enter", "d", "escape")  # one move, back to the title
        await pilot.press("d")  # the kept daily goes on
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and session(app).turn == 1
        await play_moves(pilot, greedy_policy(), 200)
        await pilot.pause()
        await pilot.press("t", "d")
        await pilot.pause()
        assert isinstance(app.screen, AskScreen) and "daily 2026-12-01" in app.screen.question
        await pilot.press("y", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and session(app).practice
