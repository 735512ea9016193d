"""One test (or a few) per rule clause R3-R28, named after the clause.

Positions are drawn with the ``table`` fixture: the named cards on top, the other
buildings face up below them, then the round tracker (see tests/conftest.py).
"""

from __future__ import annotations

import pytest

from conftest import Table
from palm_island.engine import (
    Catalog,
    GameEnded,
    IllegalMoveError,
    Move,
    MovePlayed,
    Orientation,
    Resources,
    RoundEnded,
    StoredCardReturned,
    apply_move,
    legal_moves,
    new_game,
    observe,
    position_notation,
    score,
)


def moves_of(state: object) -> list[str]:
    return [str(m) for m in legal_moves(state)]  # type: ignore[arg-type]


def play(state, text: str):  # type: ignore[no-untyped-def]
    return apply_move(state, Move.parse(text))


# --- card orientation ------------------------------------------------------------------


def test_r3_only_the_active_half_counts(table: Table) -> None:
    # Temple front_down shows 3 stars; its back halves (10 and 6) do not count.
    state = table("TE1:FD")
    te1 = next(c for c in score(state).cards if c.code == "TE1")
    assert (te1.orientation, te1.stars) == (Orientation.FRONT_DOWN, 3)
    assert score(state).total == 3


def test_r3_rotate_and_flip_visit_all_four_orientations() -> None:
    o = Orientation.FRONT_UP
    assert {o, o.rotated, o.flipped, o.rotated.flipped} == set(Orientation)
    assert o.rotated.rotated == o and o.flipped.flipped == o


def test_r4_every_card_starts_in_its_start_orientation(catalog: Catalog) -> None:
    state = new_game(catalog, seed=5)
    assert all(c.orientation is Orientation.FRONT_UP and not c.stored for c in state.cards)


# --- setup -------------------------------------------------------------------------------


def test_r5_the_tracker_goes_last_showing_round_1(catalog: Catalog) -> None:
    state = new_game(catalog, seed=5)
    assert state.cards[-1].code == "RT" and state.round == 1
    assert state.cards[-1].face.label.startswith("1/5")
    assert sorted(c.code for c in state.cards[:-1]) == sorted(c.code for c in catalog.cards[:16])


def test_r5_the_same_seed_deals_the_same_order_and_different_seeds_differ(catalog: Catalog) -> None:
    assert new_game(catalog, seed=9).deck == new_game(catalog, seed=9).deck
    assert len({new_game(catalog, seed=s).deck for s in range(50)}) == 50


def test_r5_an_explicit_deal_is_kept_in_order(catalog: Catalog) -> None:
    order = tuple(reversed(range(16)))
    state = new_game(catalog, deal=order)
    assert state.deal == order and [p >> 3 for p in state.deck[:16]] == list(order)


def test_r5_a_deal_must_list_each_building_once(catalog: Catalog) -> None:
    with pytest.raises(ValueError, match="each of the 16"):
        new_game(catalog, deal=[0] * 16)
    with pytest.raises(ValueError, match="exactly one"):
        new_game(catalog)


def test_r6_the_full_order_is_visible_only_before_the_first_turn(catalog: Catalog) -> None:
    state = new_game(catalog, seed=3)
    view = observe(state)
    assert view.full_order is not None and len(view.full_order) == 17
    assert [v.position for v in view.top] == [1, 2, 3]
    after = observe(apply_move(state, legal_moves(state)[-1]).state)
    assert after.full_order is None and len(after.top) == 3


# --- a turn ------------------------------------------------------------------------------


def test_r7_discard_moves_card_1_unchanged_to_the_back(table: Table) -> None:
    state = table("QU1:FU HO1:FU")
    after = play(state, "D").state
    assert after.cards[0].code == "HO1"
    assert (after.cards[-1].code, after.cards[-1].orientation) == ("QU1", Orientation.FRONT_UP)
    assert after.turn == state.turn + 1


def test_r7_a_turn_is_exactly_one_action_of_card_1_or_2_or_a_discard(table: Table) -> None:
    # CH1 front_up: store free, rotate/flip cost 1 fish; LG1 front_up: store free,
    # rotate costs 1 wood + 1 fish. Nothing stored, so only the free actions.
    assert moves_of(table("CH1:FU LG1:FU")) == ["S1", "S2", "D"]


def test_r8_only_actions_printed_on_the_active_half_are_legal(table: Table) -> None:
    state = table("QU1:FU LG1:FU")  # a fresh Quarry has no store action
    assert "S1" not in moves_of(state)
    with pytest.raises(IllegalMoveError, match=r"QU1\) shows rotate, flip, not store \(R8\)"):
        play(state, "S1")


