"""What a card prints fits the card: at 80 columns nothing is cut off."""

from __future__ import annotations

import pytest

from palm_island.engine import Resources
from palm_island.policies import greedy_policy
from palm_island.tui.glyphs import UNICODE
from palm_island.tui.options import ActionOption, card_options
from palm_island.tui.widgets.card import REASON_WIDTH, CardWidget

from .helpers import app_for, game_screen, open_game, play_by_keys, record_refreshes, session


def reason_line(option: ActionOption) -> str:
    return CardWidget(1, UNICODE)._reason_line(option).plain


def test_a_short_reason_is_in_words_a_long_one_in_glyphs_and_letters() -> None:
    from palm_island.storage.catalog_files import standard_catalog

    rotate = next(
        a
        for card in standard_catalog()
        for face in card.faces
        for a in face.actions
        if len(a.cost) == 1 and sum(1 for n in a.cost[0] if n) == 3
    )
    short = ActionOption(1, rotate, (), "needs 1 stone", Resources(0, 0, 1))
    assert reason_line(short) == "  needs 1 stone"
    words = "needs 1 wood, 1 fish, 2 stone"
    assert len(words) > REASON_WIDTH
    long = ActionOption(1, rotate, (), words, Resources(1, 1, 2))
    assert reason_line(long) == "  needs 1♣W 1≈F 2▲S"


@pytest.mark.slow
async def test_no_card_line_is_cut_off_at_80_columns() -> None:
    app = app_for(757206, compute_par=False)  # card 2 lacks three resources at once
    policy = greedy_policy()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot)
        for _ in range(200):  # the whole game
            state = session(app).state
            if state.is_over:
                break
            await pilot.pause()
            for position in (1, 2, 3):
                card = game_screen(app).query_one(f"#card-{position}", CardWidget)
                lines = card.render_lines(card.outer_size.region)
                cut = [s.text for s in lines if "…" in s.text]
                assert not cut, (position, cut, card_options(state, 1))
            await play_by_keys(pilot, policy(state))


async def test_a_move_repaints_only_the_card_lines_it_changes() -> None:
    app = app_for(757206, compute_par=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_game(pilot)
        await pilot.pause()
        card = game_screen(app).query_one("#card-1", CardWidget)
        repainted = record_refreshes(card)
        await pilot.press("d")  # card 2 moves up to card 1; the border stays
        await pilot.pause()
        assert repainted, "the card must repaint"
        lines = [region for regions in repainted for region in regions]
        assert all(regions for regions in repainted)  # never the whole card
        assert 0 < len(lines) < 10  # some of its 10 content lines, not all
        assert (
            session(app).state.card_at(1).code in card.render_lines(card.outer_size.region)[1].text
        )
