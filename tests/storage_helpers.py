"""Helpers shared by the storage tests: play games through a Store quickly."""

from __future__ import annotations

from palm_island.policies import random_policy
from palm_island.session import GameSession
from palm_island.storage.service import Store


def play_to_end(session: GameSession, seed: int) -> GameSession:
    policy = random_policy(seed)
    while not session.is_over:
        session.play(policy(session.state))
    return session


def finished_games(store: Store, campaign: str, seeds: range) -> list[GameSession]:
    return [play_to_end(store.new_game(campaign, seed=s), s) for s in seeds]
