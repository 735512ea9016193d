"""An illegal move's reason is read off the generator's legal moves (issue 24): a
reason that lists payments lists exactly the legal ones, and one that says the
stored cards cannot pay is never given while a legal payment exists."""

from __future__ import annotations

import itertools
import random

import pytest

from palm_island.engine import IllegalMoveError, Move, apply_move, legal_moves, new_game
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
                continue
            with pytest.raises(IllegalMoveError) as info:
                apply_move(state, move)
            reason = info.value.reason
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
