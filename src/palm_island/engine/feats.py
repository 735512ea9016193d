"""Provides feats (R29-R31): parsing the feat data and checking a finished game.

:func:`parse_feats` validates the text of ``data/feats.json`` and returns a
:class:`FeatSet`: the feat definitions and a catalog extended with their cards
(ids after the round tracker, R30). :func:`summarize` reduces a played game to
the facts conditions look at, and :func:`earned_feats` says which feats a game
earns. Pure: no file, no clock.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import ValidationError

from .cards import ROUNDS, CardSpec, Catalog, _building_faces, error_path
from .errors import CatalogError
from .feat_schema import (
    AllTest,
    AnyTest,
    CardsTest,
    Condition,
    DiscardsTest,
    FeatsFile,
    FeatsInPlayTest,
    NotTest,
    ScoreTest,
    StoredCardsTest,
    StoredResourcesTest,
    TurnsTest,
    UpgradeIconsTest,
)
from .layout import packed_id
from .moves import Move
from .rules import apply_move
from .scoring import score
from .state import GameState


@dataclass(frozen=True, slots=True)
class FeatSpec:
    """One feat: what it is called, how it is earned (R29), and its card (R30)."""

    code: str
    name: str
    goal: str
    """The condition in words."""
    condition: Condition
    card_id: int
    """The feat card's id in :attr:`FeatSet.catalog`."""
    progress: str | None = None
    """For an "every card" goal: how far a game has come, with ``{done}`` and ``{total}``."""


@dataclass(frozen=True, slots=True)
class FeatSet:
    """The feats of a data file and the catalog that includes their cards."""

    catalog: Catalog
    feats: tuple[FeatSpec, ...]

    def by_code(self, code: str) -> FeatSpec:
        """The feat with this code; ``KeyError`` if there is none."""
        for feat in self.feats:
            if feat.code == code:
                return feat
        raise KeyError(code)

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(f.code for f in self.feats)


def parse_feats(text: str, catalog: Catalog, source: str = "feats.json") -> FeatSet:
    """Validate the feat data's text against ``catalog`` and build the feat set.

    Raises:
        CatalogError: naming ``source`` and the path inside it (bad JSON, schema,
            a code that clashes with a card, a condition naming an unknown card).
    """
    try:
        data = FeatsFile.model_validate(json.loads(text))
    except json.JSONDecodeError as exc:
        raise CatalogError(source, f"line {exc.lineno} column {exc.colno}", exc.msg) from None
    except ValidationError as exc:
        first = exc.errors()[0]
        more = exc.error_count() - 1
        suffix = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise CatalogError(source, error_path(first["loc"]), f"{first['msg']}{suffix}") from None
    if catalog.feat_ids:
        raise CatalogError(source, "", "the catalog already has feat cards")
    specs: list[CardSpec] = []
    feats: list[FeatSpec] = []
    for index, feat in enumerate(data.feats):
        where = f"feats[{index}]"
        # A feat may not share a card family's letters (CH4, MK1 would read as buildings).
        families = {card.code[:2] for card in catalog}
        if feat.code[:2] in families or any(s.code == feat.code for s in specs):
            raise CatalogError(
                source, f"{where}.code", f"code {feat.code!r} clashes with a card's code"
            )
        card_id = len(catalog) + index
        faces = _building_faces(feat, where, source)
        specs.append(CardSpec(card_id, feat.code, "feat", feat.name, faces))
        feats.append(FeatSpec(feat.code, feat.name, feat.goal, feat.unlock, card_id, feat.progress))
    extended = catalog.with_cards(tuple(specs))
    for index, feat in enumerate(data.feats):
        _check_names(feat.unlock, extended, source, f"feats[{index}].unlock")
    return FeatSet(extended, tuple(feats))


