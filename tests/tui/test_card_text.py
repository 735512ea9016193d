"""What a card prints fits the card: at 80 columns nothing is cut off."""

from __future__ import annotations

import pytest

from palm_island.engine import Resources, observe
from palm_island.policies import greedy_policy
from palm_island.tui.glyphs import ASCII, UNICODE
from palm_island.tui.options import card_options
from palm_island.tui.widgets.card import CardWidget

from .helpers import app_in_game, game_screen, in_game, play_by_keys, session


def card_lines(card: CardWidget) -> list[str]:
    return [strip.text for strip in card.render_lines(card.outer_size.region)]


def test_every_shortfall_is_worded_as_costs_are_printed() -> None:
    from palm_island.tui.render import shortfall

    assert shortfall(Resources(0, 0, 1), UNICODE) == "needs 1▲S"
    assert shortfall(Resources(1, 1, 2), UNICODE) == "needs 1♣W 1≈F 2▲S"
    assert shortfall(Resources(2, 0, 0), ASCII) == "needs 2W"


# That no card line is cut off at 80 columns, at every turn of a whole game, is
# checked in test_play.py's keyboard game (one whole-game walk for its checks).


@pytest.mark.slow
async def test_each_action_that_can_be_played_shows_the_face_it_leads_to() -> None:
    app = app_in_game(42)  # card 2 LG1 stores for free
    policy = greedy_policy()
    async with app.run_test(size=(100, 32)) as pilot:
        await in_game(pilot)
        card = game_screen(app).query_one("#card-2", CardWidget)
        lines = card_lines(card)
        row = next(i for i, line in enumerate(lines) if "store free" in line)
        assert "→ stored: 1♣W" in lines[row + 1]
        checked = 0
        for _ in range(40):  # rotates and flips over the first turns
            state = session(app).state
            for position in (1, 2):
                widget = game_screen(app).query_one(f"#card-{position}", CardWidget)
                view = observe(state).top[position - 1]
                lines = card_lines(widget)
                for option in card_options(state, position)[0]:
                    to = {"rotate": view.rotates_to, "flip": view.flips_to}.get(option.kind)
                    if not option.legal or to is None:
                        continue
                    row = next(i for i, line in enumerate(lines) if f"] {option.kind} " in line)
                    assert f"→ ★{to.stars} ⇧{to.upgrades}" in lines[row + 1]
                    checked += 1
            await play_by_keys(pilot, policy(state))
        assert checked > 0
