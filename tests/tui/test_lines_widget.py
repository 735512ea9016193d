"""The table's line widgets draw what a Static would, and repaint only changed rows."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.color import Color
from textual.geometry import Region
from textual.pilot import Pilot
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from palm_island.policies import greedy_policy
from palm_island.tui.widgets.keybar import KeyBar, KeyItem, fitting
from palm_island.tui.widgets.lines import LinesWidget
from palm_island.tui.widgets.log import MoveLog

from .helpers import app_for, game_screen, open_game, play_moves, record_refreshes, session

NOWRAP = "{ height: 4; width: 30; text-wrap: nowrap; text-overflow: ellipsis; }"


def sample_lines() -> list[Text]:
    first = Text()
    first.append("Logger LG1", style="bold")
    first.append(" holds 1 wood")
    second = Text("  needs 1 stone", style="dim italic")
    long = Text()
    long.append("[1 r] ", style="bold")
    long.append("rotate with a cost too long for the card", style="dim strike")
    return [first, second, long]


def looks(strips: list[Strip]) -> list[list[tuple[str, str]]]:
    """What the player sees of each strip: text and style of each segment (Textual's
    per-cell metadata for mouse selection aside)."""
    return [[(seg.text, str(seg.style)) for seg in strip] for strip in strips]


class Side(App[None]):
    CSS = f"Static {NOWRAP} LinesWidget {NOWRAP}"

    def compose(self) -> ComposeResult:
        yield Static(Text("\n").join(sample_lines()), id="static")
        yield LinesWidget(id="lines")


async def showing_sample(pilot: Pilot[None]) -> LinesWidget:
    lines = pilot.app.query_one("#lines", LinesWidget)
    lines.set_lines(sample_lines())
    await pilot.pause()
    return lines


async def test_lines_are_drawn_exactly_as_a_static_draws_them() -> None:
    app = Side()
    async with app.run_test(size=(40, 10)) as pilot:
        lines = await showing_sample(pilot)
        static = app.query_one("#static", Static)
        region = Region(0, 0, 30, 4)
        drawn = looks(lines.render_lines(region))
        assert drawn == looks(static.render_lines(region))
        assert drawn[1][0] == ("  needs 1 stone", "not dim italic #999999 on #121212")
        assert "…" in drawn[2][1][0]  # cut like a Static's text


async def test_a_change_repaints_only_its_rows_and_a_theme_change_repaints_all() -> None:
    app = Side()
    async with app.run_test(size=(40, 10)) as pilot:
        lines = await showing_sample(pilot)
        before = lines.render_lines(Region(0, 0, 30, 4))
        repainted = record_refreshes(lines)
        changed = sample_lines()
        changed[1] = Text("  needs 2 stone", style="dim italic")
        lines.set_lines(changed)
        assert repainted == [(Region(0, 1, 30, 1),)]
        lines.set_lines(changed)  # the same again: nothing to repaint
        assert len(repainted) == 1
        await pilot.pause()
        after = lines.render_lines(Region(0, 0, 30, 4))
        assert after[0] == before[0] and "2 stone" in after[1].text
        app.theme = "textual-light"
        await pilot.pause()
        light = lines.render_lines(Region(0, 0, 30, 4))
        assert light[0].text == after[0].text and light[0] != after[0]  # new colours


def item(key: str, optional: bool = False) -> KeyItem:
    return KeyItem(key, "Word", f"do_{key}", optional)


def test_the_key_bar_leaves_out_optional_keys_last_first_until_the_rest_fit() -> None:
    items = (item("a", True), item("b"), item("c", True), item("d"))  # 8 cells each
    assert fitting(items, 32) == items
    assert fitting(items, 31) == (items[0], items[1], items[3])
    assert fitting(items, 16) == (items[1], items[3])
    assert fitting(items, 10) == (items[1], items[3])  # required keys stay (cut)


async def test_at_80_columns_the_key_bar_keeps_help_and_quit() -> None:
    app = app_for(2, compute_par=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 8)  # rotate and undo apply: 82 columns
        await pilot.pause()
        bar = game_screen(app).query_one(KeyBar)
        text = bar.render_lines(Region(0, 0, 80, 1))[0].text
        assert " u Undo " in text and " r Rotate " in text
        assert " ? Help " in text and " q Quit " in text
        assert "Them" not in text  # left out whole, not cut in the middle
        await pilot.resize_terminal(120, 32)
        await pilot.pause()
        assert " ^p Themes " in bar.render_lines(Region(0, 0, 120, 1))[0].text


def accent(app: App[None]) -> Color:
    return Color.parse(app.theme_variables["accent"])


async def test_the_selected_card_has_the_selected_border_also_after_a_theme_change() -> None:
    app = app_for(7, compute_par=False, ascii_only=True)  # selected: ascii, $accent
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        screen = game_screen(app)
        card_1, card_2 = screen.query_one("#card-1"), screen.query_one("#card-2")

        def border(card: Widget) -> tuple[str, Color]:
            return card.styles.border.top

        assert border(card_1) == ("ascii", accent(app))
        await pilot.press("2")
        assert border(card_2)[1] == accent(app)
        assert border(card_1)[1] != border(card_2)[1]  # card 1 back to the plain border
        before = accent(app)
        app.theme = "nord"
        await pilot.pause()
        assert accent(app) != before
        assert border(card_2) == ("ascii", accent(app))
        await pilot.press("1")
        assert border(card_1) == ("ascii", accent(app))


async def test_lines_each_legal_move_would_show_are_rendered_before_its_key() -> None:
    app = app_for(2, compute_par=False)
    app.config.after_key_delay = 1 / 30  # as played: the work waits for the frame
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        await play_moves(pilot, greedy_policy(), 3)
        for _ in range(200):  # the player thinks: the next moves get prepared
            if game_screen(app).prepared is session(app).state:
                break
            await pilot.pause(0.05)
        assert "Turn 3:" in "\n".join(game_screen(app).query_one(MoveLog).entries)
        rendered: list[str] = []
        original = LinesWidget._render_text

        def spy(self: LinesWidget, text: Text, width: int) -> Strip:
            rendered.append(f"{type(self).__name__}: {text.plain}")
            return original(self, text, width)

        LinesWidget._render_text = spy  # type: ignore[method-assign]
        app.config.after_key_delay = 60  # only what the key draws: no preparing ahead
        try:
            await play_moves(pilot, greedy_policy(), 1)
            await pilot.pause()
        finally:
            LinesWidget._render_text = original  # type: ignore[method-assign]
        assert session(app).turn == 4
        table = [line for line in rendered if not line.startswith("KeyBar")]
        assert table == []  # cards, stored cards and status: all drawn from the cache