def _check_names(condition: Condition, catalog: Catalog, source: str, where: str) -> None:
    """Refuse conditions that name a card code or type no card has."""
    if isinstance(condition, AllTest | AnyTest):
        for i, part in enumerate(condition.of):
            _check_names(part, catalog, source, f"{where}.of[{i}]")
    elif isinstance(condition, NotTest):
        _check_names(condition.of, catalog, source, f"{where}.of")
    elif isinstance(condition, CardsTest):
        if condition.code is not None and not catalog.has_code(condition.code):
            raise CatalogError(source, f"{where}.code", f"no card has code {condition.code!r}")
        types = {card.type for card in catalog}
        if condition.type is not None and condition.type not in types:
            raise CatalogError(source, f"{where}.type", f"no card has type {condition.type!r}")


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What feat conditions look at: the final position and a few counts of the play."""

    final: GameState
    discards: tuple[int, ...]
    """Discards made in each round, rounds 1-8."""
    feats_in_play: tuple[str, ...]
    """Codes of the feat cards that were in the deck (R30)."""


def summarize(start: GameState, moves: Sequence[Move]) -> GameSummary:
    """Play ``moves`` from ``start`` and count what conditions need.

    Raises:
        IllegalMoveError: a move is not legal (records are replayed before this).
    """
    discards = [0] * ROUNDS
    state = start
    for move in moves:
        if move.kind == "discard":
            discards[state.round - 1] += 1
        state = apply_move(state, move).state
    catalog = start.catalog
    ids = [packed_id(p) for p in start.deck]
    in_play = tuple(catalog.cards[i].code for i in ids if i > catalog.tracker_id)
    return GameSummary(state, tuple(discards), in_play)


def condition_met(condition: Condition, game: GameSummary) -> bool:
    """True when the finished game meets ``condition`` (R29)."""
    if isinstance(condition, AllTest):
        return all(condition_met(part, game) for part in condition.of)
    if isinstance(condition, AnyTest):
        return any(condition_met(part, game) for part in condition.of)
    if isinstance(condition, NotTest):
        return not condition_met(condition.of, game)
    if isinstance(condition, DiscardsTest):
        if condition.scope == "game":
            return condition.holds(sum(game.discards))
        met = [condition.holds(n) for n in game.discards]
        return all(met) if condition.scope == "every_round" else any(met)
    if isinstance(condition, CardsTest):
        return _cards_met(condition, game.final)
    return condition.holds(_measure(condition, game))


def _measure(
    condition: ScoreTest
    | UpgradeIconsTest
    | TurnsTest
    | StoredResourcesTest
    | StoredCardsTest
    | FeatsInPlayTest,
    game: GameSummary,
) -> int:
    if isinstance(condition, TurnsTest):
        return game.final.turn
    if isinstance(condition, FeatsInPlayTest):
        return len(game.feats_in_play)
    if isinstance(condition, StoredCardsTest):
        return sum(c.stored for c in game.final.cards)
    scored = score(game.final)  # the stars, icons and stored resources, counted once
    if isinstance(condition, ScoreTest):
        return scored.total
    if isinstance(condition, UpgradeIconsTest):
        return scored.upgrade_icons
    held = scored.stored_resources
    return held.total if condition.resource is None else getattr(held, condition.resource)


@dataclass(frozen=True, slots=True)
class GoalProgress:
    """How far a position has come towards an "every card" goal: ``done`` of ``total``."""

    feat: FeatSpec
    done: int
    total: int

    @property
    def text(self) -> str:
        """The feat's own progress sentence, filled in (e.g. "5 of 16 cards upgraded")."""
        return (self.feat.progress or "{done} of {total}").format(done=self.done, total=self.total)


def goal_progress(feats: Sequence[FeatSpec], state: GameState) -> tuple[GoalProgress, ...]:
    """The progress of each of ``feats`` whose goal counts towards every card (R29):
    the same count the end of the game checks, so the two never disagree."""
    shown = []
    for feat in feats:
        if feat.progress is not None and isinstance(feat.condition, CardsTest):
            done, total = _cards_counted(feat.condition, state)
            shown.append(GoalProgress(feat, done, total))
    return tuple(shown)


def _cards_counted(condition: CardsTest, final: GameState) -> tuple[int, int]:
    """``(cards matching, cards the condition is about)`` in ``final``."""
    chosen = [
        c
        for c in final.cards
        if not c.spec.is_round_tracker
        and (condition.code is None or c.code == condition.code)
        and (condition.type is None or c.spec.type == condition.type)
    ]
    matching = [
        c
        for c in chosen
        if (condition.faces is None or c.orientation.name.lower() in condition.faces)
        and (condition.stars is None or c.face.stars >= condition.stars)
        and (condition.upgrades is None or c.face.upgrades >= condition.upgrades)
        and (condition.stored is None or c.stored == condition.stored)
    ]
    return len(matching), len(chosen)


def _cards_met(condition: CardsTest, final: GameState) -> bool:
    matching, chosen = _cards_counted(condition, final)
    if condition.every and matching != chosen:
        return False
    if condition.at_least is None and condition.at_most is None:
        return True
    return condition.holds(matching)


def earned_feats(feats: FeatSet, game: GameSummary) -> tuple[str, ...]:
    """Codes of every feat whose condition the game meets, in data-file order.

    Only a finished game earns feats (R29: checked after each game), so an
    unfinished one earns none.
    """
    if not game.final.is_over:
        return ()
    return tuple(f.code for f in feats.feats if condition_met(f.condition, game))
