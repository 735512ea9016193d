"""An illegal move's reason is read off the generator's legal moves (issue 24): a
reason that lists payments lists exactly the legal ones, and one that says the
stored cards cannot pay is never given while a legal payment exists."""

from __future__ import annotations

import itertools
import random

import pytest

from palm_island.engine import (
    REASON_KINDS,
    IllegalMoveError,
    Move,
    apply_move,
    card_blocked,
    illegal_reason,
    legal_moves,
    new_game,
)
from palm_island.storage.catalog_files import standard_catalog


def _candidates(stored: list[str]) -> list[Move]:
    pays = [p for n in range(3) for p in itertools.combinations(sorted(stored), n)]
    return [
        Move(kind, card, pay, release)
        for kind in ("store", "rotate", "flip")
        for card in (1, 2)
        for pay in pays
        for release in (None, *stored[:2])
    ]


@pytest.mark.slow  # over 0.4 s of CPU: make test, not make check (60 s budget)
@pytest.mark.parametrize("seed", [1, 2])
def test_reasons_agree_with_the_legal_moves(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(standard_catalog(), seed=seed)
    checked = 0
    while not state.is_over:
        legal = legal_moves(state)
        stored = sorted(c.code for c in state.stored)
        for move in _candidates(stored):
            same = [m for m in legal if (m.kind, m.card) == (move.kind, move.card)]
            if move in legal:
                assert illegal_reason(state, move) is None
                continue
            with pytest.raises(IllegalMoveError) as info:
                apply_move(state, move)
            reason = info.value.reason
            found = illegal_reason(state, move)
            assert found is not None and found.text == reason and found.kind in REASON_KINDS
            checked += 1
            if "cannot pay" in reason or "offers no actions" in reason:
                assert not same, reason
            if "pay with one of: " in reason:
                listed = reason.split("pay with one of: ")[1].split("; ")
                pays = list(dict.fromkeys(m.pay for m in same))
                shown = ["pay " + "+".join(p) if p else "no payment" for p in pays]
                assert listed == shown
        # hoard half the time, to reach payments of several cards and R20
        stores = [m for m in legal if m.kind == "store"]
        state = apply_move(
            state, rng.choice(stores or legal) if rng.random() < 0.5 else rng.choice(legal)
        ).state
    assert checked > 1000


def test_every_reason_a_card_offers_nothing_has_words_on_screen() -> None:
    """The game screen words the engine's card-level reasons (no rule numbers): each
    kind :func:`card_blocked` gives has a note, so a new kind without one fails."""
    from palm_island.tui.options import BLOCKED_NOTES, card_options

    card_level = {"game_over", "round_tracker", "stored"}
    assert set(BLOCKED_NOTES) == card_level <= set(REASON_KINDS)
    state = new_game(standard_catalog(), seed=3)
    seen: set[str] = set()
    rng = random.Random(3)
    while True:
        for card in (1, 2):
            blocked = card_blocked(state, card)
            options, note = card_options(state, card)
            if blocked is not None:
                seen.add(blocked.kind)
                assert options == () and note == BLOCKED_NOTES[blocked.kind]
                assert "(R" not in note
        if state.is_over:
            break
        legal = legal_moves(state)
        stores = [m for m in legal if m.kind == "store"]
        state = apply_move(state, rng.choice(stores or legal)).state
    assert seen == card_level