def test_r9_store_turns_the_card_sideways_and_puts_it_at_the_back(table: Table) -> None:
    state = table("CH1:FD LG1:FU")
    after = play(state, "S1").state
    last = after.cards[-1]
    assert (last.code, last.orientation, last.stored) == ("CH1", Orientation.FRONT_DOWN, True)
    assert observe(after).stored_total == Resources(fish=2)


def test_r10_rotate_turns_the_card_180_degrees_and_puts_it_at_the_back(table: Table) -> None:
    state = table("CH1:FU LG1:FU CH2:FU*")
    after = play(state, "R1 pay CH2").state
    assert (after.cards[-1].code, after.cards[-1].orientation) == ("CH1", Orientation.FRONT_DOWN)


def test_r11_flip_turns_the_card_over_keeping_the_top_edge(table: Table) -> None:
    state = table("CH1:FU LG1:FU CH2:FU*")
    after = play(state, "F1 pay CH2").state
    assert (after.cards[-1].code, after.cards[-1].orientation) == ("CH1", Orientation.BACK_UP)
    # front_down flips to back_down (the tracker's 2/6 -> 3/7 step depends on it).
    assert Orientation.FRONT_DOWN.flipped is Orientation.BACK_DOWN


def test_r12_acting_on_card_2_leaves_card_1_on_top(table: Table) -> None:
    state = table("QU1:FU CH1:FU LG1:FU")
    after = play(state, "S2").state
    assert [c.code for c in after.cards[:2]] == ["QU1", "LG1"]
    assert after.cards[-1].code == "CH1" and after.cards[-1].stored


def test_r13_with_no_action_possible_the_player_must_discard(table: Table) -> None:
    # Quarry and Housing face up have only paid actions and nothing is stored.
    assert moves_of(table("QU1:FU HO1:FU")) == ["D"]


def test_r13_card_2_can_never_be_discarded() -> None:
    with pytest.raises(Exception, match="cannot read"):
        Move.parse("D2")


# --- paying ------------------------------------------------------------------------------


def test_r14_a_free_action_leaves_the_stored_cards_alone(table: Table) -> None:
    state = table("CH1:FU LG1:FU QU1:FD*")
    after = play(state, "S1").state
    assert [c.code for c in after.stored] == ["QU1", "CH1"]


def test_r15_paying_unstores_the_card_in_place(table: Table) -> None:
    state = table("CH1:FU LG1:FU CH2:FU*")
    index = [c.code for c in state.cards].index("CH2")
    after = play(state, "R1 pay CH2").state
    # CH1 left the top, so CH2 moved up by one; it is no longer stored.
    assert after.cards[index - 1].code == "CH2" and not after.cards[index - 1].stored


def test_r16_resources_beyond_the_cost_are_lost(table: Table) -> None:
    # CH2 front_down holds 2 fish; rotating CH1 costs 1 fish; the second fish is lost.
    state = table("CH1:FU LG1:FU CH2:FD*")
    after = play(state, "R1 pay CH2").state
    assert after.stored_count == 0 and observe(after).stored_total == Resources()


def test_r16_a_payment_uses_no_more_cards_than_needed(table: Table) -> None:
    # Either fish card alone pays 1 fish; paying with both is not a legal payment.
    state = table("CH1:FU LG1:FU CH2:FU* CH3:FU*")
    assert [m for m in moves_of(state) if m.startswith("R1")] == ["R1 pay CH2", "R1 pay CH3"]
    with pytest.raises(IllegalMoveError, match="pay with one of"):
        play(state, "R1 pay CH2+CH3")


def test_r17_icons_together_mean_all_of_them(table: Table) -> None:
    # LG1 rotate costs 1 wood + 1 fish: needs both a wood card and a fish card.
    only_fish = table("LG1:FU QU1:FU CH2:FU*")
    assert not any(m.startswith("R1") for m in moves_of(only_fish))
    both = table("LG1:FU QU1:FU CH2:FU* LG2:FU*")
    assert "R1 pay CH2+LG2" in moves_of(both)


def test_r17_a_slash_means_any_one_of_them(table: Table) -> None:
    # Market store costs 1 wood / 1 fish: the wood card or the fish card pays alone.
    state = table("MK:FU QU1:FU LG2:FU* CH2:FU*")
    assert [m for m in moves_of(state) if m.startswith("S1")] == ["S1 pay CH2", "S1 pay LG2"]


def test_r18_a_peek_shows_the_other_side_without_changing_anything(table: Table) -> None:
    state = table("HO1:FU LG1:FU")
    before = position_notation(state)
    view = observe(state).top[0]
    assert [f.stars for f in view.other_side] == [6, 3]  # Housing back_up, back_down
    assert view.rotates_to is not None and view.rotates_to.stars == 1
    assert view.flips_to is None
    assert position_notation(state) == before


# --- the store limit ------------------------------------------------------------------


def test_r19_at_most_four_cards_are_stored(table: Table) -> None:
    state = table("CH1:FU LG1:FU", tail="CH2:FU* CH3:FU* LG2:FU* LG3:FU*")
    for move in legal_moves(state):
        assert apply_move(state, move).state.stored_count <= 4


def test_r20_storing_a_fifth_card_requires_unstoring_one(table: Table) -> None:
    state = table("CH1:FU QU1:FU", tail="CH2:FU* CH3:FU* LG2:FU* LG3:FU*")
    stores = [m for m in moves_of(state) if m.startswith("S1")]
    assert stores == [f"S1 release {c}" for c in ("CH2", "CH3", "LG2", "LG3")]
    with pytest.raises(IllegalMoveError, match="name one to release first"):
        play(state, "S1")
    after = play(state, "S1 release LG2").state
    assert sorted(c.code for c in after.stored) == ["CH1", "CH2", "CH3", "LG3"]


def test_r20_no_release_is_needed_when_paying_frees_a_place(table: Table) -> None:
    # Market store costs 1 wood / 1 fish; paying un-stores one of the four first.
    state = table("MK:FU QU1:FU", tail="CH2:FU* QU2:FD* QU3:FD* TH:FD*")
    assert [m for m in moves_of(state) if m.startswith("S1")] == ["S1 pay CH2", "S1 pay TH"]


# --- automatic steps -------------------------------------------------------------------


def test_r21_stored_card_on_top_is_unstored(table: Table) -> None:
    state = table("CH1:FU CH2:FD* LG1:FU")
    transition = play(state, "D")
    after = transition.state
    assert transition.events[1:] == (StoredCardReturned("CH2"),)
    assert after.cards[0].code == "LG1"
    assert (after.cards[-1].code, after.cards[-1].stored) == ("CH2", False)
    assert after.turn == state.turn + 1  # not a turn of its own


def test_r22_the_tracker_on_top_ends_the_round(table: Table) -> None:
    state = table("CH1:FU RT LG1:FU", round=2, tail="")
    transition = play(state, "D")
    assert transition.events[1:] == (RoundEnded(2),)
    after = transition.state
    assert after.round == 3 and after.cards[0].code == "LG1"
    assert after.cards[-1].code == "RT" and after.cards[-1].face.label.startswith("3/7")


def test_r22_after_round_4_the_tracker_shows_1_5_again(table: Table) -> None:
    after = play(table("CH1:FU RT", round=4), "D").state
    assert after.round == 5 and after.cards[-1].orientation is Orientation.FRONT_UP


def test_r22_automatic_steps_chain_until_a_playable_card_is_on_top(table: Table) -> None:
    state = table("CH1:FU CH2:FU* RT LG1:FU", round=1)
    events = play(state, "D").events
    assert events[1:] == (StoredCardReturned("CH2"), RoundEnded(1))


def test_r23_the_tracker_as_card_2_offers_no_action(table: Table) -> None:
    state = table("QU1:FU RT", round=1)
    assert moves_of(state) == ["D"]
    with pytest.raises(IllegalMoveError, match="R23"):
        play(state, "R2")


def test_r24_stored_resources_are_kept_from_round_to_round(table: Table) -> None:
    state = table("CH1:FU RT", round=1, tail="LG2:FU*")
    after = play(state, "D").state
    assert after.round == 2 and [c.code for c in after.stored] == ["LG2"]


def test_r25_the_game_ends_when_round_8_ends(table: Table) -> None:
    state = table("CH1:FU RT", round=8)
    transition = play(state, "D")
    final = transition.state
    assert final.is_over and final.round == 8 and legal_moves(final) == ()
    assert isinstance(transition.events[0], MovePlayed)
    assert transition.events[1:] == (RoundEnded(8), GameEnded(score(final).total))
    with pytest.raises(IllegalMoveError, match="game is over"):
        play(final, "D")


# --- scoring -------------------------------------------------------------------------


def test_r26_score_is_the_stars_on_active_halves(table: Table) -> None:
    state = table("TE1:BU HO1:BU LG1:FD* QU1:BD", round=3)
    assert score(state).total == 10 + 6 + 1 + 2


@pytest.mark.parametrize(
    ("stars", "rank"),
    [
        (0, "Castaway"),
        (9, "Castaway"),
        (10, "Needs work"),
        (19, "Needs work"),
        (20, "Respectable"),
        (30, "Exceptional"),
        (39, "Exceptional"),
        (40, "Astounding"),
    ],
)
def test_r27_the_score_chart_names_the_village(catalog: Catalog, stars: int, rank: str) -> None:
    assert catalog.rank(stars) == rank


def test_r28_tie_breaks_are_upgrade_icons_then_stored_resources(table: Table) -> None:
    state = table("TE1:BU CH1:BD* LG1:FD", round=3)
    breakdown = score(state)
    assert breakdown.upgrade_icons == 3 + 2 + 1
    assert breakdown.stored_resources == Resources(wood=1, fish=2)
